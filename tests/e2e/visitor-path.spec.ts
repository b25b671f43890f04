import type { Locator, Page } from "@playwright/test";
import { businessDefaults } from "../../contract/business-defaults.ts";
import { serviceTypeLabels } from "../../contract/lead-options.ts";
import { services } from "../../app/config/services.ts";
import { expectNoBlockingViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { actLikeAPerson, expectToast, openToast, serveAgedFormTokens, showForm } from "./helpers.ts";

// Issue 39 §1, §2, §4: one primary call to action per hero and per group of calls to action; the phone's
// header with the call button, the strategy session button and a menu of every top-level page; each
// service page's form on its own service, with and without JavaScript; the booking card that says the
// calendar could not load when its host refuses; the toast clear of the thank-you panel. At 360, 390, 768
// and 1280 px.

const widths = [360, 390, 768, 1280] as const;
const phone = businessDefaults.phone;

/** The pages whose hero sells something, with the one primary action each hero leads with. */
const heroes = [
  { path: "/", primary: "Get Leads", secondary: ["Improve my Website", "Get Marketing Coaching"] },
  {
    path: "/services/seo",
    primary: "Grow my Leads",
    secondary: ["Make my business more profitable", "Stop leaking revenue from my site"],
  },
  { path: "/services/sem", primary: null, secondary: null },
  { path: "/about", primary: null, secondary: null },
  { path: "/contact", primary: null, secondary: null },
  { path: "/services", primary: null, secondary: null },
  { path: "/ultimate-pitch", primary: null, secondary: null },
  { path: "/ultimate-website-offer", primary: "Upgrade Your Website Now", secondary: [] },
  { path: "/get-leads", primary: null, secondary: null },
  { path: "/home-services", primary: null, secondary: null },
  { path: "/personal-injury", primary: null, secondary: null },
  { path: "/plumbing", primary: null, secondary: null },
  { path: "/SEO-For-Roofing-Companies", primary: null, secondary: null },
  { path: "/blog", primary: "Get Your Free Strategy Session", secondary: [] },
] as const;

/** The visible text of each call to action of a group, in order, with its emphasis. */
async function callsToAction(group: Locator) {
  return group.locator("[data-cta]").evaluateAll((links) =>
    links.map((link) => ({
      emphasis: link.getAttribute("data-cta"),
      text: (link as HTMLElement).innerText.trim(),
      background: getComputedStyle(link).backgroundColor,
    })),
  );
}

/** The visible text of the primary buttons (hero links, and the submit buttons of a form in the hero). */
async function primaryButtons(hero: Locator) {
  return hero
    .locator("[data-cta=primary], button[type=submit]")
    .evaluateAll((nodes) =>
      nodes
        .filter((node) => (node as HTMLElement).offsetParent !== null)
        .map((node) => (node as HTMLElement).innerText.trim()),
    );
}

test.describe("one primary action per screen", () => {
  for (const width of widths) {
    test(`${width} px: every hero and every group of calls to action leads with exactly one primary`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const { path, primary, secondary } of heroes) {
        await page.goto(path);
        const hero = page.locator("[data-hero]");
        await expect(hero, path).toHaveCount(1);
        // Exactly one primary: a hero link, or the Send button of the form the hero holds.
        expect(await primaryButtons(hero), path).toHaveLength(1);
        const groups = page.locator("[data-cta-group]");
        for (const group of await groups.all()) {
          const links = await callsToAction(group);
          if (links.length === 0) continue;
          const primaries = links.filter((link) => link.emphasis === "primary");
          // A hero whose form is its primary action has only secondary links beside it.
          const inFormHero =
            (await group.locator("xpath=ancestor::*[@data-hero]").count()) > 0 &&
            (await hero.locator("form").count()) > 0;
          expect(primaries.length, `${path}: ${links.map((l) => l.text).join(" | ")}`).toBe(inFormHero ? 0 : 1);
          if (!inFormHero) {
            // First in the group, and styled apart from the secondaries (filled, where they are outlined).
            expect(links[0]!.emphasis, path).toBe("primary");
            for (const other of links.slice(1)) expect(other.background, path).not.toBe(links[0]!.background);
          }
        }
        if (primary) {
          const heroLinks = await callsToAction(hero.locator("[data-hero-actions]"));
          expect(heroLinks.map((link) => link.text)).toEqual([primary, ...secondary!]);
        }
      }
    });
  }

  test("axe finds nothing blocking on the heroes at 360 and 1280 px", async ({ page }) => {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/", "/services/seo", "/contact", "/ultimate-pitch", "/personal-injury"]) {
        await page.goto(path);
        await expectNoBlockingViolations(page, { include: "[data-hero]" });
      }
    }
  });
});

