import { mutationOptions, queryOptions } from "@tanstack/react-query";
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import type { AdminStatus } from "../../../contract/admin.ts";
import {
  FRESH_PROOF_REQUIRED_CODE,
  type IdentityConfirm,
  type PasskeyView,
  type RecoveryCodes,
  type SecondFactorsRemoved,
  type TeamSettings,
  type TotpSetup,
  type TwoFactorStatus,
} from "../../../contract/two-factor.ts";
import { apiRequest, HttpError } from "../../lib/api-client.ts";
import { getJson, sendJson } from "./request.ts";

// The signed-in user's second factors (issue 23): the authenticator app, recovery codes, passkeys; the
// team's rule; and signing in with a passkey. Adding or removing a factor needs a proof of the last five
// minutes (issue 32): the server answers 403 fresh-proof-required, the page asks for the password (or a
// code, or a passkey) through confirmIdentity and tries again.

/** The server wants a fresh proof of identity before this change (403 with FRESH_PROOF_REQUIRED_CODE). */
export function isFreshProofRequired(error: unknown): boolean {
  return (
    error instanceof HttpError &&
    error.status === 403 &&
    (error.body as { code?: unknown } | undefined)?.code === FRESH_PROOF_REQUIRED_CODE
  );
}

/** Proves who is signed in again with the password, or a code from the app (or a recovery code). */
export async function confirmIdentity(input: IdentityConfirm): Promise<void> {
  await apiRequest("POST", "/api/admin/two-factor/confirm-identity", input);
}

/** Proves who is signed in again with one of their passkeys (the browser asks for the fingerprint, face or PIN). */
export async function confirmIdentityWithPasskey(): Promise<void> {
  const options = await sendJson<PublicKeyCredentialRequestOptionsJSON>("POST", "/api/admin/passkeys/confirm-options");
  const response = await startAuthentication({ optionsJSON: options });
  await apiRequest("POST", "/api/admin/passkeys/confirm-identity", { response });
}

/** An owner removes a user's second factors (their sessions end). */
export const removeUserFactorsMutation = mutationOptions({
  mutationFn: async (userId: string) =>
    (await (await apiRequest("DELETE", `/api/admin/users/${userId}/second-factors`)).json()) as SecondFactorsRemoved,
});

export const twoFactorQuery = queryOptions({
  queryKey: ["/api/admin/two-factor"],
  queryFn: () => getJson<TwoFactorStatus>("/api/admin/two-factor"),
});

export const teamSettingsQuery = queryOptions({
  queryKey: ["/api/admin/team-settings"],
  queryFn: () => getJson<TeamSettings>("/api/admin/team-settings"),
});

export const updateTeamSettingsMutation = mutationOptions({
  mutationFn: (settings: TeamSettings) => sendJson<TeamSettings>("PATCH", "/api/admin/team-settings", settings),
});

export const startTotpMutation = mutationOptions({
  mutationFn: () => sendJson<TotpSetup>("POST", "/api/admin/two-factor/totp"),
});

export const confirmTotpMutation = mutationOptions({
  mutationFn: (code: string) => sendJson<RecoveryCodes>("POST", "/api/admin/two-factor/totp/confirm", { code }),
});

export const disableTotpMutation = mutationOptions({
  mutationFn: async () => {
    await apiRequest("DELETE", "/api/admin/two-factor/totp");
  },
});

export const newRecoveryCodesMutation = mutationOptions({
  mutationFn: () => sendJson<RecoveryCodes>("POST", "/api/admin/two-factor/recovery-codes"),
});

/** Whether this browser can make and use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** Creates a passkey on this device (the browser asks the person) and stores it. */
export const addPasskeyMutation = mutationOptions({
  mutationFn: async (name: string) => {
    const options = await sendJson<PublicKeyCredentialCreationOptionsJSON>(
      "POST",
      "/api/admin/passkeys/registration-options",
    );
    const response = await startRegistration({ optionsJSON: options });
    return sendJson<{ passkeys: PasskeyView[] }>("POST", "/api/admin/passkeys", {
      response,
      ...(name ? { name } : {}),
    });
  },
});

export const renamePasskeyMutation = mutationOptions({
  mutationFn: ({ id, name }: { id: string; name: string }) =>
    sendJson<{ passkeys: PasskeyView[] }>("PATCH", `/api/admin/passkeys/${id}`, { name }),
});

export const removePasskeyMutation = mutationOptions({
  mutationFn: async (id: string) => {
    await apiRequest("DELETE", `/api/admin/passkeys/${id}`);
  },
});

/** Signs in with a passkey of this device (the whole sign-in, or the second step after the password). */
export async function signInWithPasskey(): Promise<AdminStatus> {
  const options = await sendJson<PublicKeyCredentialRequestOptionsJSON>("POST", "/api/admin/passkeys/sign-in-options");
  const response = await startAuthentication({ optionsJSON: options });
  return sendJson<AdminStatus>("POST", "/api/admin/passkeys/sign-in", { response });
}
