import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { e2eAnalyticsId } from "../../playwright.config.ts";
import { showForm } from "./helpers.ts";

// The browser-test build carries a test measurement ID; the analytics script itself is answered
// locally (no internet here), so what the page queued in dataLayer can be read.

async function pageViews(page: Page) {
  return page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === "event" && args[1] === "page_view")
      .map((args) => (args[2] as { page_path: string }).page_path),
  );
}

test("loads the analytics script asynchronously and records exactly one page view on every page load", async ({ page }) => {
  const scripts: string[] = [];
  await page.route("https://www.googletagmanager.com/**", (route) => {
    scripts.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/javascript", body: "/* analytics stand-in */" });
  });
  const script = `https://www.googletagmanager.com/gtag/js?id=${e2eAnalyticsId}`;

  await page.goto("/");
  await expect.poll(() => pageViews(page)).toEqual(["/"]);
  expect(scripts).toEqual([script]);
  expect(await page.locator('script[src*="googletagmanager"]').getAttribute("async")).not.toBeNull();

  // Every page is its own load (static pages): its own queue, one script, one page view.
  await page.getByRole("link", { name: "Services" }).first().click();
  await expect(page).toHaveURL(/\/services$/);
  await expect.poll(() => pageViews(page)).toEqual(["/services"]);
  expect(scripts).toEqual([script, script]);
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(1);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => pageViews(page)).toEqual(["/"]);
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
