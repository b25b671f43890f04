import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublishedContent } from "../../contract/content.ts";
import { fakeSeed, fakeSiteRenderer } from "../../tests/helpers/fake-site-renderer.ts";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app.ts";
import { SitePages } from "./page-renderer.ts";

// Issue 39 §3: the pages the server writes itself (a form's confirmation and problems, the thank-you page, the
// pages that say why nothing was saved, a public page's 500 and 503) come in the site's own frame, rendered by
// the site's renderer from the published content; the frame still answers with the database away (the last
// one rendered, else the build's seed). And §5: pages rendered in an earlier year are rendered again, so the
// footer's year follows the clock. A small renderer stands in for the build's (tests/helpers/fake-site-renderer.ts).

let t: TestApp;
let clientDir: string;
const renderer = fakeSiteRenderer();
const origin = "http://localhost:80";

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), "agency-server-pages-"));
  mkdirSync(join(clientDir, "admin"));
  writeFileSync(join(clientDir, "admin", "index.html"), "<!doctype html><title>Admin</title><div id=root></div>");
  t = await createTestApp({ clientDir }, undefined, { siteRenderer: renderer });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The frame's own parts, as the fake renderer draws them: the site's header and footer, one main. */
function expectInSiteFrame(html: string) {
  expect(html.match(/<header data-site-frame>/g)).toHaveLength(1);
  expect(html.match(/<footer data-site-frame>/g)).toHaveLength(1);
  expect(html.match(/<main\b/g)).toHaveLength(1);
  expect(html.match(/<h1\b/g)).toHaveLength(1);
  // The markers are filled, never left for the visitor to see.
  expect(html).not.toContain("__TITLE__");
  expect(html).not.toContain("<!--main-->");
  expect(html).toContain('<div class="server-page">');
}

describe("the pages the server writes itself, in the site's frame", () => {
  it("the thank-you page: the site's header and footer around the form's promise, its own title and policy", async () => {
    const response = await t.app.inject({ method: "GET", url: "/forms/personal-injury-audit/sent" });
    expect(response.statusCode).toBe(200);
    expectInSiteFrame(response.body);
    expect(response.body).toContain("<title>Thank you</title>");
    expect(response.body).toContain("Thank you! We have your request.");
    // The published site settings are the frame's (the seed's company and phone here).
    expect(response.body).toContain(`<a href="/">${fakeSeed.site.companyName}</a>`);
    expect(response.headers["cache-control"]).toBe("no-store");
    // The page's own stylesheet is allowed by its hash, nothing inline beyond it.
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toMatch(/style-src 'self' 'sha256-[^']+'/);
    expect(policy).not.toContain("unsafe-inline");
    expect(renderer.renders).toContain("/server-page-frame");
  });

  it("the confirmation step and the problems page, filled with what was typed, in the frame", async () => {
    const post = (body: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/forms/lead-audit",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        payload: new URLSearchParams(body).toString(),
      });
    const confirm = await post({
      firstName: "Jordan",
      lastName: "Ellis",
      email: "j@ellis.example",
      phone: "5125550142",
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expectInSiteFrame(confirm.body);
    expect(confirm.body).toContain("<h1>Check your details and send</h1>");
    expect(confirm.body).toContain('value="Jordan"');

    const problems = await post({ firstName: "", lastName: "Ellis", email: "j@ellis.example", phone: "5125550142" });
    expect(problems.statusCode).toBe(422);
    expectInSiteFrame(problems.body);
    expect(problems.body).toContain('role="alert"');
  });

  it("a visitor's text cannot break out of the frame: `$` patterns and markup stay text", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/forms/lead-audit",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      payload: new URLSearchParams({
        firstName: "$& $' <!--main--> __TITLE__",
        lastName: "<script>alert(1)</script>",
        email: "x@example.com",
        phone: "5125550142",
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("$&amp; $&#39; &lt;!--main--&gt; __TITLE__");
    expect(response.body).not.toContain("<script>alert(1)</script>");
    expect(response.body.match(/<header data-site-frame>/g)).toHaveLength(1);
  });
});

describe("a public page that cannot be rendered", () => {
  it("is a 500 page in the site's frame, with the phone, never JSON", async () => {
    const dir = mkdtempSync(join(tmpdir(), "agency-server-pages-500-"));
    mkdirSync(join(dir, "admin"));
    writeFileSync(join(dir, "admin", "index.html"), "<!doctype html><title>Admin</title><div id=root></div>");
    const fake = fakeSiteRenderer();
    const broken = {
      ...fake,
      renderPage: (path: string, content: PublishedContent) =>
        path === "/contact" ? Promise.reject(new Error("a component threw")) : fake.renderPage(path, content),
    };
    const app = await createTestApp({ clientDir: dir }, undefined, { siteRenderer: broken });
    try {
      const response = await app.app.inject({ method: "GET", url: "/contact" });
      expect(response.statusCode).toBe(500);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expectInSiteFrame(response.body);
      expect(response.body).toContain("Something went wrong on our side");
      expect(response.body).toContain('href="tel:+15125550186"');
      expect(String(response.headers["content-security-policy"])).toContain("default-src");
      // The other pages are served as before.
      expect((await app.app.inject({ method: "GET", url: "/" })).statusCode).toBe(200);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the frame without the database, and the year", () => {
  const seedContent: PublishedContent = { version: 0, ...fakeSeed, redirects: {}, gone: [], pages: {} };
  const failing = { version: () => Promise.reject(new Error("down")), load: () => Promise.reject(new Error("down")) };

  it("renders the frame from the build's seed when the content was never read", async () => {
    const pages = new SitePages(fakeSiteRenderer(), failing, async () => null);
    const frame = await pages.frame();
    expect(frame.html).toContain(fakeSeed.site.companyName);
    expect(frame.html).toContain(frame.mainMarker);
  });

  it("keeps the frame last rendered from the published content while the database is away", async () => {
    let up = true;
    const published = { ...seedContent, version: 3, site: { ...seedContent.site, companyName: "Published Name Co" } };
    const source = {
      version: async () => (up ? 3 : Promise.reject(new Error("down"))),
      load: async () => (up ? published : Promise.reject(new Error("down"))),
    };
    let now = Date.parse("2026-06-01T00:00:00Z");
    const pages = new SitePages(
      fakeSiteRenderer(),
      source,
      async () => null,
      () => now,
    );
    expect((await pages.frame()).html).toContain("Published Name Co");
    up = false;
    now += 5000;
    expect((await pages.frame()).html).toContain("Published Name Co");
  });

  it("renders every page again once the UTC year has changed, without a publish", async () => {
    const fake = fakeSiteRenderer();
    const source = { version: async () => 0, load: async () => seedContent };
    let now = Date.parse("2026-12-31T23:59:58Z");
    const pages = new SitePages(
      fake,
      source,
      async () => null,
      () => now,
    );
    await pages.answer("/");
    await pages.answer("/");
    expect(fake.renders.filter((path) => path === "/")).toHaveLength(1);
    now = Date.parse("2027-01-01T00:00:01Z");
    await pages.answer("/");
    expect(fake.renders.filter((path) => path === "/")).toHaveLength(2);
  });
});
