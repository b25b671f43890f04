import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { publicRoutes } from "./public-routes.ts";

// The brand (issue 14 point 1, docs/decisions/026-visual-identity.md): one self-hosted typeface whose
// swap moves nothing, one button style per hero, package tiers in the brand's colours, and imagery that
// is either named for screen readers or hidden from them.

/** The tops of the text elements in the first screenful, in document order. */
function textTopsAboveTheFold(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("main :is(h1, h2, h3, p, li, a, dt, dd)")]
      .map((element) => element.getBoundingClientRect().top + window.scrollY)
      .filter((top) => top < window.innerHeight)
      .map((top) => Math.round(top)),
  );
}

/**
 * When the page started fetching the brand font, when its load event started and when its last
 * largest-contentful-paint candidate was painted (ms from navigation; LCP entries are not in the
 * performance timeline, a buffered observer hands them over).
 */
function fontTiming(
  page: Page,
): Promise<{ fontStart: number | undefined; loadStart: number; largestPaint: number; brandClass: boolean }> {
  return page.evaluate(async () => ({
    fontStart: performance.getEntriesByType("resource").find((entry) => entry.name.endsWith(".woff2"))?.startTime,
    loadStart: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
    largestPaint: await new Promise<number>((done) =>
      new PerformanceObserver((list) => done(Math.max(...list.getEntries().map((entry) => entry.startTime)))).observe({
        type: "largest-contentful-paint",
        buffered: true,
      }),
    ),
    brandClass: document.documentElement.classList.contains("brand-font"),
  }));
}

test("the brand typeface is one file from our origin, fetched after the first page's load, used at once from the next", async ({
  page,
}) => {
  const fontRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fontRequests.push(request.url());
  });
  await page.goto("/");
  // The first page stays in the fallback: a swap there could rewrap a line (a shift, a later largest paint).
  await page.waitForFunction(() =>
    [...document.fonts].some((face) => face.family === "Figtree Variable" && face.status === "loaded"),
  );
  expect(fontRequests).toHaveLength(1);
  expect(new URL(fontRequests[0]!).pathname).toMatch(/^\/assets\/figtree-latin-wght-normal\.[\w-]+\.woff2$/);
  expect(new URL(fontRequests[0]!).origin).toBe(new URL(page.url()).origin);
  // First visit: nothing before the load event and the largest paint asked for it, so Lighthouse's
  // simulation does not count it as a request the largest paint waited for (docs/decisions/045).
  expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(0);
  const first = await fontTiming(page);
  expect(first.fontStart).toBeGreaterThanOrEqual(first.loadStart);
  expect(first.fontStart).toBeGreaterThan(first.largestPaint);
  expect(first.brandClass).toBe(false);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-family", /^"Figtree Fallback"/);

  // Next page: the font is wanted from the first style, before the load event.
  await page.goto("/services", { waitUntil: "domcontentloaded" });
  const next = await fontTiming(page);
  expect(next.brandClass).toBe(true);
  await page.waitForLoadState("load");
  const afterLoad = await fontTiming(page);
  expect(afterLoad.fontStart).toBeLessThan(afterLoad.loadStart);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS(
    "font-family",
    /^"Figtree Variable", "Figtree Fallback"/,
  );
});

test("the home page links its icon file for search engines, and the browser takes the page's own icon instead of fetching it", async ({
  page,
}) => {
  const iconRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/favicon")) iconRequests.push(request.url());
  });
  await page.goto("/");
  // The icon request Chromium makes comes right after the load event (decision 049: before the largest paint on /).
  await page.waitForLoadState("load");
  await page.waitForTimeout(1000);
  await expect(page.locator('link[rel="icon"][href="/favicon.svg"]')).toHaveAttribute("sizes", "48x48");
  await expect(page.locator('link[rel="icon"][href^="data:image/svg+xml,"]')).toHaveAttribute("sizes", "any");
  expect(iconRequests).toEqual([]);
  // The file is still served for whoever reads the link.
  const file = await page.request.get("/favicon.svg");
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
});

for (const width of [390, 1280]) {
  test(`at ${width} px, the metric-matched fallback puts the first screenful where the typeface does`, async ({
    browser,
  }) => {
    for (const path of ["/", "/plumbing", "/ultimate-pitch"]) {
      const tops: Record<"typeface" | "fallback", number[]> = { typeface: [], fallback: [] };
      for (const mode of ["typeface", "fallback"] as const) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        // A later page of a visit (the font known to be cached) asks for the typeface at once; without the
        // file it stays on the fallback: what a visitor would see if the cache had lost it.
        await page.addInitScript(() => localStorage.setItem("brand-font", "1"));
        if (mode === "fallback") await page.route(/\.woff2$/, (route) => route.abort());
        await page.goto(path);
        // Wait for the font to arrive, or (blocked) to fail.
        await page.waitForFunction(() =>
          [...document.fonts].some(
            (face) => face.family === "Figtree Variable" && ["loaded", "error"].includes(face.status),
          ),
        );
        expect(
          await page.evaluate(() =>
            [...document.fonts].some((face) => face.family === "Figtree Variable" && face.status === "loaded"),
          ),
        ).toBe(mode === "typeface");
        tops[mode] = await textTopsAboveTheFold(page);
        await context.close();
      }
      expect(tops.fallback.length, `${path}: text in the first screenful`).toBeGreaterThan(3);
      expect(tops.fallback, `${path}: positions with the fallback vs the typeface`).toEqual(tops.typeface);
    }
  });
}

