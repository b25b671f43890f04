// The lead export's columns (issue 38, docs/api.md "Lead export"): GET /api/admin/leads/all/export.csv and
// each kind's /api/admin/leads/:kind/export.csv share them, so one file holds both kinds. Every time is in
// the owner's time zone (OWNER_TIMEZONE) as ISO 8601 with its offset (2026-03-04T09:15:00-05:00); amounts
// in the business currency with two decimals; a cell a spreadsheet would run as a formula starts with '.

export const leadExportColumns = [
  "id",
  "kind",
  "receivedAt",
  "status",
  "value",
  "assignee",
  "readAt",
  "firstName",
  "lastName",
  "email",
  "phone",
  "company",
  "products",
  "serviceType",
  "budget",
  "message",
  "meetingDate",
  "meetingTime",
  "timezone",
  "channel",
  "campaign",
  "landingPage",
  "pagePath",
  "formName",
  "utmSource",
  "utmMedium",
  "utmTerm",
  "utmContent",
  "referrer",
  "followUpAt",
  "followUpNote",
  "answeredAt",
  "notes",
  "spamReason",
] as const;
export type LeadExportColumn = (typeof leadExportColumns)[number];
