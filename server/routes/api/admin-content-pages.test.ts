import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  postFieldsOf,
  type PageCopyDocument,
  type Post,
  type RevisionSummary,
  type SiteSettingsDocument,
} from "../../../contract/content.ts";
import { OWNER_ONLY_MESSAGE } from "../../../contract/user-roles.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import { fakeSeed, fakeSiteRenderer } from "../../../tests/helpers/fake-site-renderer.ts";
import { addTestUser, createTestApp, signIn, type TestApp } from "../../../tests/helpers/test-app.ts";

// Issue 37, what the server does with the published content: pages rendered from it and cached until it
// changes (a publish shows at the next request), 301 for a renamed post, 410 for one taken down, 404 for
// what never was; page copy drafted, validated against the renderer's fields, published; previews of drafts
// for signed-in users only. A small renderer stands in for the build's (tests/helpers/fake-site-renderer.ts).

let t: TestApp;
let clientDir: string;
let owner: string;
let member: string;
const renderer = fakeSiteRenderer();
const as = (cookie: string | undefined) => adminClient(t.app, { cookie });
const visit = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const put = (cookie: string, url: string, payload: unknown, ifMatch?: number) =>
  t.app.inject({
    method: "PUT",
    url,
    headers: { cookie, ...(ifMatch === undefined ? {} : { "if-match": String(ifMatch) }) },
    payload: payload as object,
  });
const PAGES = "/api/admin/content/pages";
const POSTS = "/api/admin/content/posts";

