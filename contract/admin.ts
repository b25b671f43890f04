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

/** Why a new password is refused, beyond its length (issue 32, finding 9): each reason its own sentence. */
export const newPasswordMessages = {
  blank: (field: string) => `Choose a ${field} that is not only spaces.`,
  repeated: (field: string) => `Choose a ${field} that is not one character repeated.`,
  common: (field: string) => `Choose a ${field} that is not on the lists of common passwords.`,
  guessable: (field: string) => `Choose a ${field} that is harder to guess: a few unrelated words work well.`,
} as const;

const onlySpaces = /^\s*$/u;
const oneCharacterRepeated = /^(.)\1*$/su;

/**
 * The one rule for a new password, wherever one is chosen: an invitation, a reset link, a change, the CLI and
 * ADMIN_PASSWORD. At least 12 characters, not only spaces, not one character repeated, and not common nor
 * easy to guess (contract/password-strength.ts). That last check loads its dictionaries on first use, so
 * the schema is asynchronous: parse it with safeParseAsync (server/lib/request-errors.ts parseInputAsync).
 */
export function newPasswordText(field: string) {
  return passwordText(field)
    .min(ADMIN_PASSWORD_MIN_LENGTH, { error: fieldMessages.tooShort(field, ADMIN_PASSWORD_MIN_LENGTH) })
    .max(1024, { error: fieldMessages.tooLong(field, 1024) })
    .refine((value) => !onlySpaces.test(value), { error: newPasswordMessages.blank(field) })
    .refine((value) => onlySpaces.test(value) || !oneCharacterRepeated.test(value), {
      error: newPasswordMessages.repeated(field),
    })
    .superRefine(async (value, ctx) => {
      // Refused already for a simpler reason: one message per field, and no dictionary to load.
      if (
        value.length < ADMIN_PASSWORD_MIN_LENGTH ||
        value.length > 1024 ||
        onlySpaces.test(value) ||
        oneCharacterRepeated.test(value)
      )
        return;
      const { passwordWeakness } = await import("./password-strength.ts");
      const weakness = passwordWeakness(value);
      if (weakness) ctx.addIssue({ code: "custom", message: newPasswordMessages[weakness](field), input: value });
    });
}

/** Rules for a new admin password (invitation, reset, CLI and bootstrap). Asynchronous: see newPasswordText. */
export const adminPassword = newPasswordText("password");

export const adminEmail = z
  .email({ error: fieldMessages.invalidEmail })
  .max(254, { error: fieldMessages.tooLong("email address", 254) });

/** POST /api/admin/password: the signed-in admin's new password (the session stays, every other one of the account ends). */
export const passwordChange = z.object({
  currentPassword: passwordText("current password")
    .min(1, { error: fieldMessages.required("current password") })
    .max(1024),
  newPassword: newPasswordText("new password"),
});
export type PasswordChange = z.input<typeof passwordChange>;
