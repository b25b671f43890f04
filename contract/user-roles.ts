import { z } from "zod";

/**
 * owner: everything, including users, settings, deliveries, export and deleting leads.
 * member: reads and works leads (status, notes, assignment, spam); no export, no delete, no users, no settings.
 */
export const userRoles = ["owner", "member"] as const;
export type UserRole = (typeof userRoles)[number];
export const userRole = z.enum(userRoles, { error: "role must be owner or member" });

/** The message a member gets from an owner-only endpoint (403). */
export const OWNER_ONLY_MESSAGE = "Only an owner can do this.";
