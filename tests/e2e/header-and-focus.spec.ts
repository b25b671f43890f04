import type { Locator, Page } from "@playwright/test";
import { businessDefaults } from "../../contract/business-defaults.ts";
import { expect, test } from "./fixtures.ts";
import { actLikeAPerson, fillShortLeadForm, openToast } from "./helpers.ts";

// Issue 18 §8: the header carries the phone (tap to call) and one primary call to action, and fits every
// width; whatever receives focus or is scrolled to (a field after a failed send, the thank-you panel's
// heading, the section a link leads to) sits fully below the fixed header; on a phone the toast leaves the
// thank-you panel readable.

const phone = businessDefaults.phone;
const phoneHref = `tel:+1${phone.replace(/\D/g, "")}`;
const callToAction = "Get a Free Strategy Session";

const header = (page: Page) => page.getByRole("banner");

/** The element's box starts at or below the header's bottom edge, and ends inside the viewport (once the smooth scroll has ended). */
async function expectBelowHeader(page: Page, target: Locator) {
  await expect(async () => {
    const headerBox = (await header(page).boundingBox())!;
    const box = (await target.boundingBox())!;
    expect(box.y, "top below the fixed header").toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    expect(box.y + box.height, "bottom inside the viewport").toBeLessThanOrEqual(page.viewportSize()!.height);
  }).toPass({ timeout: 3000 });
  // The smooth scroll may pass through that place before it ends; a navigation made before it has ended is
  // lost to it (Chromium finishes the first scroll). Wait until the page stands still over two frames.
  const settled = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const y = window.scrollY;
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === y)));
        }),
    );
  await expect.poll(settled, { timeout: 3000 }).toBe(true);
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const width of [1280, 1024, 768, 390, 360]) {
  test(`at ${width} px the header holds the phone as a call link${width === 768 ? "" : " and the call to action"}, and nothing overflows`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/about");
    const call = header(page).getByRole("link", { name: `Call ${phone}` });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute("href", phoneHref);
    // A tap target of at least 44 px.
    const callBox = (await call.boundingBox())!;
    expect(Math.min(callBox.width, callBox.height)).toBeGreaterThanOrEqual(44);
    // The number itself is shown where there is room (below, it is the link's name only: 1 px, sr-only).
    const number = (await header(page).getByText(phone, { exact: true }).boundingBox())!;
    if (width >= 1280) expect(number.width).toBeGreaterThan(80);
    else expect(number.width).toBeLessThanOrEqual(1);
    // The call to action on phones (in short words, issue 39) and from 1024 px; at 768 px the links take the room.
    const cta = header(page).getByRole("link", { name: callToAction }).locator("visible=true");
    await expect(cta).toHaveCount(width === 768 ? 0 : 1);
    if (width !== 768) await expect(cta).toHaveAttribute("href", "/contact#send-a-message");
    // The spec's navigation is unchanged: the main links on wide screens, the menu button on phones.
    if (width >= 768)
      await expect(
        page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact", exact: true }),
      ).toBeVisible();
    else await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();

    // Everything in the bar is inside the viewport and nothing overlaps.
    const items = header(page).locator(":is(a, button):visible");
    const boxes = [];
    for (const item of await items.all()) {
      if (await item.evaluate((node) => node.closest("dialog, [role=menu]") !== null)) continue;
      boxes.push({
        name: (await item.textContent())?.trim() || (await item.getAttribute("aria-label")),
        box: (await item.boundingBox())!,
      });
    }
    for (const { name, box } of boxes)
      expect(box.x + box.width, `${name} inside the viewport`).toBeLessThanOrEqual(width);
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) expect(overlaps(a.box, b.box), `${a.name} overlaps ${b.name}`).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test("on a phone the menu ends with the call to action, the phone and the hours", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/about");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByRole("link", { name: callToAction })).toHaveAttribute("href", "/contact#send-a-message");
  await expect(menu.getByRole("link", { name: `Call ${phone}` })).toHaveAttribute("href", phoneHref);
  await expect(menu.getByText(businessDefaults.hours)).toBeVisible();
  // The spec's navigation items are all still there.
  for (const name of ["Home", "Services", "About", "Contact", "Home Services", "Plumbing", "HVAC", "Roofing"]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await menu.getByRole("link", { name: callToAction }).click();
  await expect(page).toHaveURL(/\/contact#send-a-message$/);
  await expectBelowHeader(page, page.getByRole("heading", { name: "Send Us a Message" }));
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the call to action and the booking link land on their sections' headings below the header", async ({
      page,
    }) => {
      await page.goto("/contact#send-a-message");
      await expectBelowHeader(page, page.getByRole("heading", { name: "Send Us a Message" }));
      await page.goto("/contact#schedule-call");
      await expectBelowHeader(page, page.getByRole("heading", { name: "Book a Free 30-Minute Strategy Call" }));
    });

    test("after a failed send the field that receives focus sits fully below the header", async ({ page }) => {
      await page.goto("/contact");
      const send = page.getByRole("button", { name: "Send Message" });
      await send.scrollIntoViewIfNeeded();
      await page.getByLabel("Company (optional)").fill("Whitfield Plumbing");
      await send.click();
      const name = page.getByLabel("Full Name");
      await expect(name).toBeFocused();
      await expectBelowHeader(page, name);
      // The short forms and the inquiry form too (their first field).
      await page.goto("/services/seo");
      const inquirySend = page.getByRole("button", { name: "Send Inquiry" });
      await inquirySend.scrollIntoViewIfNeeded();
      await page.getByLabel("Tell us about your project").fill("More calls, please.");
      await inquirySend.click();
      await expect(page.getByLabel("First Name")).toBeFocused();
      await expectBelowHeader(page, page.getByLabel("First Name"));
    });

    test("after a success the thank-you panel's heading sits below the header, and the toast covers none of the panel", async ({
      page,
    }) => {
      await page.clock.install();
      await page.route(/\/api\/(contact|service-inquiry)$/, (route) =>
        route.fulfill({
          status: 201,
          json: { id: "00000000-0000-4000-8000-000000000000", createdAt: new Date(0).toISOString() },
        }),
      );
      for (const path of ["/get-leads", "/contact"]) {
        await page.goto(path);
        const form = page.locator("form[action^='/forms/']").first();
        await form.getByRole("button").last().scrollIntoViewIfNeeded();
        if (path === "/contact") {
          await page.getByLabel("Full Name").fill("Dana Whitfield");
          await page.getByRole("textbox", { name: "Email", exact: true }).fill("dana@example.com");
          await page.getByLabel("Phone").fill("512 555 0147");
          await page.getByRole("checkbox", { name: "SEO Services" }).check();
        } else {
          await fillShortLeadForm(page.getByRole("region", { name: "Get Your FREE Lead Audit", exact: true }), {
            email: "jordan@example.com",
          });
        }
        await actLikeAPerson(page);
        await form.getByRole("button").last().click();
        const panel = page.locator("[data-thank-you-panel]");
        const heading = panel.getByRole("heading", { name: "Thank you! We have your request." });
        await expect(heading).toBeFocused();
        await expect(openToast(page)).toBeVisible();
        await expectBelowHeader(page, heading);
        const toastBox = (await openToast(page).boundingBox())!;
        for (const part of [
          heading,
          panel.getByRole("link", { name: phone }),
          panel.getByRole("link", { name: "book a free 30-minute call" }),
          panel.getByRole("button", { name: "Send another request" }),
        ]) {
          const box = await part.boundingBox();
          expect(box, `${await part.textContent()} on screen`).not.toBeNull();
          if (box!.y < viewport.height)
            expect(overlaps(box!, toastBox), `the toast covers "${await part.textContent()}"`).toBe(false);
        }
      }
    });
  });
}
