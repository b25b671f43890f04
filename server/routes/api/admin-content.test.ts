import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postInput } from "../../../contract/content.ts";
import type {
  ContentConflict,
  Post,
  PostInput,
  PostSummary,
  PublishedPost,
  RevisionSummary,
  SeedContent,
  SiteSettings,
  SiteSettingsDocument,
} from "../../../contract/content.ts";
import { OWNER_ONLY_MESSAGE } from "../../../contract/user-roles.ts";
import { seedContent } from "../../content/published-content.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import { addTestUser, createTestApp, signIn, type TestApp } from "../../../tests/helpers/test-app.ts";
import { HOUR_MS, MINUTE_MS, testClock } from "../../../tests/helpers/test-clock.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database.ts";

// The content admin API (issue 37, contract/content.ts): drafts with revisions and If-Match, publish now or
// at a time (the scheduler publishes once, on one instance), unpublish and delete (410), slug changes
// (301), roles and the team's membersCanPublish, the site's settings, the Activity, the one-time seed. Both
// databases.

const clock = testClock(Date.UTC(2026, 10, 2, 15, 0));

const site: SiteSettings = {
  companyName: "Summit Lead Marketing",
  phone: "(512) 555-0186",
  email: "hello@summit.example",
  hours: "Mon–Fri 9AM–6PM",
  locality: "Austin",
  region: "TX",
  bookingUrl: "https://cal.example.com/summit/strategy",
  socialLinks: [{ label: "LinkedIn", href: "https://www.linkedin.com/company/summit" }],
  autoReplyText: "",
};

function article(slug: string, overrides: Partial<PostInput> = {}): PostInput {
  return {
    slug,
    title: `A title for ${slug}`,
    description: "A description long enough for the contract's fifty character minimum here.",
    body: "## Heading\n\nThe body of the article.",
    author: "Summit Team",
    category: "SEO",
    tags: ["seo"],
    image: null,
    imageAlt: "",
    ...overrides,
  };
}

const seededPost = (slug: string, publishedAt: string): PublishedPost => ({
  ...(article(slug) as PublishedPost),
  tags: ["seo"],
  image: null,
  imageAlt: "",
  // A guide's call to action and its curated related articles are fields too: the seed must keep them.
  related: ["newer-seeded-article"],
  callToAction: { audit: "Get a Free SEO Audit", consultation: "Book a Strategy Call" },
  publishedAt,
  updatedAt: publishedAt,
});

const seed: SeedContent = {
  site,
  posts: [
    seededPost("older-seeded-article", "2025-03-01T12:00:00.000Z"),
    seededPost("newer-seeded-article", "2025-06-01T12:00:00.000Z"),
  ],
};

let database: TestDatabase;
let t: TestApp;
let seedCalls = 0;
let owner: string;
let member: string;

const as = (cookie: string) => adminClient(t.app, { cookie });
const POSTS = "/api/admin/content/posts";
const put = (cookie: string, url: string, payload: unknown, ifMatch?: string) =>
  t.app.inject({
    method: "PUT",
    url,
    headers: { cookie, ...(ifMatch === undefined ? {} : { "if-match": ifMatch }) },
    payload: payload as object,
  });
const create = async (slug: string, cookie = owner) => {
  const response = await as(cookie).post(POSTS, article(slug));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Post>();
};
const publish = (id: string, cookie = owner, payload: unknown = {}) =>
  as(cookie).post(`${POSTS}/${id}/publish`, payload);
const published = () => t.app.content.loadPublished();
/** The Activity's content records' summaries (records of one clock time come in no set order). */
const contentActivity = async () =>
  (await as(owner).get("/api/admin/activity?kind=content&limit=200"))
    .json<{ items: { summary: string }[] }>()
    .items.map((item) => item.summary);

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database, {
    clock: clock.clock,
    contentSeed: async () => {
      seedCalls += 1;
      return seed;
    },
  });
  owner = await signIn(t.app);
  member = await signIn(t.app, await addTestUser(t.app, { email: "content-member@example.com", name: "Mara Content" }));
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describe("the seed", () => {
  it("writes the files' posts and settings once, as published revision 1 by the system", async () => {
    expect(seedCalls).toBe(1);
    const content = await published();
    expect(content.version).toBe(1);
    expect(content.site).toEqual(site);
    expect(content.posts.map((post) => post.slug)).toEqual(["newer-seeded-article", "older-seeded-article"]);
    expect(content.posts[0]).toEqual(seed.posts[1]);
    expect(content).toMatchObject({ redirects: {}, gone: [] });
    const list = (await as(owner).get(POSTS)).json<{ posts: PostSummary[] }>().posts;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ status: "published", revision: 1, publishedRevision: 1, updatedBy: null });
  });

  it("is not written again by a second instance nor a second call", async () => {
    const second = await createTestApp({}, database, {
      clock: clock.clock,
      contentSeed: async () => {
        seedCalls += 1;
        return seed;
      },
    });
    await second.close();
    expect(seedCalls).toBe(1);
    expect(await seedContent(t.app.db, seed, clock.clock())).toBe(false);
    expect((await published()).posts).toHaveLength(2);
    expect(await t.app.content.version()).toBe(1);
  });
});

