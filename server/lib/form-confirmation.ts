import { createHmac, timingSafeEqual } from "node:crypto";

// The proof a no-JavaScript form post's origin cannot give (issue 32, finding 7). A post with `Origin: null`
// and no Referer may be another site's page posting through its visitors' browsers, so it is never stored
// as it comes: the confirmation page (routes/forms/form-pages.ts formAgainPage) answers it, and carries
// this seal of its fresh form token. A post that returns both was sent from a page of ours: the seal is
// only ever in the answer to a post to /forms/*, which counts against the sender's own per-address limit,
// and the token it seals carries one lead. So another site can relay no more leads through its visitors
// than it could post itself. A person whose browser sends `Origin: null` confirms once, as without a token.

/** The confirmation page's hidden field that holds the seal. */
export const CONFIRMATION_FIELD = "confirmation";

const LABEL = "form-confirmation.v1.";

/** The seal of a form token, made with the form tokens' secret under a label of its own. */
export function sealFormToken(secret: string, formToken: string): string {
  return createHmac("sha256", secret)
    .update(LABEL + formToken)
    .digest("base64url");
}

/** Whether `seal` is the seal of `formToken` (both as posted; either may be missing). */
export function isSealedFormToken(
  secret: string,
  formToken: string | undefined,
  seal: string | null | undefined,
): boolean {
  if (!formToken || !seal) return false;
  const expected = Buffer.from(sealFormToken(secret, formToken));
  const given = Buffer.from(seal);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
