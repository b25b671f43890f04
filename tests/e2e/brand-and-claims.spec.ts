import type { Browser, Page } from "@playwright/test";
import { CLIENT_STRIP_NAMES } from "../../app/lib/client-strip.ts";
import { expectNoBlockingViolations, expectNoBlockingViolationsWithoutJavaScript } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { uniqueEmail } from "./helpers.ts";

// Issue 39 §3 and §5 at the four widths the issue names. §3: the pages the server writes itself without
// JavaScript (the confirmation step, the problems page, the thank-you page, the 404 page) carry the site's
// header, footer and stylesheet, one h1 in one main, a skip link first, and pass axe with JavaScript off. §5:
// every figure of the home and SEO pages has a marker linked to its source line (and back), the testimonials
// name a person, a company and a town, the "Trusted by" strip shows named wordmark images, and the footer's
// year is this year. (The 429 and 503 pages are checked in forms-without-javascript.spec.ts, which starts the
// servers they need.)

const widths = [360, 390, 768, 1280];
const thisYear = new Date().getUTCFullYear();
const years = thisYear > 2025 ? `2025–${thisYear}` : "2025";

/** The site's frame around a page: header with the logo link, footer with this year, one h1, skip link first. */
async function expectSiteFrame(
  page: Page,
  browser: Browser,
  h1: string,
  stylesheet: string | null,
  { focused = false } = {},
) {
  await expect(page.getByRole("banner").getByRole("link", { name: /Summit Lead Marketing, home/ })).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("navigation", { name: "Company" })).toBeVisible();
  await expect(footer.getByTestId("copyright-years")).toHaveText(years);
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
  // The same stylesheet as the Astro pages, not a look of its own.
  expect(await page.locator('link[rel="stylesheet"]').getAttribute("href")).toBe(stylesheet);
  // The skip link comes first and leads to the main content (a page whose problems took the focus starts
  // there instead: the link is then the first of the page to reach with Shift+Tab's way round).
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toHaveAttribute("href", "#main");
  await expect(page.locator("a[href], button, input, select, textarea").first()).toHaveText("Skip to content");
  if (!focused) {
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
  }
  await expectNoBlockingViolationsWithoutJavaScript(page, browser);
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("the confirmation step, the problems page, the thank-you page and the 404 page carry the site's frame", async ({
        page,
        browser,
      }) => {
        await page.goto("/get-leads");
        const stylesheet = await page.locator('link[rel="stylesheet"]').getAttribute("href");
        expect(stylesheet).toMatch(/^\/assets\/.+\.css$/);
        const fill = async (phone: string) => {
          await page.getByLabel("First Name").fill("Jordan");
          await page.getByLabel("Last Name").fill("Ellis");
          await page.getByRole("textbox", { name: "Email", exact: true }).fill(uniqueEmail(`brand-${width}`));
          await page.getByLabel("Phone").fill(phone);
          await page.getByRole("button", { name: "Get My Free Lead Audit" }).click();
        };

        // A phone number without digits: the form comes back with its problem, focused, in the frame.
        await fill("call me");
        await expect(page.getByRole("alert")).toBeFocused();
        await expectSiteFrame(page, browser, "Get Your FREE Lead Audit", stylesheet, { focused: true });

        await page.goto("/get-leads");
        await fill("(713) 555-0142");
        await expectSiteFrame(page, browser, "Check your details and send", stylesheet);

        await page.goto("/forms/lead-audit/sent");
        await expectSiteFrame(page, browser, "Thank you! We have your request.", stylesheet);
        await expect(page.getByRole("main").getByRole("link", { name: "(512) 555-0186" })).toHaveAttribute(
          "href",
          "tel:+15125550186",
        );

        const missing = await page.goto("/no-such-page");
        expect(missing?.status()).toBe(404);
        await expectSiteFrame(page, browser, "404 Page Not Found", stylesheet);
      });
    });

    test("every home and service page figure links to its source line and back", async ({ page }) => {
      for (const [path, count] of [
        ["/", 3],
        ["/services/seo", 4],
        ["/services/sem", 3],
      ] as const) {
        await page.goto(path);
        const marks = page.locator("a[data-source-mark]");
        await expect(marks).toHaveCount(count);
        const notes = page.locator("li[data-source-note]");
        await expect(notes).toHaveCount(count);
        for (let index = 0; index < count; index++) {
          const mark = marks.nth(index);
          await expect(mark).toHaveAccessibleName(`Source ${index + 1}`);
          const target = (await mark.getAttribute("href"))!;
          const note = page.locator(target);
          await expect(note).toHaveAttribute("data-source-note", "");
          await expect(note).toContainText(/\w+ \w+ \w+ \w+/);
          await expect(note).toBeVisible();
          // And back to the figure.
          await expect(note.getByRole("link", { name: `Back to figure ${index + 1}` })).toHaveAttribute(
            "href",
            `#${await mark.getAttribute("id")}`,
          );
        }
        await marks.first().click();
        await expect(page).toHaveURL(new RegExp(`${(await marks.first().getAttribute("href"))!}$`));
        await expect(notes.first()).toBeInViewport();
      }
      // The spec's figures stay exactly.
      await page.goto("/");
      const numbers = page.locator("dl").first();
      await expect(numbers.locator("dd")).toHaveText([/^10\+ years/, /^250%/, /^98%/]);
      await expect(numbers.locator("dt")).toHaveText([
        "Of local search and advertising experience",
        "Average ROI increase",
        "Client satisfaction",
      ]);
    });

    test("testimonials name a person, a company and a town on the home, SEO and plumbing pages", async ({ page }) => {
      for (const path of ["/", "/services/seo", "/plumbing"]) {
        await page.goto(path);
        const captions = page.locator("figcaption[data-testimonial]");
        await expect(captions).toHaveCount(3);
        for (const caption of await captions.all()) {
          await expect(caption.locator("[data-testimonial-name]")).toHaveText(/^\p{Lu}\p{L}+ \p{Lu}\.$/u);
          await expect(caption.locator("[data-testimonial-company]")).toHaveText(/\p{L}{3,}/u);
          await expect(caption.locator("[data-testimonial-town]")).toHaveText(/^[\p{L} ]+, [A-Z]{2}$/u);
          await expect(caption).toBeVisible();
        }
      }
    });

    test("the Trusted by strip shows wordmark images named by the businesses, and the footer this year", async ({
      page,
    }) => {
      // The strip starts paused for reduced motion: on a slow machine a turn (every 2 s) could come between
      // reading a mark and checking it.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto("/");
      const strip = page.getByTestId("client-strip");
      const marks = strip.getByRole("img");
      await expect(marks).toHaveCount(5);
      for (const mark of await marks.all()) {
        expect(CLIENT_STRIP_NAMES).toContain(await mark.getAttribute("aria-label"));
        expect(await mark.evaluate((node) => node.tagName.toLowerCase())).toBe("svg");
        await expect(mark).toBeVisible();
        const box = (await mark.boundingBox())!;
        expect(box.width).toBeGreaterThan(80);
      }
      await expect(strip.getByRole("img", { name: CLIENT_STRIP_NAMES[0] })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText(`© ${years} Summit Lead Marketing`);
      await expectNoBlockingViolations(page);
    });
  });
}
