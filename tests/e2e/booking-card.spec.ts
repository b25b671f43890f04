import type { Page } from "@playwright/test";
import { businessDefaults } from "../../contract/business-defaults.ts";
import { expectNoBlockingViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

// Issue 18 §8: the booking widget is a facade (components/scheduling-embed.tsx, scripts/booking-calendars.ts,
// docs/decisions/030). A card with the booking page's link, the phone and the hours stands where the
// calendar goes; no third-party frame loads before the visitor asks for it; the calendar replaces the card
// only once it has loaded, and a host that never answers leaves the card with a message.

const phone = businessDefaults.phone;
const phoneHref = `tel:+1${phone.replace(/\D/g, "")}`;
const bookingHost = "https://calendly.com/**";
const failedMessage = `The booking calendar could not load.Book on our booking page (opens in a new tab) or call ${businessDefaults.phone} (${businessDefaults.hours}).`;

const pages = [
  { path: "/contact", section: "#schedule-call", height: 700 },
  { path: "/ultimate-pitch", section: "#calendly-section", height: 630 },
  { path: "/ultimate-website-offer", section: "#calendly-section", height: 700 },
  { path: "/plumbing", section: "#booking-calendar", height: 630 },
];

/** The requests the page sends to the booking host. */
function bookingRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).hostname === "calendly.com") urls.push(request.url());
  });
  return urls;
}

for (const { path, section, height } of pages) {
  test(`${path}: a booking card with the link, the phone and the hours, and no frame before it is asked for`, async ({
    page,
  }) => {
    const requested = bookingRequests(page);
    await page.goto(path);
    const booking = page.locator(section);
    const card = booking.locator("[data-booking-calendar]");
    await card.scrollIntoViewIfNeeded();
    await page.waitForLoadState("load");
    await expect(card.getByText("Book a free 30-minute call")).toBeVisible();
    const show = card.getByRole("button", { name: "Show the booking calendar" });
    await expect(show).toBeVisible();
    // The card holds the calendar's place (the spec's height inside its border), painted in the brand's colour.
    expect(await card.evaluate((node) => node.clientHeight)).toBe(height);
    const background = await card.evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(["rgba(0, 0, 0, 0)", "rgb(255, 255, 255)"]).not.toContain(background);

    const link = booking.getByRole("link", { name: "Open the booking page (opens in a new tab)" });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", (await card.getAttribute("data-frame-src"))!);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    await expect(booking.getByRole("link", { name: phone })).toHaveAttribute("href", phoneHref);
    await expect(booking.getByText(`(${businessDefaults.hours})`)).toBeVisible();
    // Right above the card.
    const [linkBox, cardBox] = [await link.boundingBox(), await card.boundingBox()];
    expect(cardBox!.y - (linkBox!.y + linkBox!.height)).toBeLessThan(48);

    const top = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 400);
    // Until the scroll has moved and stopped (still over two frames, so an intersection it caused has been acted on).
    const settledScroll = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const y = window.scrollY;
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === y ? y : -1)));
          }),
      );
    await expect.poll(settledScroll).toBeGreaterThan(top);
    await expect(booking.locator("iframe")).toHaveCount(0);
    expect(requested).toEqual([]);
    await expectNoBlockingViolations(page, { include: section, exclude: "iframe" });
  });
}

test("asked for with the keyboard, the calendar replaces the card once it has loaded and takes the focus", async ({
  page,
}) => {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(bookingHost, async (route) => {
    await answered;
    await route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>Booking</title><h1>Pick a time</h1>",
    });
  });
  await page.goto("/contact");
  const card = page.locator("#schedule-call [data-booking-calendar]");
  const show = card.getByRole("button", { name: "Show the booking calendar" });
  await show.focus();
  await page.keyboard.press("Enter");
  // Until the host answers, the card stays and says the calendar is loading; the frame is there but unseen.
  await expect(card.getByRole("status")).toHaveText("Loading the booking calendar…");
  const frame = card.locator('iframe[title="Book a free 30-minute strategy call"]');
  await expect(frame).toHaveAttribute("height", "700");
  await expect(frame).toBeHidden();
  await expect(show).toBeVisible();
  answer();
  await expect(frame).toBeVisible();
  await expect(card.getByText("Book a free 30-minute call")).toBeHidden();
  await expect(page.frameLocator("#schedule-call iframe").getByRole("heading", { name: "Pick a time" })).toBeVisible();
  await expect(frame).toBeFocused();
  expect(Math.round((await frame.boundingBox())!.height)).toBe(700);
});

test("a booking host that never answers leaves the card, saying after 10 seconds that the calendar could not load", async ({
  page,
}) => {
  await page.route(bookingHost, () => undefined); // never answered
  await page.clock.install();
  await page.goto("/plumbing");
  const card = page.locator("#booking-calendar [data-booking-calendar]");
  await card.getByRole("button", { name: "Show the booking calendar" }).click();
  await expect(card.getByRole("status")).toHaveText("Loading the booking calendar…");
  await page.clock.runFor(10_000);
  await expect(card.getByRole("status")).toHaveText(failedMessage);
  await expect(card.getByText("Book a free 30-minute call")).toBeVisible();
  await expect(card.locator("iframe")).toBeHidden();
  await expect(
    page.locator("#booking-calendar").getByRole("link", { name: "Open the booking page (opens in a new tab)" }),
  ).toBeVisible();
});

test("a link to the booking section asks for the calendar: arriving at /contact#schedule-call, or pressing the page's button", async ({
  page,
}) => {
  await page.route(bookingHost, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Booking</title><h1>Pick a time</h1>" }),
  );
  await page.goto("/contact#schedule-call");
  await expect(page.locator("#schedule-call iframe")).toBeVisible();

  await page.goto("/ultimate-pitch");
  await expect(page.locator("#calendly-section iframe")).toHaveCount(0);
  await page
    .getByRole("link", { name: /^Book a Strategy Call/ })
    .first()
    .click();
  await expect(page.locator("#calendly-section iframe")).toBeVisible();
});

test("without JavaScript the card keeps the link, the phone and the hours, and offers no button that would do nothing", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/contact");
  const booking = page.locator("#schedule-call");
  await expect(booking.getByText("Book a free 30-minute call")).toBeVisible();
  await expect(booking.getByRole("button", { name: "Show the booking calendar" })).toBeHidden();
  await expect(booking.getByRole("link", { name: "Open the booking page (opens in a new tab)" })).toBeVisible();
  await expect(booking.getByRole("link", { name: phone })).toBeVisible();
  await context.close();
});