test.describe("the header on a phone", () => {
  for (const width of widths) {
    test(`${width} px: the call button and the strategy session button are visible; the menu lists every top-level page`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/services/seo");
      const header = page.locator("header");
      await expect(header.getByRole("link", { name: `Call ${phone}` })).toBeVisible();
      const session = header.getByRole("link", { name: "Get a Free Strategy Session" }).locator("visible=true");
      if (width >= 1024 || width < 768) {
        await expect(session).toHaveCount(1);
        await expect(session).toHaveAttribute("href", "/contact#send-a-message");
        // Inside the bar, not clipped, and nothing sticks out sideways.
        const box = (await session.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(box.y + box.height).toBeLessThanOrEqual(64);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      if (width >= 768) {
        // The desktop's links, in the bar (the menu button is gone).
        await expect(header.getByRole("button", { name: "Open menu" })).toBeHidden();
        return;
      }
      await expect(session).toHaveText("Free Strategy Session");
      // The desktop's top-level links, and the two pages a desktop visitor reaches from the footer.
      const menuButton = header.getByRole("button", { name: "Open menu" });
      await menuButton.click();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await expect(menu).toBeVisible();
      const nav = menu.getByRole("navigation", { name: "Mobile" });
      await expect(nav.getByRole("link")).toHaveText([
        "Home",
        "Services",
        "About",
        "Blog",
        "Contact",
        "Home Services",
        "Plumbing",
        "HVAC",
        "Roofing",
        "Personal Injury Law Firms",
      ]);
      await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
      await expect(nav.getByRole("link", { name: "Personal Injury Law Firms" })).toHaveAttribute(
        "href",
        "/personal-injury",
      );
      await expect(menu.getByRole("link", { name: "Get a Free Strategy Session" })).toBeVisible();
      await expectNoBlockingViolations(page, { include: "#mobile-menu" });
      // Keyboard: Tab walks through the menu's links one by one, all inside it (the rest of the page is inert).
      const focusable = await menu.locator("a[href], button").count();
      expect(focusable).toBe(13);
      for (let step = 1; step < focusable; step += 1) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.closest("#mobile-menu") !== null)).toBe(true);
      }
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(menuButton).toBeFocused();
      // A link closes it and goes.
      await menuButton.click();
      await nav.getByRole("link", { name: "Blog" }).click();
      await expect(page).toHaveURL(/\/blog$/);
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    });
  }
});

const serviceSelect = (page: Page) => page.getByLabel("Service Needed");

test.describe("each service page's form starts on its own service", () => {
  for (const service of services) {
    const label = serviceTypeLabels[service.inquiryServiceType];
    test(`${service.path}: "${label}" chosen, named under the title, with and without JavaScript`, async ({
      page,
      browser,
      baseURL,
    }) => {
      const width = widths[services.indexOf(service) % widths.length]!;
      await page.setViewportSize({ width, height: 900 });
      await page.goto(service.path);
      const section = page.getByRole("region", { name: "Claim Your Free Website", exact: true });
      await expect(section.getByRole("heading", { name: "Claim Your Free Website" })).toBeVisible();
      await expect(section.getByText(`For: ${service.name}`)).toBeVisible();
      await expect(serviceSelect(page)).toHaveValue(service.inquiryServiceType);
      await expect(serviceSelect(page).locator("option:checked")).toHaveText(label);
      // The spec's options stay: the placeholder, the six services, the budget's one option.
      await expect(serviceSelect(page).locator("option")).toHaveCount(7);
      await expect(page.getByLabel("Budget (optional)").locator("option:not([value=''])")).toHaveText([
        "Prefer to discuss",
      ]);
      // Still there once the island has taken over.
      await showForm(page.getByRole("button", { name: "Send Inquiry" }));
      await expect(serviceSelect(page)).toHaveValue(service.inquiryServiceType);
      await expectNoBlockingViolations(page, { include: "form[action^='/forms/']" });

      // Without JavaScript: selected in the HTML.
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const plain = await context.newPage();
      await plain.goto(service.path);
      await expect(serviceSelect(plain)).toHaveValue(service.inquiryServiceType);
      await expect(serviceSelect(plain).locator(`option[value="${service.inquiryServiceType}"]`)).toHaveAttribute(
        "selected",
        "",
      );
      await expect(plain.getByText(`For: ${service.name}`)).toBeVisible();
      // A plain post carries it.
      await plain.getByLabel("First Name").fill("Marcus");
      await plain.getByLabel("Last Name").fill("Reyes");
      await plain.getByRole("textbox", { name: "Email", exact: true }).fill("marcus@example.com");
      await plain.getByLabel("Phone").fill("305 555 0199");
      await plain.getByLabel("Tell us about your project").fill("More calls, please.");
      const [post] = await Promise.all([
        plain.waitForRequest((request) => request.method() === "POST" && request.url().includes("/forms/")),
        plain.getByRole("button", { name: "Send Inquiry" }).click(),
      ]);
      expect(new URLSearchParams(post.postData() ?? "").get("serviceType")).toBe(service.inquiryServiceType);
      await context.close();
    });
  }
});

