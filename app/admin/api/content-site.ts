import { queryOptions } from "@tanstack/react-query";
import type { RevisionSummary, SiteSettingsDocument, SiteSettingsInput } from "../../../contract/content.ts";
import { getJson, sendJson } from "./request.ts";

// GET, PUT /api/admin/content/site and POST …/publish (issue 37): the site's settings as one draft document.
// A save names its revision (If-Match); publishing makes the draft the live one.

const SITE_PATH = "/api/admin/content/site";

export const siteDocumentQuery = queryOptions({
  queryKey: [SITE_PATH],
  queryFn: () => getJson<SiteSettingsDocument>(SITE_PATH),
  staleTime: 0,
});

export const saveSiteDraft = ({ revision, input }: { revision: number; input: SiteSettingsInput }) =>
  sendJson<SiteSettingsDocument>("PUT", SITE_PATH, input, { "If-Match": String(revision) });

export const publishSite = () => sendJson<SiteSettingsDocument>("POST", `${SITE_PATH}/publish`);

// The settings' history (every save, publish and restore); a restore makes an old revision the draft.
export const siteRevisionsQuery = queryOptions({
  queryKey: [SITE_PATH, "revisions"],
  queryFn: () => getJson<{ revisions: RevisionSummary[] }>(`${SITE_PATH}/revisions`),
  staleTime: 0,
});

export const restoreSiteRevision = (revision: number) =>
  sendJson<SiteSettingsDocument>("POST", `${SITE_PATH}/revisions/${revision}/restore`);
