import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

// The specs' accessibility and fit checks: no serious or critical axe violation, no sideways scrolling.

/** axe-core on the page, or on `include` only; `exclude` leaves parts out (a third party's iframe). */
export async function expectNoBlockingViolations(
  page: Page,
  { include, exclude }: { include?: string; exclude?: string } = {},
) {
  // Legacy mode: axe runs in the page's own frames and opens no helper page to merge their results. With the
  // helper page, closing it hung the admin inbox's check after the delete dialog in two full CI runs (issue 34);
  // our pages' frames are ours or left out (a third party's iframe), which legacy mode tests alike.
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (include !== undefined) builder = builder.include(include);
  if (exclude !== undefined) builder = builder.exclude(exclude);
  const results = await builder.analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    blocking.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    ),
  ).toEqual([]);
}

export async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * axe-core on a page as a visitor without JavaScript has it. axe runs as script, which a context without
 * JavaScript refuses; so the document as it stands (`page.content()`, read through Playwright's own world) is
 * loaded at the same address in a context with JavaScript, its scripts removed so nothing changes it, its
 * stylesheet and fonts from the server as before.
 */
export async function expectNoBlockingViolationsWithoutJavaScript(page: Page, browser: Browser) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const url = page.url();
  // JavaScript on explicitly: a context made in a test may take the test's options.
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    const checker = await context.newPage();
    await checker.route(url, (route) =>
      route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    await checker.goto(url);
    await expectNoBlockingViolations(checker);
  } finally {
    await context.close();
  }
}