const bookingPages = [
  { path: "/contact", section: "#schedule-call" },
  { path: "/ultimate-pitch", section: "#calendly-section" },
  { path: "/ultimate-website-offer", section: "#calendly-section" },
  { path: "/plumbing", section: "#booking-calendar" },
];

test.describe("the booking card when the calendar cannot load", () => {
  for (const [index, width] of widths.entries()) {
    const { path, section } = bookingPages[index]!;
    test(`${width} px, ${path}: a refused host leaves the card saying so, with the booking page and the phone`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      // The host refuses the connection: the frame would show the browser's error page (and fire "load").
      await page.route("https://calendly.com/**", (route) => route.abort("connectionrefused"));
      await page.goto(path);
      const card = page.locator(`${section} [data-booking-calendar]`);
      await card.getByRole("button", { name: "Show the booking calendar" }).click();
      const status = card.getByRole("status");
      await expect(status).toContainText("The booking calendar could not load.");
      const link = status.getByRole("link", { name: "our booking page (opens in a new tab)" });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", (await card.getAttribute("data-frame-src"))!);
      await expect(status.getByRole("link", { name: phone })).toHaveAttribute(
        "href",
        `tel:+1${phone.replace(/\D/g, "")}`,
      );
      // The frame (with the browser's error page) is never shown; the card stays.
      await expect(card.locator("iframe")).toBeHidden();
      await expect(card.getByText("Book a free 30-minute call")).toBeVisible();
      await expectNoBlockingViolations(page, { include: section });

      // Trying again once the host answers shows the calendar.
      await page.unroute("https://calendly.com/**");
      await page.route("https://calendly.com/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Booking</title><h1>Pick a time</h1>" }),
      );
      await card.getByRole("button", { name: "Try the booking calendar again" }).click();
      await expect(card.locator("iframe")).toHaveCount(1);
      await expect(card.locator("iframe")).toBeVisible();
      await expect(card.getByText("Book a free 30-minute call")).toBeHidden();
    });
  }
});

function intersects(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe("the toast after a send leaves the thank-you panel clear", () => {
  for (const width of widths) {
    test(`${width} px: the success toast does not cover the panel`, async ({ page }) => {
      const height = width < 768 ? (width === 360 ? 640 : 844) : width === 768 ? 1024 : 720;
      await page.setViewportSize({ width, height });
      await page.clock.install();
      await serveAgedFormTokens(page);
      await page.goto("/services/seo");
      const send = page.getByRole("button", { name: "Send Inquiry" });
      await showForm(send);
      await page.getByLabel("First Name").fill("Marcus");
      await page.getByLabel("Last Name").fill("Reyes");
      await page.getByRole("textbox", { name: "Email", exact: true }).fill(`marcus.${width}@example.com`);
      await page.getByLabel("Phone").fill("305 555 0199");
      await page.getByLabel("Tell us about your project").fill("More calls from Miami, please.");
      await actLikeAPerson(page);
      await send.click();
      await expectToast(
        page,
        "Success!",
        "Your service inquiry has been sent. We'll respond within 24 hours with a custom proposal.",
      );
      const panel = page.locator("[data-thank-you-panel]");
      await expect(panel).toBeVisible();
      await expect(panel.getByRole("heading", { name: "Thank you! We have your request." })).toBeFocused();
      const toast = openToast(page);
      // Once the scroll has settled: the panel fully on screen below the header, and no overlap with the toast.
      await expect
        .poll(async () => {
          const [panelBox, toastBox] = [await panel.boundingBox(), await toast.boundingBox()];
          if (!panelBox || !toastBox) return "not shown";
          if (panelBox.y < 64 || panelBox.y + panelBox.height > height) return "panel off screen";
          return intersects(panelBox, toastBox) ? "overlap" : "clear";
        })
        .toBe("clear");
    });
  }
});