beforeAll(async () => {
  // The admin's page is the build's one prerendered file; every public page comes from the renderer.
  clientDir = mkdtempSync(join(tmpdir(), "agency-content-client-"));
  mkdirSync(join(clientDir, "admin"));
  writeFileSync(join(clientDir, "admin", "index.html"), "<!doctype html><title>Admin</title><div id=root></div>");
  t = await createTestApp({ clientDir }, undefined, { siteRenderer: renderer });
  owner = await signIn(t.app);
  member = await signIn(t.app, await addTestUser(t.app, { email: "pages-member@example.com", name: "Pat Pages" }));
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe("the public pages", () => {
  it("serves the seeded content's pages with their ETag, a 304 on a match, and the 404 page for any other path", async () => {
    const home = await visit("/");
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain("<h1>Get Local Leads on Autopilot</h1>");
    expect(home.headers["content-security-policy"]).toContain("default-src");
    const again = await visit("/", { "if-none-match": String(home.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect((await visit("/blog/seeded-article")).body).toContain("A Seeded Article From the Files");
    const missing = await visit("/blog/never-was");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("404 Page Not Found");
    expect((await visit("/no-such-page")).statusCode).toBe(404);
    // Only the content's own paths are rendered: a visitor's made-up path never reaches the renderer.
    expect(renderer.renders).not.toContain("/no-such-page");
    expect(renderer.renders).not.toContain("/blog/never-was");
  });

  it("renders each page once per content version: a publish shows at the next request", async () => {
    const before = renderer.renders.filter((path) => path === "/blog").length;
    await visit("/blog");
    await visit("/blog");
    expect(renderer.renders.filter((path) => path === "/blog").length - before).toBeLessThanOrEqual(1);

    const created = await as(owner).post(POSTS, {
      slug: "fresh-from-the-admin",
      title: "Fresh From the Admin, Live Without a Rebuild",
      description: "A post written in the admin and published, then read by a visitor at the very next request.",
      body: "The lead.",
      author: "Jordan Reeves",
      category: "Local SEO",
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json<Post>();
    expect((await visit("/blog/fresh-from-the-admin")).statusCode).toBe(404);
    expect((await as(owner).post(`${POSTS}/${post.id}/publish`, {})).statusCode).toBe(200);
    const live = await visit("/blog/fresh-from-the-admin");
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain("Fresh From the Admin, Live Without a Rebuild");
    expect((await visit("/blog")).body).toContain("Fresh From the Admin");
    const sitemap = await visit("/sitemap.xml");
    expect(sitemap.body).toContain("<loc>https://agency.example/blog/fresh-from-the-admin</loc>");
  });

  it("answers 301 from a renamed post's old address, and 410 once it is taken down", async () => {
    const created = await as(owner).post(POSTS, {
      slug: "old-address",
      title: "An Article That Moves to a New Address",
      description: "An article published at one address, renamed, published again, then taken down for good.",
      body: "The lead.",
      author: "Jordan Reeves",
      category: "Local SEO",
    });
    const post = created.json<Post>();
    const live = (await as(owner).post(`${POSTS}/${post.id}/publish`, {})).json<Post>();
    const renamed = await put(
      owner,
      `${POSTS}/${post.id}`,
      { ...postFieldsOf(live), slug: "new-address" },
      live.revision,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await as(owner).post(`${POSTS}/${post.id}/publish`, {})).statusCode).toBe(200);
    const old = await visit("/blog/old-address");
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe("/blog/new-address");
    expect((await visit("/blog/new-address")).statusCode).toBe(200);

    expect((await as(owner).post(`${POSTS}/${post.id}/unpublish`)).statusCode).toBe(200);
    const gone = await visit("/blog/new-address");
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain("404 Page Not Found");
  });
});

describe("page copy", () => {
  it("lists the renderer's pages, and a page's fields with the files' texts as draft and live", async () => {
    expect((await as(owner).get(PAGES)).json()).toEqual({
      pages: [{ key: "home", label: "Home", path: "/", revision: 0, publishedRevision: 0, updatedAt: null }],
    });
    const page = (await as(member).get(`${PAGES}/home`)).json<PageCopyDocument>();
    expect(page).toMatchObject({ key: "home", revision: 0, publishedRevision: 0 });
    expect(page.fields[0]).toEqual({
      path: "hero.title",
      label: "Hero › Title",
      default: "Get Local Leads on Autopilot",
      max: 42,
      draft: "Get Local Leads on Autopilot",
      published: "Get Local Leads on Autopilot",
    });
    expect((await as(owner).get(`${PAGES}/about`)).statusCode).toBe(404);
    expect((await as(undefined).get(`${PAGES}/home`)).statusCode).toBe(401);
  });

  it("refuses a save without If-Match, an unknown field, a text over its limit or empty; nothing is stored", async () => {
    expect((await put(owner, `${PAGES}/home`, { fields: { "hero.title": "New" } })).statusCode).toBe(428);
    const unknown = await put(owner, `${PAGES}/home`, { fields: { "hero.nope": "Text" } }, 0);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ "fields.hero.nope": "This page has no such text." });
    const long = await put(owner, `${PAGES}/home`, { fields: { "hero.title": "x".repeat(43) } }, 0);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors["fields.hero.title"]).toBe(
      "Hero › Title must be at most 42 characters (it fits the layout).",
    );
    expect((await put(owner, `${PAGES}/home`, { fields: { "hero.title": "  " } }, 0)).statusCode).toBe(400);
    expect((await put(owner, `${PAGES}/home`, { fields: "hero.title" }, 0)).statusCode).toBe(400);
    expect((await as(owner).get(`${PAGES}/home`)).json<PageCopyDocument>().revision).toBe(0);
  });

  it("saves a draft (a member may), which visitors do not see until an owner publishes it", async () => {
    const saved = await put(member, `${PAGES}/home`, { fields: { "hero.title": "Booked Jobs, Not Clicks" } }, 0);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PageCopyDocument>()).toMatchObject({ revision: 1, publishedRevision: 0 });
    // The list says the page has changes not published, without reading each page.
    expect((await as(member).get(PAGES)).json().pages[0]).toMatchObject({ revision: 1, publishedRevision: 0 });
    expect((await visit("/")).body).toContain("<h1>Get Local Leads on Autopilot</h1>");

    const stale = await put(owner, `${PAGES}/home`, { fields: { "hero.title": "Something Else" } }, 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.fields[0].draft).toBe("Booked Jobs, Not Clicks");

    const preview = await as(member).get("/admin/preview/pages/home");
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain("<h1>Booked Jobs, Not Clicks</h1>");
    expect(preview.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(preview.headers["cache-control"]).toBe("no-store");

    const refused = await as(member).post(`${PAGES}/home/publish`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(OWNER_ONLY_MESSAGE);
    const published = await as(owner).post(`${PAGES}/home/publish`);
    expect(published.json<PageCopyDocument>()).toMatchObject({ revision: 1, publishedRevision: 1 });
    expect((await visit("/")).body).toContain("<h1>Booked Jobs, Not Clicks</h1>");
  });

  it("keeps every save as a revision; a restore makes the old texts the draft, and setting a text back to the files' removes the change", async () => {
    const second = await put(owner, `${PAGES}/home`, { fields: { "hero.title": "Second Title Here" } }, 1);
    expect(second.statusCode).toBe(200);
    const revisions = (await as(owner).get(`${PAGES}/home/revisions`)).json<{ revisions: RevisionSummary[] }>();
    expect(revisions.revisions.map((revision) => revision.revision)).toEqual([2, 1]);
    // Who saved, by name (the owner has none: their e-mail address).
    expect(revisions.revisions[0]!.by?.name).toBe("owner@example.com");
    const restored = await as(member).post(`${PAGES}/home/revisions/1/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json<PageCopyDocument>()).toMatchObject({ revision: 3, updatedBy: { name: "Pat Pages" } });
    expect(restored.json<PageCopyDocument>().fields[0]!.draft).toBe("Booked Jobs, Not Clicks");
    expect((await as(owner).post(`${PAGES}/home/revisions/99/restore`)).statusCode).toBe(404);

    const back = await put(owner, `${PAGES}/home`, { fields: { "hero.title": "Get Local Leads on Autopilot" } }, 3);
    expect(back.json<PageCopyDocument>().fields[0]!.draft).toBe("Get Local Leads on Autopilot");
    const stored = await t.app.content.getPage("home");
    expect(stored.draft).toEqual({});
  });

  it("takes a social image only as an upload or https address, with its text; the image may stay empty", async () => {
    const revision = async () => (await as(owner).get(`${PAGES}/home`)).json<PageCopyDocument>().revision;
    const first = await revision();
    const bad = await put(owner, `${PAGES}/home`, { fields: { "search.image": "javascript:alert(1)" } }, first);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      "fields.search.image": "image must be an uploaded image (/media/…) or an https:// address",
    });
    const image = "/media/0b6f1f0e-7c53-4a57-9f47-5f8e3c1f6a11/1200.webp";
    const withoutText = await put(owner, `${PAGES}/home`, { fields: { "search.image": image } }, first);
    expect(withoutText.statusCode).toBe(400);
    expect(withoutText.json().errors).toEqual({
      "fields.search.imageAlt": "Describe the image for readers who cannot see it (at least 5 characters).",
    });
    // An empty optional field is no error, and equal to the files' (empty) default it stores nothing.
    expect(await revision()).toBe(first);
    const before = (await t.app.content.getPage("home")).draft;
    const empty = await put(owner, `${PAGES}/home`, { fields: { "search.image": "", "search.imageAlt": "" } }, first);
    expect(empty.statusCode, empty.body).toBe(200);
    expect((await t.app.content.getPage("home")).draft).toEqual(before);
    const withText = await put(
      owner,
      `${PAGES}/home`,
      { fields: { "search.image": image, "search.imageAlt": "A van outside a house" } },
      first + 1,
    );
    expect(withText.statusCode, withText.body).toBe(200);
    // Back to no image: the override goes, and the draft is as the files again.
    expect((await t.app.content.getPage("home")).draft).toMatchObject({ "search.image": image });
    const removed = await put(
      owner,
      `${PAGES}/home`,
      { fields: { "search.image": "", "search.imageAlt": "" } },
      first + 2,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.app.content.getPage("home")).draft).toEqual(before);
  });
});

describe("previews", () => {
  it("shows a post's draft as it will be published, to signed-in users only, never indexed nor cached", async () => {
    const created = await as(member).post(POSTS, {
      slug: "draft-only",
      title: "A Draft Nobody Outside Can Read Yet",
      description: "A draft post previewed by a member, exactly as it will be published, and never anywhere else.",
      body: "The lead.",
      author: "Jordan Reeves",
      category: "Local SEO",
    });
    const post = created.json<Post>();
    expect((await as(undefined).get(`/admin/preview/posts/${post.id}`)).statusCode).toBe(401);
    const preview = await as(member).get(`/admin/preview/posts/${post.id}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain("<h1>A Draft Nobody Outside Can Read Yet</h1>");
    expect(preview.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect((await visit("/blog/draft-only")).statusCode).toBe(404);
    expect((await as(member).get("/admin/preview/posts/not-an-id")).statusCode).toBe(404);
  });

  it("shows a page with the site's drafted settings; the live pages keep the published ones", async () => {
    const site = (await as(owner).get("/api/admin/content/site")).json<SiteSettingsDocument>();
    const saved = await put(
      owner,
      "/api/admin/content/site",
      { ...site.draft, phone: "(737) 555-0142" },
      site.revision,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const preview = await as(owner).get("/admin/preview/site?path=/contact");
    expect(preview.body).toContain("(737) 555-0142");
    expect((await visit("/contact")).body).toContain(fakeSeed.site.phone);
    expect((await as(owner).get("/admin/preview/site?path=/nowhere")).statusCode).toBe(404);

    expect((await as(owner).post("/api/admin/content/site/publish")).statusCode).toBe(200);
    for (const path of ["/", "/contact", "/blog"]) expect((await visit(path)).body).toContain("(737) 555-0142");
    const revisions = (await as(owner).get("/api/admin/content/site/revisions")).json<{
      revisions: RevisionSummary[];
    }>();
    expect(revisions.revisions.map((revision) => revision.revision)).toEqual([2, 1]);
    const restored = await as(owner).post("/api/admin/content/site/revisions/1/restore");
    expect(restored.json<SiteSettingsDocument>().draft.phone).toBe(fakeSeed.site.phone);
  });
});
