import type { LeadSource } from "../../contract/fields.ts";

/** The optional lead-source values of a parsed payload, as columns (absent becomes NULL). */
export function leadSourceColumns(input: { [K in keyof LeadSource]?: string | undefined }): LeadSource {
  return {
    pagePath: input.pagePath ?? null,
    formName: input.formName ?? null,
    utmSource: input.utmSource ?? null,
    utmMedium: input.utmMedium ?? null,
    utmCampaign: input.utmCampaign ?? null,
    utmTerm: input.utmTerm ?? null,
    utmContent: input.utmContent ?? null,
    referrer: input.referrer ?? null,
  };
}
