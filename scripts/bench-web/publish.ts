import { postFieldsOf, type Post, type PostSummary } from "../../contract/content.ts";
import { ADMIN } from "./options.ts";

// Issue 37: the owner's edit is live without a rebuild, and pages stay as fast as static files. Before the
// pages are measured, this signs in as the bench's owner, edits the newest article (a longer title, one more
// paragraph) and publishes it, `rounds` times, timing the first GET of the article after each publish: the
// server renders it afresh then (its HTML, compressions, ETag and policy). Lighthouse then measures the edited
// article with the other routes.

export type PublishFigures = { path: string; firstRequestMs: number[] };

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  if (!response.ok) throw new Error(`signing in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

export async function editAndPublish(origin: string, rounds = 5): Promise<PublishFigures> {
  const cookie = await signIn(origin);
  const api = async <T>(method: string, path: string, body?: unknown, revision?: number): Promise<T> => {
    const response = await fetch(`${origin}/api/admin/content${path}`, {
      method,
      headers: {
        cookie,
        origin,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(revision === undefined ? {} : { "if-match": String(revision) }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { posts } = await api<{ posts: PostSummary[] }>("GET", "/posts");
  const newest = posts.find((post) => post.status === "published");
  if (!newest) throw new Error("no published article to edit");
  const path = `/blog/${newest.slug}`;
  const firstRequestMs: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const post = await api<Post>("GET", `/posts/${newest.id}`);
    const fields = postFieldsOf(post);
    const edited = {
      ...fields,
      title: `${fields.title.replace(/ \(edited \d+\)$/, "")} (edited ${round})`.slice(0, 90),
      body: `${fields.body}\n\nEdited in the admin and published without a rebuild (round ${round}).`,
    };
    await api<Post>("PUT", `/posts/${newest.id}`, edited, post.revision);
    await api<Post>("POST", `/posts/${newest.id}/publish`, {});
    const started = performance.now();
    const page = await fetch(`${origin}${path}`, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    const html = await page.text();
    firstRequestMs.push(performance.now() - started);
    if (!page.ok || !html.includes(`(round ${round})`)) throw new Error(`${path} did not show round ${round}'s edit`);
  }
  return { path, firstRequestMs };
}
