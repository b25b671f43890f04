import type { AccountMail } from "../../repositories/account-mails-repository.ts";
import { headerText } from "./mail-parts.ts";

// The e-mail a user gets when the way they sign in changes (issue 32, finding 2): a passkey added or removed,
// the authenticator app turned on or off, new recovery codes, or their second factors removed by an owner.
// A stolen session that adds a factor is then seen by the one person who can tell it was not them. Plain
// text, no link: what to do is named, not linked, so the mail cannot be copied into a phishing one that works.

export type SecurityChange =
  | { kind: "passkey-added"; passkeyName: string }
  | { kind: "passkey-removed"; passkeyName: string }
  | { kind: "totp-on" }
  | { kind: "totp-off" }
  | { kind: "recovery-codes" }
  /** `by`: the owner's name, or null from the server's command line. */
  | { kind: "factors-removed"; by: string | null };

/** What changed, as the end of "Your sign-in was changed: …". */
export function securityChangeWords(change: SecurityChange): string {
  switch (change.kind) {
    case "passkey-added":
      return `a passkey ("${change.passkeyName}") was added`;
    case "passkey-removed":
      return `a passkey ("${change.passkeyName}") was removed`;
    case "totp-on":
      return "the authenticator app was turned on";
    case "totp-off":
      return "the authenticator app was turned off (its recovery codes stopped working)";
    case "recovery-codes":
      return "new recovery codes were made (the old ones stopped working)";
    case "factors-removed":
      return change.by
        ? `${change.by} removed your second factors (the authenticator app, recovery codes and passkeys) and ended your sessions`
        : "your second factors (the authenticator app, recovery codes and passkeys) were removed from the server's command line, and your sessions ended";
  }
}

/**
 * The notice to queue in the account mails' outbox. `device`: the browser and system of the change ("Chrome
 * on macOS", lib/user-agent.ts), null when it was not made in a browser. The date is in the owner's time zone.
 */
export function securityChangeMail(input: {
  to: string;
  companyName: string;
  change: SecurityChange;
  at: Date;
  timeZone: string;
  device: string | null;
}): AccountMail {
  const when = new Intl.DateTimeFormat("en-US", {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: input.timeZone,
  }).format(input.at);
  const where = input.device ? ` from ${input.device}` : "";
  const text = [
    `Your sign-in to ${input.companyName}'s admin was changed: ${securityChangeWords(input.change)} on ${when}${where}.`,
    "",
    `If this was not you, reset your password (on the sign-in page, "Forgot your password?") and tell an owner of the team.`,
    "",
    `You get this e-mail because it is about your own account on ${input.companyName}'s admin.`,
    "",
  ].join("\n");
  return { to: input.to, subject: headerText(`Your sign-in to ${input.companyName}'s admin was changed`, 150), text };
}
