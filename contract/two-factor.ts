import { z } from "zod";
import { passwordText } from "./fields.ts";

// The second factor (issue 23): an authenticator app (TOTP, RFC 6238) with ten single-use recovery codes,
// and passkeys (WebAuthn), which can also be the whole sign-in. The owner can require one for everyone.

export const secondFactorMethods = ["totp", "recovery-code", "passkey"] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/** POST /api/admin/login's answer when the password was right and a second factor is still needed. */
export type SecondFactorStep = {
  authenticated: false;
  username: null;
  secondFactor: { methods: SecondFactorMethod[] };
};

/** POST /api/admin/login/second-factor: a code from the app (6 digits) or a recovery code. */
export const secondFactorCode = z
  .object({
    code: z
      .string({ error: "Please enter the code." })
      .trim()
      .min(1, { error: "Please enter the code." })
      .max(40, { error: "That code is too long." }),
  })
  .strict();

/** The answer to a wrong code. */
export const WRONG_CODE_MESSAGE = "That code is not right. Check the app's current code, or use a recovery code.";
/** The answer when the sign-in's second step is missing or over (5 minutes). */
export const SECOND_STEP_EXPIRED_MESSAGE = "Your sign-in took too long. Enter your e-mail address and password again.";
/** The answer (429, with `retryAt`) once an account's codes at the second step are over their limit; the page adds when the next try is allowed. */
export function secondStepLimitMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many wrong codes for this account. The next try is allowed in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
/** An admin call from a user whose team requires a second factor they have not set up (403, with this code). */
export const SETUP_REQUIRED_CODE = "second-factor-setup-required";
export const SETUP_REQUIRED_MESSAGE = "Your team requires a second factor: set one up first.";

/** GET /api/admin/two-factor: the signed-in user's second factors. */
export type TwoFactorStatus = {
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: PasskeyView[];
  /** The team requires a second factor. */
  required: boolean;
};

export type PasskeyView = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** POST /api/admin/two-factor/totp: a new secret to add to the app (not on until confirmed). */
export type TotpSetup = { secret: string; uri: string; qrSvg: string };

/** POST /api/admin/two-factor/totp/confirm: the app's current code turns it on; the answer holds the recovery codes, shown once. */
export const totpConfirm = z
  .object({
    code: z
      .string({ error: "Please enter the 6-digit code." })
      .trim()
      .regex(/^\d{6}$/, { error: "Please enter the 6-digit code." }),
  })
  .strict();
export type RecoveryCodes = { codes: string[] };

/**
 * Adding or removing a second factor (the app, recovery codes, a passkey) needs a proof of identity from the
 * last five minutes (a sign-in, or POST /api/admin/two-factor/confirm-identity): a session alone is not enough,
 * since a stolen one could add a passkey that outlives a password reset. Without it: 403 with this code.
 */
export const FRESH_PROOF_REQUIRED_CODE = "fresh-proof-required";
export const FRESH_PROOF_REQUIRED_MESSAGE =
  "To change how you sign in, confirm it is you first: enter your password, or a code from your app.";
export type FreshProofRequired = { message: string; code: typeof FRESH_PROOF_REQUIRED_CODE };

const CONFIRM_IDENTITY_MESSAGE = "Please enter your password, or a code from your authenticator app.";

/**
 * POST /api/admin/two-factor/confirm-identity: the password, or a code from the app (or a recovery code),
 * proves who is signed in again; factor changes are then open for five minutes. (A passkey proves it through
 * POST /api/admin/passkeys/confirm-identity.)
 */
export const identityConfirm = z
  .object({
    password: passwordText("password")
      .min(1, { error: "Please enter your password." })
      .max(1024, { error: "That password is too long." })
      .optional(),
    code: secondFactorCode.shape.code.optional(),
  })
  .strict()
  .refine((input) => (input.password === undefined) !== (input.code === undefined), {
    error: CONFIRM_IDENTITY_MESSAGE,
  });
export type IdentityConfirm = z.input<typeof identityConfirm>;

/** DELETE /api/admin/users/:id/second-factors (owner): what was removed, and how many of the user's sessions ended. */
export type SecondFactorsRemoved = { totp: boolean; passkeys: number; sessionsEnded: number };

/** GET/PATCH /api/admin/team-settings (PATCH: owner). */
export type TeamSettings = { requireSecondFactor: boolean };
export const teamSettingsUpdate = z
  .object({ requireSecondFactor: z.boolean({ error: "requireSecondFactor must be true or false" }) })
  .strict();

/** /api/admin/users/:id/second-factors: a user's id. */
export const factorUserParams = z.object({ id: z.uuid({ error: "Not a valid id." }).toLowerCase() });
/** /api/admin/passkeys/:id: a credential id (base64url). */
export const passkeyParams = z.object({
  id: z
    .string()
    .min(1)
    .max(1400)
    .regex(/^[A-Za-z0-9_-]+$/, { error: "Not a valid passkey." }),
});

/** PATCH /api/admin/passkeys/:id */
export const passkeyRename = z
  .object({
    name: z.string().trim().min(1, { error: "Please name the passkey." }).max(60, { error: "At most 60 characters." }),
  })
  .strict();

/**
 * A WebAuthn ceremony's answer as @simplewebauthn/browser gives it (RegistrationResponseJSON or
 * AuthenticationResponseJSON): the shape is checked here, the content by @simplewebauthn/server.
 */
export const webAuthnResponse = z
  .object({
    id: z.string().min(1).max(1400),
    rawId: z.string().min(1).max(1400),
    type: z.literal("public-key"),
    response: z.record(z.string(), z.unknown()),
  })
  .loose();

/** POST /api/admin/passkeys: a new passkey and its name. */
export const passkeyRegistration = z
  .object({ response: webAuthnResponse, name: passkeyRename.shape.name.optional() })
  .strict();
/** POST /api/admin/passkeys/sign-in */
export const passkeySignIn = z.object({ response: webAuthnResponse }).strict();
