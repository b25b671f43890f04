import { queryOptions, type QueryClient } from "@tanstack/react-query";
import {
  postInput,
  publishInput,
  type ContentConflict,
  type ContentSettings,
  type Post,
  type PostFields,
  type PostInput,
  type PostSummary,
  type RevisionSummary,
} from "../../../contract/content.ts";
import { apiRequest, HttpError } from "../../lib/api-client.ts";
import { getJson, sendJson } from "./request.ts";

// /api/admin/content/posts (issue 37, contract/content.ts): the articles as drafts. A save names the revision
// it started from (If-Match); a stale one answers 409 with both sides (`PostConflict`), so nobody's edit is
// lost without a choice. Every change stores the answer's post and refreshes the list and the revisions.

export const POSTS_PATH = "/api/admin/content/posts";
const postUrl = (id: string) => `${POSTS_PATH}/${encodeURIComponent(id)}`;

export const postKeys = {
  list: [POSTS_PATH] as const,
  post: (id: string) => [POSTS_PATH, id] as const,
  revisions: (id: string) => [POSTS_PATH, id, "revisions"] as const,
};

export const postsQuery = queryOptions({
  queryKey: postKeys.list,
  queryFn: () => getJson<{ posts: PostSummary[] }>(POSTS_PATH),
  staleTime: 0,
});

export const postQuery = (id: string) =>
  queryOptions({ queryKey: postKeys.post(id), queryFn: () => getJson<Post>(postUrl(id)), staleTime: 0 });

export const revisionsQuery = (id: string) =>
  queryOptions({
    queryKey: postKeys.revisions(id),
    queryFn: () => getJson<{ revisions: RevisionSummary[] }>(`${postUrl(id)}/revisions`),
    staleTime: 0,
  });

/** The 409 of a stale save: the post as it now stands, and what this save sent (read with the contract's rule). */
export type PostConflict = { message: string; current: Post; yours: PostFields };

export function postConflictOf(error: unknown, sent: PostFields): PostConflict | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const body = error.body as Partial<ContentConflict<Post>> | undefined;
  if (!body || typeof body !== "object" || !body.current) return null;
  const yours = postInput.safeParse(body.yours).data ?? sent;
  return { message: body.message ?? "", current: body.current, yours };
}

/** After any change: the post's cache holds the answer, the list and its revisions are read again. */
export function storePost(client: QueryClient, post: Post) {
  client.setQueryData(postKeys.post(post.id), post);
  void client.invalidateQueries({ queryKey: postKeys.list, exact: true });
  void client.invalidateQueries({ queryKey: postKeys.revisions(post.id) });
}

export const createPost = (input: PostInput) => sendJson<Post>("POST", POSTS_PATH, input);

/** PUT with If-Match: the revision the edit started from. */
export const savePost = ({ id, revision, input }: { id: string; revision: number; input: PostInput }) =>
  sendJson<Post>("PUT", postUrl(id), input, { "If-Match": String(revision) });

/** Now, or at `at` (ISO); the contract's own rule checks the time before it goes. */
export const publishPost = ({ id, at }: { id: string; at?: string }) =>
  sendJson<Post>("POST", `${postUrl(id)}/publish`, publishInput.parse(at ? { at } : {}));

export const unpublishPost = (id: string) => sendJson<Post>("POST", `${postUrl(id)}/unpublish`);

export const restoreRevision = ({ id, revision }: { id: string; revision: number }) =>
  sendJson<Post>("POST", `${postUrl(id)}/revisions/${revision}/restore`);

export async function deletePost(id: string): Promise<void> {
  await apiRequest("DELETE", postUrl(id));
}

/** Whether a member may publish (owners always may): the team's setting, GET/PUT /api/admin/content/settings. */
const CONTENT_SETTINGS_PATH = "/api/admin/content/settings";

export const contentSettingsQuery = queryOptions({
  queryKey: [CONTENT_SETTINGS_PATH],
  queryFn: () => getJson<ContentSettings>(CONTENT_SETTINGS_PATH),
  staleTime: 60_000,
});

export const saveContentSettings = (settings: ContentSettings) =>
  sendJson<ContentSettings>("PUT", CONTENT_SETTINGS_PATH, settings);
