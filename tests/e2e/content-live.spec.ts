import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { e2eAdmin, e2eTimings } from "../../playwright.config.ts";
import { postFieldsOf, type Post } from "../../contract/content.ts";
import { startServerProcess, type StartedServer } from "../helpers/server-process.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";
import { expectNoBlockingViolations } from "./axe.ts";
import { test, expect } from "./fixtures.ts";
import { publicRoutes } from "./public-routes.ts";

// Issue 37: what the owner publishes is live on every instance within two seconds (the time is printed here),
// with no rebuild. Two real server processes on one PostgreSQL database serve the e2e build; the owner works
// through the API on the first, and visitors read the second. Servers of this spec's own: the shared e2e
// servers keep the seeded site.

const HOSTILE_BODY = [
  "A lead paragraph that is plain and safe, long enough to read as one.",
  "",
  "## A heading <img src=x onerror=alert(1)>",
  "",
  '<script>window.__owned = true</script><div onmouseover="alert(2)">raw html</div>',
  "",
  "[click me](javascript:alert(3)) and [data link](data:text/html;base64,PHNjcmlwdD5hbGVydCg0KTwvc2NyaXB0Pg==)",
  "",
  "![pixel](javascript:alert(5)) <iframe src=https://evil.example></iframe>",
  "",
  "<a href='javascript:alert(6)'>inline anchor</a> <svg onload=alert(7)></svg>",
  "",
  "A [safe link](/contact) and [an outside one](https://example.com/guide).",
].join("\n");

let database: TestDatabase;
/** Every server that started, for afterAll to stop. */
let servers: StartedServer[] = [];
let first: StartedServer;
let second: StartedServer;
let owner: APIRequestContext;
const base = (server: StartedServer) => `http://127.0.0.1:${server.port}`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await createTestDatabase("postgres");
  const env = {
    CLIENT_DIR: `${process.env.E2E_BUILD_DIR ?? "build-e2e"}/client`,
    ADMIN_EMAIL: e2eAdmin.email,
    ADMIN_PASSWORD: e2eAdmin.password,
    RATE_LIMIT_ENABLED: "false",
    FORM_MIN_FILL_MS: String(e2eTimings.minFillMs),
  };
  // Started together, as two instances of a deploy: the content is seeded once. One that started is kept even
  // when the other fails, so that afterAll stops it.
  const started = await Promise.allSettled([
    startServerProcess(database.database, env),
    startServerProcess(database.database, env),
  ]);
  servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  for (const result of started) if (result.status === "rejected") throw result.reason;
  [first, second] = servers as [StartedServer, StartedServer];
  owner = await playwrightRequest.newContext({
    baseURL: base(first),
    extraHTTPHeaders: { origin: base(first) },
  });
  const signedIn = await owner.post("/api/admin/login", {
    data: { username: e2eAdmin.email, password: e2eAdmin.password },
  });
  expect(signedIn.status()).toBe(200);
});

test.afterAll(async () => {
  await owner?.dispose();
  for (const server of servers) {
    if (server.alive()) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }
  await database?.drop();
});

