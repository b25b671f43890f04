import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
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