// Issue 39: one primary (filled) and the others secondary (outlined); each kind looks the same everywhere.
test("every hero's buttons: at most one primary, and each kind in one style", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const buttonsPerPage = new Map<string, number>();
  const allStyles: string[] = [];
  for (const { path } of publicRoutes) {
    await page.goto(path);
    const hero = page.locator("main section").first();
    // The hero's buttons: its links drawn as a box (filled or outlined, 40 px or taller), outside any form or aside card.
    const styles = await hero.evaluate((section) =>
      [...section.querySelectorAll("a")]
        .filter((link) => {
          const style = getComputedStyle(link);
          const boxed = style.backgroundColor !== "rgba(0, 0, 0, 0)" || Number.parseFloat(style.borderTopWidth) > 0;
          return boxed && link.getBoundingClientRect().height >= 40 && !link.closest("form, .rounded-2xl, .rounded-xl");
        })
        .map((link) => {
          const style = getComputedStyle(link);
          return [
            link.dataset.cta ?? "unmarked",
            style.backgroundColor,
            style.color,
            style.borderTopWidth,
            style.borderTopColor,
            style.borderRadius,
            style.fontWeight,
          ].join(" ");
        }),
    );
    buttonsPerPage.set(path, styles.length);
    const of = (emphasis: string) => styles.filter((style) => style.startsWith(`${emphasis} `));
    expect(of("unmarked"), path).toEqual([]);
    expect(of("primary").length, `${path}: ${JSON.stringify(styles)}`).toBeLessThanOrEqual(1);
    expect(new Set(of("secondary")).size, `${path}: ${JSON.stringify(styles)}`).toBeLessThanOrEqual(1);
    allStyles.push(...styles);
  }
  // The check saw the buttons: the home page's three audience choices (the case the issue names), the trade pages' three.
  expect(buttonsPerPage.get("/")).toBe(3);
  expect(buttonsPerPage.get("/plumbing")).toBe(3);
  // One primary look and one secondary look across every hero.
  expect(new Set(allStyles).size, JSON.stringify([...new Set(allStyles)])).toBe(2);
});

test("the three packages read as tiers in the brand's colours, none red, the middle one most popular", async ({
  page,
}) => {
  await page.goto("/ultimate-pitch");
  const cards = page.locator("#packages article");
  await expect(cards.getByRole("heading", { level: 3 })).toHaveText([
    "Just growing a little",
    "Accelerate My Growth",
    "Explosive Growth",
  ]);
  await expect(cards.nth(1)).toContainText("Most Popular");
  const colours = await cards.evaluateAll((articles) =>
    articles.map((article) => {
      const parse = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const header = article.querySelector("h3")!.closest("div.rounded-t-2xl")!;
      const [r, g, b] = parse(getComputedStyle(header).backgroundColor);
      const all = [article, ...article.querySelectorAll("*")].flatMap((element) => {
        const style = getComputedStyle(element);
        return [style.color, style.backgroundColor, style.borderTopColor].map(parse);
      });
      return {
        headerLuminance: 0.2126 * r! + 0.7152 * g! + 0.0722 * b!,
        reds: all.filter(([red = 0, green = 0, blue = 0]) => red > 150 && green < 90 && blue < 90).length,
      };
    }),
  );
  expect(colours.map((colour) => colour.reds)).toEqual([0, 0, 0]);
  // Each tier's header is darker than the one before: emphasis grows with the tier.
  expect(colours[0]!.headerLuminance).toBeGreaterThan(colours[1]!.headerLuminance);
  expect(colours[1]!.headerLuminance).toBeGreaterThan(colours[2]!.headerLuminance);
});

test("the 3-step systems are diagrams: three numbered stages in one row on desktop, stacked on phones", async ({
  page,
}) => {
  for (const path of ["/plumbing", "/home-services", "/personal-injury", "/get-leads"]) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      const stages = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { level: 3, name: /^Step [123]: / }) });
      await expect(stages, path).toHaveCount(3);
      // Joined by arrows: every stage but the payoff carries the connector to the next.
      expect(
        await stages.evaluateAll((items) =>
          items.map((item) => item.querySelectorAll('[aria-hidden="true"] svg').length),
        ),
        path,
      ).toEqual([1, 1, 0]);
      const tops = await stages.evaluateAll((items) =>
        items.map((item) => Math.round(item.getBoundingClientRect().top)),
      );
      if (width === 1280) expect(new Set(tops).size, `${path} at ${width}: one row`).toBe(1);
      else
        expect(
          tops.every((top, index) => index === 0 || top > tops[index - 1]!),
          `${path} at ${width}: stacked ${tops}`,
        ).toBe(true);
    }
  }
});

test("every picture in the pages is named for screen readers or hidden from them", async ({ page }) => {
  for (const { path } of publicRoutes) {
    await page.goto(path);
    const unnamed = await page.locator("main svg").evaluateAll((svgs) =>
      svgs
        .filter((svg) => !svg.closest('[aria-hidden="true"]'))
        .filter(
          (svg) =>
            !(
              svg.getAttribute("role") === "img" &&
              (svg.getAttribute("aria-label") || svg.getAttribute("aria-labelledby"))
            ),
        )
        .map((svg) => svg.outerHTML.slice(0, 80)),
    );
    expect(unnamed, path).toEqual([]);
  }
  await page.goto("/services");
  await expect(page.getByRole("img", { name: /monthly report clients get/ })).toBeVisible();
});
