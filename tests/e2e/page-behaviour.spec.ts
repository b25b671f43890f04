import { expect, test } from "./fixtures.ts";

test("the offer page countdown starts at 01:00:00, ticks each second, and stops at 00:00:00", async ({ page }) => {
  // Paused before the page loads: an installed clock otherwise flows with real time, and a slow machine
  // added seconds of its own between the steps below (00:58:52 for 00:58:58).
  const start = new Date("2026-03-02T15:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  await page.goto("/ultimate-pitch");
  const countdown = page.getByTestId("countdown").first();
  await expect(countdown).toHaveText("01:00:00");
  await page.clock.runFor(1000);
  await expect(countdown).toHaveText("00:59:59");
  await page.clock.runFor(61_000);
  await expect(countdown).toHaveText("00:58:58");
  await page.clock.runFor(3600 * 1000);
  await expect(countdown).toHaveText("00:00:00");
  await page.clock.runFor(5000);
  await expect(countdown).toHaveText("00:00:00");
  // Time flows again for the fixtures' own checks after the test.
  await page.clock.resume();
});

test("the landing page's two countdowns share one clock and both calls to action scroll to the booking section", async ({
  page,
}) => {
  // Paused, as above: a clock that flows with real time moved one countdown on between the two checks.
  const start = new Date("2026-03-02T15:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  await page.goto("/ultimate-website-offer");
  await expect(page.getByText("LIMITED TIME OFFER")).toBeVisible();
  const countdowns = page.getByTestId("countdown");
  await expect(countdowns).toHaveCount(2);
  await page.clock.runFor(3000);
  await expect(countdowns.nth(0)).toHaveText("00:59:57");
  await expect(countdowns.nth(1)).toHaveText("00:59:57");
  await page.clock.resume();

  const section = page.locator("#calendly-section");
  await expect(section.getByRole("heading", { name: "Schedule Your Website Upgrade Consultation" })).toBeAttached();
  // In-page links to the section (smooth scrolling comes from the CSS scroll-behavior); the visitor asked
  // for the booking calendar, so its 700 px frame is added (booking-card.spec.ts).
  await expect(section.locator("iframe")).toHaveCount(0);
  const buttons = page.getByRole("link", { name: "Upgrade Your Website Now" });
  await expect(buttons).toHaveCount(2);
  await buttons.first().click();
  await expect(section).toBeInViewport();
  await expect(section.locator('iframe[title="Schedule your free website consultation"]')).toHaveAttribute(
    "height",
    "700",
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await buttons.nth(1).click();
  await expect(section).toBeInViewport();
});

test("the home page client strip shows five of ten names and advances one every 2 seconds", async ({ page }) => {
  // Paused, as above: a clock that flows with real time moved the strip on by itself between the first read
  // and the first step on a loaded machine (a window four names further).
  const start = new Date("2026-03-02T15:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  await page.goto("/");
  const items = page.getByTestId("client-strip").getByRole("listitem");
  await expect(items).toHaveCount(5);
  // The pause button shows once the strip's script has run, so its timer is set before the clock moves.
  await expect(page.locator("[data-client-strip-pause]")).toBeVisible();
  const first = await items.allTextContents();
  await page.clock.runFor(2000);
  await expect.poll(() => items.allTextContents()).toEqual([...first.slice(1), expect.any(String)]);
  const second = await items.allTextContents();
  expect(second[4]).not.toBe(first[4]);
  // Ten steps bring the window back to where it started.
  await page.clock.runFor(9 * 2000);
  await expect.poll(() => items.allTextContents()).toEqual(first);
  await page.clock.resume();
});

test("the client strip stands still when the visitor asks for reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  await page.goto("/");
  const items = page.getByTestId("client-strip").getByRole("listitem");
  const first = await items.allTextContents();
  await page.clock.runFor(6000);
  expect(await items.allTextContents()).toEqual(first);
});

test("the contact page shows the hours, a 700 px booking calendar on request and a five-question FAQ", async ({
  page,
}) => {
  await page.goto("/contact");
  // exact: the closed FAQ answers are in the page too (hidden), and one of them mentions the hours.
  await expect(page.getByRole("main").getByText("Monday to Friday 9AM to 6PM EST", { exact: true })).toBeVisible();
  // The booking widget is a card until the visitor asks for it (scripts/booking-calendars.ts).
  const html = await (await page.request.get("/contact")).text();
  expect(html).toMatch(/<div[^>]*\sdata-frame-src="https:\/\/calendly\.com\//);
  expect(html).not.toContain("<iframe");
  await page.getByRole("button", { name: "Show the booking calendar" }).click();
  await expect(page.locator("iframe[title]")).toHaveAttribute("height", "700");
  await expect(page.locator("iframe[title]")).toHaveAttribute("src", /^https:\/\/calendly\.com\//);
  // Each question is a native disclosure (<details>/<summary> holding an h3); the five form one exclusive group.
  const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
  const questions = faq.locator("details > summary");
  await expect(questions).toHaveCount(5);
  await expect(faq.locator("details > summary > h3")).toHaveCount(5);
  await expect(faq.locator("details[open]")).toHaveCount(0);
  await questions.first().click();
  await expect(faq.locator("details").first()).toHaveAttribute("open", "");
  await expect(faq.getByText("Within 24 hours. Every form")).toBeVisible();
  await expect(faq.locator("details[open]")).toHaveCount(1);
  // By keyboard: the next question opens with Enter and closes the first.
  await questions.nth(1).focus();
  await page.keyboard.press("Enter");
  await expect(faq.locator("details").nth(1)).toHaveAttribute("open", "");
  await expect(faq.locator("details[open]")).toHaveCount(1);
  await expect(faq.getByText("Within 24 hours. Every form")).toBeHidden();
});

test("the privacy policy shows today's date, set in the browser", async ({ page }) => {
  await page.goto("/privacy-policy");
  const [today, isoDate] = await page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, "0");
    return [
      now.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" }),
      `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    ];
  });
  await expect(page.getByTestId("last-updated")).toHaveText(today);
  // A machine-readable date as well (valid HTML: a <time>'s datetime).
  await expect(page.getByTestId("last-updated").locator("time")).toHaveAttribute("datetime", isoDate);
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(10);
});

test("the home services page shows a sticky call bar on small screens only", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/home-services");
  const bar = page.getByRole("link", { name: /Call now/ });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("href", /^tel:\+?\d+$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bar).toBeHidden();
});
