import { z } from "zod";
import { fieldMessages } from "./field-messages.ts";
import { cleanText, passwordText } from "./fields.ts";
import type { UserRole } from "./user-roles.ts";

/** POST /api/admin/login. The username is the owner's e-mail address. */
export const adminLoginInput = z.object({
  username: cleanText("email address", { typeError: fieldMessages.required("email address") })
    .min(1, { error: fieldMessages.required("email address") })
    .max(254, { error: fieldMessages.tooLong("email address", 254) }),
  password: passwordText("password")
    .min(1, { error: fieldMessages.required("password") })
    .max(1024, { error: fieldMessages.tooLong("password", 1024) }),
});
export type AdminLoginInput = z.input<typeof adminLoginInput>;

/** GET /api/admin/status, and the answer of a sign-in that started a session. */
export type AdminStatus = {
  authenticated: boolean;
  username: string | null;
  /** The signed-in user (issue 23); absent when signed out. */
  user?: { id: string; role: UserRole; name: string | null };
  /** The team requires a second factor and this user has none yet: the admin leads to its setup first. */
  secondFactorSetupRequired?: boolean;
};

/** The shortest admin password allowed, for a new password (CLI, bootstrap) and a changed one (passwordChange). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** Rules for a new admin password (CLI and bootstrap). */
export const adminPassword = passwordText("password")
  .min(ADMIN_PASSWORD_MIN_LENGTH, { error: fieldMessages.tooShort("password", ADMIN_PASSWORD_MIN_LENGTH) })
  .max(1024, { error: fieldMessages.tooLong("password", 1024) });

export const adminEmail = z.email({ error: fieldMessages.invalidEmail }).max(254, { error: fieldMessages.tooLong("email address", 254) });

/** POST /api/admin/password: the signed-in admin's new password (the session stays, every other one of the account ends). */
export const passwordChange = z.object({
  currentPassword: passwordText("current password").min(1, { error: fieldMessages.required("current password") }).max(1024),
  newPassword: passwordText("new password")
    .min(ADMIN_PASSWORD_MIN_LENGTH, { error: fieldMessages.tooShort("new password", ADMIN_PASSWORD_MIN_LENGTH) })
    .max(1024, { error: fieldMessages.tooLong("new password", 1024) }),
});
export type PasswordChange = z.input<typeof passwordChange>;
