import { z } from "zod";
import { cleanText, passwordText } from "./fields.ts";

/** POST /api/admin/login. The username is the owner's e-mail address. */
export const adminLoginInput = z.object({
  username: cleanText("Email", { typeError: "Email is required" })
    .min(1, { error: "Email is required" })
    .max(254, { error: "Email must be at most 254 characters" }),
  password: passwordText("Password")
    .min(1, { error: "Password is required" })
    .max(1024, { error: "Password must be at most 1024 characters" }),
});
export type AdminLoginInput = z.input<typeof adminLoginInput>;

/** GET /api/admin/status */
export type AdminStatus = { authenticated: boolean; username: string | null };

/** The shortest admin password allowed, for a new password (CLI, bootstrap) and a changed one (admin-leads.ts). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** Rules for a new admin password (CLI and bootstrap). */
export const adminPassword = passwordText("Password")
  .min(ADMIN_PASSWORD_MIN_LENGTH, { error: `Password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters` })
  .max(1024, { error: "Password must be at most 1024 characters" });

export const adminEmail = z.email({ error: "Enter a valid email address" }).max(254);