async function createPost(fields: Partial<Post> & { slug: string; title: string }): Promise<Post> {
  const created = await owner.post("/api/admin/content/posts", {
    data: {
      description:
        "What an owner wrote in the admin and published without a developer, checked on two instances at once.",
      body: "The lead paragraph of a post the owner wrote in the admin.\n\n## What changed\n\nIt is live at once.",
      author: "Jordan Reeves",
      category: "Local SEO",
      tags: ["local"],
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Post;
}

async function publish(id: string) {
  const published = await owner.post(`/api/admin/content/posts/${id}/publish`, { data: {} });
  expect(published.status(), await published.text()).toBe(200);
  return (await published.json()) as Post;
}

/** Polls `url` until `done` holds; resolves to the milliseconds it took. */
async function waitUntil(url: string, done: (status: number, body: string) => boolean, limitMs = 10_000) {
  const started = Date.now();
  for (;;) {
    const response = await fetch(url);
    const body = await response.text();
    if (done(response.status, body)) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`${url} answered ${response.status} after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("a post published on one instance is served by the other without a rebuild (time printed), on /blog, its page, the feed and the sitemap", async ({
  page,
}) => {
  const post = await createPost({
    slug: "live-in-seconds",
    title: "Live in Seconds: A Post Published Without a Rebuild",
  });
  // A draft is nowhere.
  expect((await fetch(`${base(second)}/blog/live-in-seconds`)).status).toBe(404);

  await publish(post.id);
  const took = await waitUntil(`${base(second)}/blog/live-in-seconds`, (status) => status === 200);
  // Speed is for benchmarks: the time is printed; the limit only says it came by the version check.
  console.log(`published on the first instance, served by the second after ${took} ms`);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${base(second)}/blog`);
    const card = page.getByRole("link", { name: "Live in Seconds: A Post Published Without a Rebuild" }).first();
    await expect(card).toBeVisible();
    await card.click();
    await expect(page).toHaveURL(`${base(second)}/blog/live-in-seconds`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Live in Seconds: A Post Published Without a Rebuild" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "What changed" })).toBeVisible();
    await expectNoBlockingViolations(page);
  }

  const feed = await (await fetch(`${base(second)}/blog/rss.xml`)).text();
  expect(feed).toContain("/blog/live-in-seconds</link>");
  const sitemap = await (await fetch(`${base(second)}/sitemap.xml`)).text();
  expect(sitemap).toContain("/blog/live-in-seconds</loc>");
});

test("nothing hostile in a post's Markdown reaches the page: no script, handler, javascript: or data: address", async ({
  page,
}) => {
  const post = await createPost({
    slug: "hostile-markdown",
    title: "A Post Whose Body Tries Every Trick in the Book",
    body: HOSTILE_BODY,
  });
  await publish(post.id);
  await waitUntil(`${base(second)}/blog/hostile-markdown`, (status) => status === 200);
  await page.goto(`${base(second)}/blog/hostile-markdown`);
  const article = page.locator("article .article-body");
  await expect(article).toContainText("raw html");
  expect(await page.evaluate(() => (window as unknown as { __owned?: boolean }).__owned)).toBeUndefined();
  const unsafe = await page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll("main *")) {
      for (const attribute of element.getAttributeNames()) {
        const value = element.getAttribute(attribute) ?? "";
        if (attribute.startsWith("on")) found.push(`${element.tagName} ${attribute}`);
        if (/^\s*(javascript|data|vbscript):/i.test(value)) found.push(`${element.tagName} ${attribute}=${value}`);
      }
      if (["SCRIPT", "IFRAME", "OBJECT", "EMBED", "SVG"].includes(element.tagName.toUpperCase()))
        found.push(element.tagName);
    }
    return found;
  });
  expect(unsafe).toEqual([]);
  await expect(page.locator('main a[href="/contact"]', { hasText: "safe link" })).toBeVisible();
});

test("a renamed post's old address redirects (301); an unpublished post answers 410 on both instances", async () => {
  const post = await createPost({ slug: "first-name-of-a-post", title: "A Post That Will Change Its Address Soon" });
  const live = await publish(post.id);
  await waitUntil(`${base(second)}/blog/first-name-of-a-post`, (status) => status === 200);

  const renamed = await owner.put(`/api/admin/content/posts/${post.id}`, {
    headers: { "if-match": String(live.revision) },
    data: { ...postFieldsOf(live), slug: "second-name-of-a-post" },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await publish(post.id);
  await waitUntil(`${base(second)}/blog/second-name-of-a-post`, (status) => status === 200);
  const old = await fetch(`${base(second)}/blog/first-name-of-a-post`, { redirect: "manual" });
  expect(old.status).toBe(301);
  expect(old.headers.get("location")).toBe("/blog/second-name-of-a-post");

  const unpublished = await owner.post(`/api/admin/content/posts/${post.id}/unpublish`);
  expect(unpublished.status()).toBe(200);
  await waitUntil(`${base(second)}/blog/second-name-of-a-post`, (status) => status === 410);
  expect((await fetch(`${base(first)}/blog/second-name-of-a-post`)).status).toBe(410);
  expect((await fetch(`${base(second)}/blog/never-existed`)).status).toBe(404);
});

test("a new phone in the site's settings shows in the header of every page, on both instances", async ({ page }) => {
  const site = await owner.get("/api/admin/content/site");
  expect(site.status()).toBe(200);
  const document = (await site.json()) as { draft: Record<string, unknown>; revision: number };
  const saved = await owner.put("/api/admin/content/site", {
    headers: { "if-match": String(document.revision) },
    data: { ...document.draft, phone: "(737) 555-0142" },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // A draft changes nothing a visitor sees.
  expect(await (await fetch(`${base(second)}/`)).text()).not.toContain("(737) 555-0142");

  expect((await owner.post("/api/admin/content/site/publish")).status()).toBe(200);
  const took = await waitUntil(`${base(second)}/`, (_status, body) => body.includes("(737) 555-0142"));
  console.log(`the new phone reached the second instance's home page after ${took} ms`);

  for (const server of [first, second]) {
    for (const route of publicRoutes) {
      await page.goto(`${base(server)}${route.path}`);
      const call = page
        .locator("header")
        .getByRole("link", { name: /Call|\(737\) 555-0142/ })
        .first();
      await expect(call, `${route.path} on port ${server.port}`).toHaveAttribute("href", "tel:+17375550142");
    }
  }
});
