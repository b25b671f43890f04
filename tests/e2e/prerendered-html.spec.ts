import { expect, test } from "./fixtures.ts";
import { blogRoutes, publicRoutes } from "./public-routes.ts";

// Without a browser: what a search engine receives before any script runs.

function decode(text: string) {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "");
}

for (const route of publicRoutes) {
  test(`${route.path} arrives as HTML with its h1, title, description, canonical and social tags`, async ({
    request,
  }) => {
    const response = await request.get(route.path);
    expect(response.status()).toBe(200);
    const html = await response.text();

    const h1s = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) =>
      decode(m[1]!.replace(/<[^>]+>/g, "")).trim(),
    );
    expect(h1s, "exactly one h1").toHaveLength(1);
    expect(h1s[0]!.length).toBeGreaterThan(5);
    if (route.h1) expect(h1s[0]).toBe(route.h1);

    const title = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
    expect(title).toContain("Summit Lead Marketing");
    const description = decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "");
    expect(description.length).toBeGreaterThanOrEqual(50);
    expect(description.length).toBeLessThanOrEqual(170);

    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    // The browser-test build declares https://e2e.agency.example as its origin (npm run build:e2e).
    expect(canonical).toBe(`https://e2e.agency.example${route.path}`);
    for (const tag of [
      'property="og:title"',
      'property="og:description"',
      'property="og:url"',
      'property="og:type"',
      'name="twitter:card"',
      'name="twitter:title"',
    ]) {
      expect(html, tag).toContain(tag);
    }
  });
}

test("every page has its own title and description", async ({ request }) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  const paths = [...publicRoutes.map((r) => r.path), ...blogRoutes];
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    titles.add(/<title>([^<]*)<\/title>/.exec(html)![1]!);
    descriptions.add(/<meta name="description" content="([^"]*)"/.exec(html)![1]!);
  }
  expect(titles.size).toBe(paths.length);
  expect(descriptions.size).toBe(paths.length);
});

test("the sitemap lists every public route once and robots.txt disallows /admin and /api", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(locs.sort()).toEqual([...publicRoutes.map((r) => r.path), ...blogRoutes].sort());

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain("Disallow: /api");
  expect(robots).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
});

test("every page's footer, before any script runs, links every audience and the free audits; the home page links law firms", async ({
  request,
}) => {
  const footerLinks = [
    "/home-services",
    "/plumbing",
    "/hvac",
    "/SEO-For-Roofing-Companies",
    "/personal-injury",
    "/get-leads",
    "/improve-website",
    "/marketing-coaching",
  ];
  for (const route of publicRoutes) {
    const html = await (await request.get(route.path)).text();
    const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? "";
    for (const path of footerLinks) expect(footer, `${route.path}: footer link to ${path}`).toContain(`href="${path}"`);
  }
  const main = /<main[\s\S]*<\/main>/.exec(await (await request.get("/")).text())?.[0] ?? "";
  expect(main, "the home page's own content links /personal-injury").toContain('href="/personal-injury"');
});

test("the home page describes the business in schema.org JSON-LD", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json).toBeDefined();
  const data = JSON.parse(json!);
  expect(data["@context"]).toBe("https://schema.org");
  expect(data["@type"]).toBe("ProfessionalService");
  expect(data.name).toBe("Summit Lead Marketing");
  expect(data.telephone).toBeTruthy();
  expect(data.url).toMatch(/^https?:\/\//);
});