describe("drafts", () => {
  it("lets a member create a draft: 201, revision 1, not live, recorded", async () => {
    const post = await create("member-first-draft", member);
    expect(post).toMatchObject({
      slug: "member-first-draft",
      status: "draft",
      revision: 1,
      publishedRevision: null,
      publishedAt: null,
      live: false,
      // The admin shows who saved by name, not by id.
      updatedBy: { id: expect.any(String), name: "Mara Content" },
    });
    expect((await as(owner).get(`${POSTS}/${post.id}`)).json()).toEqual(post);
    const listed = (await as(owner).get(POSTS)).json<{ posts: PostSummary[] }>().posts;
    expect(listed.find((p) => p.id === post.id)?.updatedBy?.name).toBe("Mara Content");
    expect((await published()).posts.map((p) => p.slug)).not.toContain("member-first-draft");
    expect(await contentActivity()).toContain('created the article "A title for member-first-draft"');
  });

  it("answers field errors for bad input and stores nothing", async () => {
    const before = (await as(owner).get(POSTS)).json<{ posts: PostSummary[] }>().posts.length;
    const bad = await as(owner).post(
      POSTS,
      article("Bad Slug!", { title: "short", image: "javascript:alert(1)", tags: Array(9).fill("x") }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      slug: expect.stringContaining("lowercase"),
      title: expect.any(String),
      image: expect.any(String),
      tags: "at most 8 tags",
    });
    expect((await as(owner).post(POSTS, { ...article("extra-field-post"), id: "x" })).statusCode).toBe(400);
    expect((await as(owner).post(POSTS, [])).json().errors).toEqual({ body: "Expected a JSON object" });
    expect((await as(owner).get(POSTS)).json<{ posts: PostSummary[] }>().posts).toHaveLength(before);
  });

  it("takes a body of 100,000 characters (past the API's 32 KB default)", async () => {
    const response = await as(owner).post(POSTS, article("a-long-article", { body: "é".repeat(100_000) }));
    expect(response.statusCode, response.body).toBe(201);
  });

  it("refuses a slug another post has, with a field error", async () => {
    const response = await as(member).post(POSTS, article("member-first-draft"));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.slug).toContain("/blog/member-first-draft");
  });

  it("answers 404 for an unknown or malformed id, on every verb", async () => {
    for (const id of ["not-a-uuid", "5d0b3c36-1f0e-4e8b-9a52-53d3b0e8a001"]) {
      expect((await as(owner).get(`${POSTS}/${id}`)).statusCode).toBe(404);
      expect((await put(owner, `${POSTS}/${id}`, article("whatever-slug"), "1")).statusCode).toBe(404);
      expect((await as(owner).delete(`${POSTS}/${id}`)).statusCode).toBe(404);
      expect((await publish(id)).statusCode).toBe(404);
      expect((await as(owner).post(`${POSTS}/${id}/unpublish`)).statusCode).toBe(404);
      expect((await as(owner).get(`${POSTS}/${id}/revisions`)).statusCode).toBe(404);
      expect((await as(owner).post(`${POSTS}/${id}/revisions/1/restore`)).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: "GET", url: POSTS })).statusCode).toBe(401);
  });

  it("saves with If-Match: 428 without it, 400 when not a number, 409 with both sides when stale", async () => {
    const post = await create("concurrency-article");
    const url = `${POSTS}/${post.id}`;
    const mine = article("concurrency-article", { title: "My version of the article" });
    const missing = await put(owner, url, mine);
    expect(missing.statusCode).toBe(428);
    expect(missing.json().message).toContain("If-Match");
    expect((await put(owner, url, mine, "one")).statusCode).toBe(400);

    const saved = await put(member, url, article("concurrency-article", { title: "Their version, saved first" }), "1");
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Post>()).toMatchObject({ revision: 2, title: "Their version, saved first" });

    const stale = await put(owner, url, mine, '"1"');
    expect(stale.statusCode).toBe(409);
    const body = stale.json<ContentConflict<Post>>();
    expect(body.current).toMatchObject({ revision: 2, title: "Their version, saved first" });
    expect(body.yours).toEqual(mine);
    expect((await as(owner).get(url)).json<Post>()).toMatchObject({ revision: 2, title: "Their version, saved first" });

    expect((await put(owner, url, mine, "2")).json<Post>()).toMatchObject({ revision: 3, title: mine.title });
  });

  it("lists revisions and restores an old one as a new draft revision", async () => {
    const post = await create("restore-article");
    const url = `${POSTS}/${post.id}`;
    await put(owner, url, article("restore-article", { title: "The second title of it" }), "1");
    const restored = await as(member).post(`${url}/revisions/1/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<Post>()).toMatchObject({ revision: 3, title: "A title for restore-article" });
    const revisions = (await as(member).get(`${url}/revisions`)).json<{ revisions: RevisionSummary[] }>().revisions;
    expect(revisions.map(({ revision, action, title, by }) => ({ revision, action, title, by: by?.name }))).toEqual([
      { revision: 3, action: "restore", title: "A title for restore-article", by: "Mara Content" },
      { revision: 2, action: "save", title: "The second title of it", by: "owner@example.com" },
      { revision: 1, action: "create", title: "A title for restore-article", by: "owner@example.com" },
    ]);
    expect((await as(member).post(`${url}/revisions/9/restore`)).statusCode).toBe(404);
    // One revision as saved, for Compare: every field.
    const second = await as(member).get(`${url}/revisions/2`);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(postInput.parse(article("restore-article", { title: "The second title of it" })));
    expect((await as(member).get(`${url}/revisions/9`)).statusCode).toBe(404);
    expect((await as(member).get(`${POSTS}/not-an-id/revisions/1`)).statusCode).toBe(404);
    expect(await contentActivity()).toContain('restored revision 1 of the article "A title for restore-article"');
  });
});

describe("publishing", () => {
  it("publishes now: live, newest first, version moves; the draft's later edits stay off the site", async () => {
    const post = await create("published-now");
    const version = await t.app.content.version();
    const response = await publish(post.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Post>()).toMatchObject({
      status: "published",
      publishedRevision: 1,
      live: true,
      publishedAt: clock.clock().toISOString(),
    });
    expect(await t.app.content.version()).toBe(version + 1);
    expect((await published()).posts[0]).toMatchObject({ slug: "published-now", title: "A title for published-now" });

    await put(owner, `${POSTS}/${post.id}`, article("published-now", { title: "An unpublished edit of it" }), "1");
    expect((await published()).posts[0]!.title).toBe("A title for published-now");
    expect(await t.app.content.version()).toBe(version + 1);
  });

  it("lets members publish only while the team's setting is on; deleting stays owner-only", async () => {
    const post = await create("member-publishes", member);
    const refused = await publish(post.id, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: OWNER_ONLY_MESSAGE });
    expect((await as(member).post(`${POSTS}/${post.id}/unpublish`)).statusCode).toBe(403);
    expect((await as(member).post("/api/admin/content/site/publish")).statusCode).toBe(403);
    expect((await put(member, "/api/admin/content/settings", { membersCanPublish: true })).statusCode).toBe(403);
    expect((await put(owner, "/api/admin/content/settings", { membersCanPublish: "yes" })).statusCode).toBe(400);

    expect((await put(owner, "/api/admin/content/settings", { membersCanPublish: true })).json()).toEqual({
      membersCanPublish: true,
    });
    expect((await as(member).get("/api/admin/content/settings")).json()).toEqual({ membersCanPublish: true });
    expect((await publish(post.id, member)).json<Post>().live).toBe(true);
    expect((await as(member).post(`${POSTS}/${post.id}/unpublish`)).json<Post>().live).toBe(false);
    expect((await as(member).delete(`${POSTS}/${post.id}`)).statusCode).toBe(403);
    await put(owner, "/api/admin/content/settings", { membersCanPublish: false });
    expect((await publish(post.id, member)).statusCode).toBe(403);
    expect(await contentActivity()).toContain("let only owners publish articles and the site's settings");
  });

  it("refuses a publish time that is not a date, and publishes a past one now", async () => {
    const post = await create("past-time-publish");
    const bad = await publish(post.id, owner, { at: "tomorrow" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.at).toContain("date and time");
    expect((await publish(post.id, owner, { at: clock.offset(-HOUR_MS).toISOString() })).json<Post>()).toMatchObject({
      status: "published",
      live: true,
    });
  });

  it("a stale If-Match on publish answers 409 and publishes nothing", async () => {
    const post = await create("publish-stale");
    const response = await t.app.inject({
      method: "POST",
      url: `${POSTS}/${post.id}/publish`,
      headers: { cookie: owner, "if-match": "7" },
      payload: {},
    });
    expect(response.statusCode).toBe(409);
    expect((await as(owner).get(`${POSTS}/${post.id}`)).json<Post>().live).toBe(false);
  });
});

describe("scheduling", () => {
  it("schedules a future time; the scheduler publishes it once when it comes, at that time", async () => {
    const post = await create("scheduled-article");
    const at = clock.offset(2 * HOUR_MS).toISOString();
    const scheduled = await publish(post.id, owner, { at: at.replace(".000Z", "+00:00") });
    expect(scheduled.json<Post>()).toMatchObject({
      status: "scheduled",
      publishedAt: at,
      scheduledAt: at,
      live: false,
    });
    const version = await t.app.content.version();

    clock.advance(HOUR_MS);
    await t.app.content.publishDue();
    expect((await published()).posts.map((p) => p.slug)).not.toContain("scheduled-article");

    clock.advance(HOUR_MS + MINUTE_MS);
    // The plugin's loop (every second) may be the one that wins it: either way it goes live once.
    await t.app.content.publishDue();
    expect(await t.app.content.publishDue()).toBe(0);
    expect(await t.app.content.version()).toBe(version + 1);
    const live = (await published()).posts.find((p) => p.slug === "scheduled-article");
    expect(live?.publishedAt).toBe(at);
    expect((await as(owner).get(`${POSTS}/${post.id}`)).json<Post>()).toMatchObject({
      status: "published",
      scheduledAt: null,
      live: true,
    });
    const records = (await contentActivity()).filter((summary) => summary.includes('"A title for scheduled-article"'));
    expect(records.sort()).toEqual([
      'created the article "A title for scheduled-article"',
      'published the scheduled article "A title for scheduled-article"',
      `scheduled the article "A title for scheduled-article" for ${at}`,
    ]);
  });

  it("unpublishing a scheduled post cancels it: it never goes live", async () => {
    const post = await create("cancelled-schedule");
    await publish(post.id, owner, { at: clock.offset(MINUTE_MS).toISOString() });
    const version = await t.app.content.version();
    expect((await as(owner).post(`${POSTS}/${post.id}/unpublish`)).json<Post>()).toMatchObject({
      status: "draft",
      scheduledAt: null,
    });
    clock.advance(2 * MINUTE_MS);
    await t.app.content.publishDue();
    expect(await t.app.content.version()).toBe(version);
    expect((await published()).gone).not.toContain("/blog/cancelled-schedule");
  });
});

describe("addresses", () => {
  it("a live post's slug change redirects 301 from the old address once published; chains collapse", async () => {
    const post = await create("first-address");
    const url = `${POSTS}/${post.id}`;
    await publish(post.id);
    await put(owner, url, article("second-address"), "1");
    expect((await published()).redirects).not.toHaveProperty("/blog/first-address");
    await publish(post.id);
    expect((await published()).redirects).toMatchObject({ "/blog/first-address": "/blog/second-address" });
    await put(owner, url, article("third-address"), "2");
    await publish(post.id);
    const content = await published();
    expect(content.redirects).toMatchObject({
      "/blog/first-address": "/blog/third-address",
      "/blog/second-address": "/blog/third-address",
    });
    expect(content.posts.filter((p) => p.slug.endsWith("-address")).map((p) => p.slug)).toEqual(["third-address"]);

    // The old addresses stay this post's: another may not take them.
    const taken = await as(owner).post(POSTS, article("second-address"));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors.slug).toContain("/blog/second-address");
  });

  it("unpublish and delete leave the address gone (410); the post's redirects too", async () => {
    const post = await create("soon-unpublished");
    await publish(post.id);
    const version = await t.app.content.version();
    await as(owner).post(`${POSTS}/${post.id}/unpublish`);
    expect(await t.app.content.version()).toBe(version + 1);
    let content = await published();
    expect(content.gone).toContain("/blog/soon-unpublished");
    expect(content.posts.map((p) => p.slug)).not.toContain("soon-unpublished");

    // Published again, it is live again and no longer gone.
    await publish(post.id);
    expect((await published()).gone).not.toContain("/blog/soon-unpublished");

    const moved = (await as(owner).get(POSTS))
      .json<{ posts: PostSummary[] }>()
      .posts.find((p) => p.slug === "third-address")!;
    expect((await as(member).delete(`${POSTS}/${moved.id}`)).statusCode).toBe(403);
    expect((await as(owner).delete(`${POSTS}/${moved.id}`)).statusCode).toBe(204);
    expect((await as(owner).get(`${POSTS}/${moved.id}`)).statusCode).toBe(404);
    content = await published();
    expect(content.gone).toEqual(
      expect.arrayContaining(["/blog/first-address", "/blog/second-address", "/blog/third-address"]),
    );
    expect(content.redirects).not.toHaveProperty("/blog/first-address");
    expect(await contentActivity()).toContain('deleted the article "A title for third-address"');

    // A gone address may be given to a new article, which brings it back when published.
    const reborn = await create("third-address");
    await publish(reborn.id);
    expect((await published()).gone).not.toContain("/blog/third-address");
  });
});

describe("the site's settings", () => {
  const SITE = "/api/admin/content/site";

  it("saves a draft with If-Match, refuses bad fields, and publishes", async () => {
    const document = (await as(member).get(SITE)).json<SiteSettingsDocument>();
    expect(document).toMatchObject({ key: "site", draft: site, published: site, revision: 1, publishedRevision: 1 });
    expect((await put(member, SITE, { ...site, companyName: "Summit Two" })).statusCode).toBe(428);

    const bad = await put(member, SITE, { ...site, phone: "call us!", bookingUrl: "http://cal.example.com/x" }, "1");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      phone: "Phone may hold digits, spaces, +, -, . and parentheses",
      bookingUrl: "Booking link must be an https:// address",
    });
    expect((await as(member).get(SITE)).json<SiteSettingsDocument>().revision).toBe(1);

    const saved = await put(member, SITE, { ...site, companyName: "Summit Two" }, "1");
    expect(saved.json<SiteSettingsDocument>()).toMatchObject({
      revision: 2,
      publishedRevision: 1,
      draft: { companyName: "Summit Two" },
      published: { companyName: "Summit Lead Marketing" },
      updatedBy: { name: "Mara Content" },
    });
    const stale = await put(owner, SITE, { ...site, companyName: "Summit Three" }, "1");
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ContentConflict<SiteSettingsDocument>>()).toMatchObject({
      current: { revision: 2, draft: { companyName: "Summit Two" } },
      yours: { companyName: "Summit Three" },
    });
    expect((await published()).site.companyName).toBe("Summit Lead Marketing");

    const version = await t.app.content.version();
    const publishedSite = await as(owner).post(`${SITE}/publish`);
    expect(publishedSite.json<SiteSettingsDocument>()).toMatchObject({ publishedRevision: 2 });
    expect((await published()).site.companyName).toBe("Summit Two");
    expect(await t.app.content.version()).toBe(version + 1);
    expect(await contentActivity()).toEqual(
      expect.arrayContaining(["published the site's settings", "saved the site's settings"]),
    );
  });
});

describe("two instances on one database", () => {
  it("starting together on an empty database, seed it once", async () => {
    const fresh = await createTestDatabase();
    const start = () => createTestApp({}, fresh, { clock: clock.clock, contentSeed: async () => seed });
    const apps = await Promise.all([start(), start()]);
    try {
      const content = await apps[1]!.app.content.loadPublished();
      expect(content.version).toBe(1);
      expect(content.posts).toHaveLength(2);
      const revisions = await apps[0]!.app.db.selectFrom("contentRevisions").select("action").execute();
      expect(revisions).toHaveLength(3);
    } finally {
      for (const app of apps) await app.close();
      await fresh.drop();
    }
  });
});
