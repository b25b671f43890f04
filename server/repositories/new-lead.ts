import { randomUUID } from "node:crypto";
import type { LeadSource } from "../../contract/fields.ts";

type LeadInput = { [K in keyof LeadSource]?: string | undefined } & {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company?: string | undefined;
};

/**
 * The columns every new lead has, whatever its kind: identity, contact details, the optional
 * lead-source values (absent becomes NULL) and its triage state.
 */
export function newLeadColumns(input: LeadInput, spam: { reason: string } | null) {
  return {
    id: randomUUID(),
    // Milliseconds, set here rather than by the database, so keyset cursors compare exactly on both dialects.
    createdAt: new Date().toISOString(),
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    company: input.company ?? null,
    pagePath: input.pagePath ?? null,
    formName: input.formName ?? null,
    utmSource: input.utmSource ?? null,
    utmMedium: input.utmMedium ?? null,
    utmCampaign: input.utmCampaign ?? null,
    utmTerm: input.utmTerm ?? null,
    utmContent: input.utmContent ?? null,
    referrer: input.referrer ?? null,
    status: spam ? "spam" : "new",
    spamReason: spam?.reason ?? null,
    readAt: null,
  };
}
