import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type {
  ContentConflict,
  EditablePageSummary,
  PageCopyDocument,
  PageCopyInput,
  RevisionSummary,
} from "../../../contract/content.ts";
import { HttpError } from "../../lib/api-client.ts";
import { getJson, sendJson } from "./request.ts";

// /api/admin/content/pages (issue 37, contract/content.ts): each page's copy as one draft document. A save names
// the revision it started from (If-Match) and sends the changed texts; a stale one answers 409 with the page
// as it now stands. A page's key may hold a slash ("services/seo"): it travels encoded as one segment.

export const PAGES_PATH = "/api/admin/content/pages";
const pageUrl = (key: string) => `${PAGES_PATH}/${encodeURIComponent(key)}`;

/** The draft's preview (the server's page, signed in only), opened in a new tab. */
export const pagePreviewUrl = (key: string) => `/admin/preview/pages/${encodeURIComponent(key)}`;

export const pageKeys = {
  list: [PAGES_PATH] as const,
  page: (key: string) => [PAGES_PATH, key] as const,
  revisions: (key: string) => [PAGES_PATH, key, "revisions"] as const,
};

export const pagesQuery = queryOptions({
  queryKey: pageKeys.list,
  queryFn: () => getJson<{ pages: EditablePageSummary[] }>(PAGES_PATH),
  staleTime: 0,
});

export const pageQuery = (key: string) =>
  queryOptions({
    queryKey: pageKeys.page(key),
    queryFn: () => getJson<PageCopyDocument>(pageUrl(key)),
    staleTime: 0,
  });

export const pageRevisionsQuery = (key: string) =>
  queryOptions({
    queryKey: pageKeys.revisions(key),
    queryFn: () => getJson<{ revisions: RevisionSummary[] }>(`${pageUrl(key)}/revisions`),
    staleTime: 0,
  });

/** The 409 of a stale save: the page as it now stands (the texts sent are the editor's own). */
export function pageConflictOf(error: unknown): PageCopyDocument | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const body = error.body as Partial<ContentConflict<PageCopyDocument>> | undefined;
  return body && typeof body === "object" && body.current ? body.current : null;
}

/** After any change: the page's cache holds the answer; its revisions are read again. */
export function storePage(client: QueryClient, page: PageCopyDocument) {
  client.setQueryData(pageKeys.page(page.key), page);
  void client.invalidateQueries({ queryKey: pageKeys.revisions(page.key) });
}

/** PUT with If-Match: the revision the edit started from; `fields` maps a text's path to its new text. */
export const savePageDraft = ({
  key,
  revision,
  fields,
}: {
  key: string;
  revision: number;
  fields: PageCopyInput["fields"];
}) =>
  sendJson<PageCopyDocument>("PUT", pageUrl(key), { fields } satisfies PageCopyInput, {
    "If-Match": String(revision),
  });

export const publishPage = (key: string) => sendJson<PageCopyDocument>("POST", `${pageUrl(key)}/publish`);

export const restorePageRevision = ({ key, revision }: { key: string; revision: number }) =>
  sendJson<PageCopyDocument>("POST", `${pageUrl(key)}/revisions/${revision}/restore`);
