import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { e2eAnalyticsId } from "../../playwright.config.ts";
import { showForm } from "./helpers.ts";

// The browser-test build carries a test measurement ID; the analytics script itself is answered
// locally (no internet here) by a stand-in that sends the page views it finds, and those requests are counted.

async function pageViews(page: Page) {
  return page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === "event" && args[1] === "page_view")
      .map((args) => (args[2] as { page_path: string }).page_path),
  );
}

/**
 * A stand-in for the Google tag that does what the real one does with page views: it reads the commands
 * queued in dataLayer before it arrived and those pushed later, and sends each page_view to the
 * collection host. Counting those requests counts what the analytics service would record.
 */
const TAG_STAND_IN = `(function () {
  var queue = (window.dataLayer = window.dataLayer || []);
  function run(args) {
    if (args[0] !== "event" || args[1] !== "page_view") return;
    fetch("https://region1.google-analytics.com/g/collect?en=page_view&dp=" + encodeURIComponent(args[2].page_path), { method: "POST", mode: "no-cors", keepalive: true });
  }
  for (var i = 0; i < queue.length; i += 1) run(queue[i]);
  var push = queue.push;
  queue.push = function () {
    for (var j = 0; j < arguments.length; j += 1) run(arguments[j]);
    return push.apply(queue, arguments);
  };
})();`;

/** Answers the tag's script with the stand-in and counts the page views it sends, by page path. */
async function countCollects(page: Page) {
  const scripts: string[] = [];
  const collected: string[] = [];
  await page.route("https://www.googletagmanager.com/**", (route) => {
    scripts.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/javascript", body: TAG_STAND_IN });
  });
  await page.route("https://*.google-analytics.com/**", (route) => {
    collected.push(new URL(route.request().url()).searchParams.get("dp") ?? "");
    return route.fulfill({ status: 204 });
  });
  return { scripts, collected };
}

test("the analytics script loads after the load event and the largest paint, and every page view of a visitor who stays is sent once", async ({
  page,
}) => {
  const { scripts, collected } = await countCollects(page);
  const script = `https://www.googletagmanager.com/gtag/js?id=${e2eAnalyticsId}`;

  await page.goto("/");
  await expect.poll(() => collected).toEqual(["/"]);
  expect(scripts).toEqual([script]);
  expect(await page.locator('script[src*="googletagmanager"]').getAttribute("async")).not.toBeNull();
  // Requested after the load event and the largest paint (docs/decisions/037, 045): never in front of it.
  const [loadEnd, largestPaint, scriptStart] = await page.evaluate(async (url) => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const largest = await new Promise<number>((done) =>
      new PerformanceObserver((list) => done(Math.max(...list.getEntries().map((entry) => entry.startTime)))).observe({
        type: "largest-contentful-paint",
        buffered: true,
      }),
    );
    return [navigation.loadEventEnd, largest, performance.getEntriesByName(url)[0]?.startTime ?? -1];
  }, script);
  expect(loadEnd).toBeGreaterThan(0);
  expect(scriptStart).toBeGreaterThanOrEqual(loadEnd);
  expect(scriptStart).toBeGreaterThan(largestPaint);

  // The visitor stays: nothing more is sent, nothing twice (once the page's network has gone quiet).
  await page.waitForLoadState("networkidle");
  expect(collected).toEqual(["/"]);

  // Every page is its own load (static pages): its own queue, one script, one page view.
  await page.getByRole("link", { name: "Services" }).first().click();
  await expect(page).toHaveURL(/\/services$/);
  await expect.poll(() => collected).toEqual(["/", "/services"]);
  expect(scripts).toEqual([script, script]);
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(1);
  expect(await pageViews(page)).toEqual(["/services"]);

  // A third page, reached by its address, and a stay on it.
  await page.goto("/contact");
  await expect.poll(() => collected).toEqual(["/", "/services", "/contact"]);
  await page.waitForLoadState("networkidle");
  expect(collected).toEqual(["/", "/services", "/contact"]);
});

test("calls the conversion function after a successful submission", async ({ page }) => {
  await page.clock.install();
  await page.addInitScript(() => {
    (window as unknown as { conversions: number }).conversions = 0;
    window.gtag_report_conversion = () => {
      (window as unknown as { conversions: number }).conversions += 1;
    };
  });
  await page.goto("/get-leads");
  const section = page.getByRole("region", { name: "Get Your FREE Lead Audit" });
  await showForm(section.getByRole("button"));
  await section.getByLabel("First Name").fill("Conv");
  await section.getByLabel("Last Name").fill("Ersion");
  await section.getByRole("textbox", { name: "Email", exact: true }).fill(`conversion-${Date.now()}@example.com`);
  await section.getByLabel("Phone").fill("3125550100");
  await page.clock.fastForward(3000);
  await section.getByRole("button").click();
  await expect(page.locator('li[data-state="open"]')).toContainText("Success!");
  expect(await page.evaluate(() => (window as unknown as { conversions: number }).conversions)).toBe(1);
});
