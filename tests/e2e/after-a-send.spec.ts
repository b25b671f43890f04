import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { businessDefaults } from "../../contract/business-defaults.ts";
import { expect, test } from "./fixtures.ts";
import { actLikeAPerson, expectToast, fillShortLeadForm, openToast, showForm } from "./helpers.ts";

// Issue 14 §4 and §2: after a send, a thank-you panel above the form says what happens next, with the
// phone and a link to book; a failed send's toast offers the phone and e-mail; every booking embed has a
// direct link to the booking page and the phone beside it. The API is mocked: what is stored is the
// business of the forms' own specs.

const phone = businessDefaults.phone;
const phoneHref = `tel:+1${phone.replace(/\D/g, "")}`;
const panelHeading = "Thank you! We have your request.";

const thankYouPanel = (scope: Page | Locator) => scope.getByRole("region", { name: panelHeading });

/** Answers the lead endpoints as the server does for a stored lead. */
async function acceptLeads(page: Page) {
  await page.route(/\/api\/(contact|service-inquiry)$/, (route) =>
    route.fulfill({ status: 201, json: { id: "00000000-0000-4000-8000-000000000000", createdAt: new Date(0).toISOString() } }),
  );
}

/** axe-core on one part of the page: no serious or critical violation (as tests/e2e/accessibility.spec.ts). */
async function expectAccessible(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The panel is above the form: before it in the page and higher on the screen. */
async function expectAbove(panel: Locator, form: Locator) {
  expect(await panel.evaluate((node, other) => Boolean(node.compareDocumentPosition(other!) & Node.DOCUMENT_POSITION_FOLLOWING), await form.elementHandle())).toBe(true);
  const [panelBox, formBox] = [await panel.boundingBox(), await form.boundingBox()];
  expect(panelBox!.y + panelBox!.height).toBeLessThanOrEqual(formBox!.y);
}

/** What every panel holds: announced by focus on its heading, the reply time, the phone and the booking link. */
async function expectNextStep(panel: Locator, { replyWithin, bookingHref }: { replyWithin: string; bookingHref: string }) {
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("heading", { name: panelHeading })).toBeFocused();
  await expect(panel).toContainText(`within ${replyWithin}`);
  await expect(panel.getByRole("link", { name: phone })).toHaveAttribute("href", phoneHref);
  await expect(panel.getByRole("link", { name: "book a free 30-minute call" })).toHaveAttribute("href", bookingHref);
}

test.beforeEach(async ({ page }) => {
  await page.clock.install();
  await acceptLeads(page);
});

test("the contact form: the panel appears above the emptied form, and a second send keeps one panel", async ({ page }) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  const send = page.getByRole("button", { name: "Send Message" });
  await showForm(send);
  await expect(thankYouPanel(page)).toHaveCount(0);

  const fill = async (name: string) => {
    await page.getByLabel("Full Name").fill(name);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("dana@example.com");
    await page.getByLabel("Phone").fill("512 555 0147");
    await page.getByRole("button", { name: "SEO Services" }).click();
    await actLikeAPerson(page);
    await send.click();
  };
  await fill("Dana Whitfield");
  await expectToast(page, "Success!", "Your message has been sent. We'll respond within 24 hours.");
  const panel = thankYouPanel(page);
  await expectNextStep(panel, { replyWithin: "24 hours", bookingHref: "/contact#schedule-call" });
  await expectAbove(panel, form);
  await expect(page.getByLabel("Full Name")).toHaveValue("");
  await expect(page.getByRole("button", { name: "SEO Services" })).toHaveAttribute("aria-pressed", "false");

  // The next Tab from the heading reaches the phone, then the booking link, which leads to the booking section.
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("link", { name: phone })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("link", { name: "book a free 30-minute call" })).toBeFocused();

  await fill("Dana Whitfield-Ross");
  await expect(page.getByLabel("Full Name")).toHaveValue("");
  await expect(thankYouPanel(page)).toHaveCount(1);
  await expect(panel.getByRole("heading", { name: panelHeading })).toBeFocused();
  await panel.getByRole("link", { name: "book a free 30-minute call" }).click();
  await expect(page.locator("#schedule-call")).toBeInViewport();
});

test("the service inquiry form: the panel appears above the emptied form, under the form's title", async ({ page }) => {
  await page.goto("/services/seo");
  const send = page.getByRole("button", { name: "Send Inquiry" });
  await showForm(send);
  await page.getByLabel("First Name").fill("Marcus");
  await page.getByLabel("Last Name").fill("Reyes");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("marcus@example.com");
  await page.getByLabel("Phone").fill("305 555 0199");
  await page.getByLabel("Service Needed").selectOption({ label: "Search Engine Optimization" });
  await page.getByLabel("Tell us about your project").fill("More calls from Miami, please.");
  await actLikeAPerson(page);
  await send.click();
  await expectToast(page, "Success!", "Your service inquiry has been sent. We'll respond within 24 hours with a custom proposal.");
  const section = page.getByRole("region", { name: "Claim Your Free Website", exact: true });
  const panel = thankYouPanel(section);
  await expectNextStep(panel, { replyWithin: "24 hours", bookingHref: "/contact#schedule-call" });
  await expectAbove(panel, section.getByRole("form"));
  await expect(page.getByLabel("Tell us about your project")).toHaveValue("");
});

// The short forms: the reply time each page promises, and the booking link to the page's own calendar where it has one.
for (const form of [
  { path: "/get-leads", title: "Get Your FREE Lead Audit", replyWithin: "24 hours", bookingHref: "/contact#schedule-call" },
  { path: "/home-services", title: "Get Your FREE Local Marketing Audit", company: "Company Name", replyWithin: "4 hours", bookingHref: "/contact#schedule-call" },
  { path: "/personal-injury", title: "Get Your FREE Legal Marketing Audit", company: "Law Firm Name", replyWithin: "4 hours", bookingHref: "/contact#schedule-call" },
  { path: "/plumbing", title: "Get More Plumbing Jobs: Request Your Free Marketing Plan", replyWithin: "24 hours", bookingHref: "#booking-calendar" },
  { path: "/hvac", title: "Get More HVAC Jobs: Request Your Free Marketing Plan", replyWithin: "24 hours", bookingHref: "/contact#schedule-call" },
]) {
  test(`${form.path}: the short form's panel promises a reply within ${form.replyWithin} and links to ${form.bookingHref}`, async ({ page }) => {
    await page.goto(form.path);
    const section = page.getByRole("region", { name: form.title, exact: true });
    await showForm(section.getByRole("button"));
    await fillShortLeadForm(section, { email: "jordan@example.com", companyLabel: form.company });
    await actLikeAPerson(page);
    await section.getByRole("button").click();
    await expect(openToast(page)).toContainText("Success!");
    const panel = thankYouPanel(section);
    await expectNextStep(panel, form);
    await expectAbove(panel, section.getByRole("form"));
    await expect(section.getByLabel("First Name")).toHaveValue("");
    await expect(section.getByLabel("Phone")).toHaveValue("");
    await expectAccessible(page, "[data-thank-you-panel]");
  });
}

test("a failed send keeps the spec's toast text and offers the phone and e-mail as links; no panel", async ({ page }) => {
  await page.route(/\/api\/(contact|service-inquiry)$/, (route) => route.fulfill({ status: 500, body: "Internal error" }));
  for (const { path, submit, fillIn, text } of [
    {
      path: "/contact",
      submit: "Send Message",
      text: "Failed to send your message. Please try again.",
      fillIn: async () => {
        await page.getByLabel("Full Name").fill("Dana Whitfield");
        await page.getByRole("button", { name: "Email Marketing" }).click();
      },
    },
    {
      path: "/get-leads",
      submit: "Get My Free Lead Audit",
      text: "Please try again.",
      fillIn: async () => {
        await page.getByLabel("First Name").fill("Jordan");
        await page.getByLabel("Last Name").fill("Ellis");
      },
    },
  ]) {
    await page.goto(path);
    await showForm(page.getByRole("button", { name: submit }));
    await fillIn();
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("dana@example.com");
    await page.getByLabel("Phone").fill("512 555 0147");
    await actLikeAPerson(page);
    await page.getByRole("button", { name: submit }).click();
    await expectToast(page, "Error", text);
    const toast = openToast(page);
    await expect(toast).toContainText(`${text}Or call ${phone} or e-mail ${businessDefaults.email}.`);
    await expect(toast.getByRole("link", { name: phone })).toHaveAttribute("href", phoneHref);
    await expect(toast.getByRole("link", { name: businessDefaults.email })).toHaveAttribute("href", `mailto:${businessDefaults.email}`);
    await expect(thankYouPanel(page)).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("dana@example.com");
    await expectAccessible(page, 'li[data-state="open"]');
  }
});

// Every page with the booking widget: the direct link and the phone beside it, on a branded placeholder.
for (const { path, section } of [
  { path: "/contact", section: "#schedule-call" },
  { path: "/ultimate-pitch", section: "#calendly-section" },
  { path: "/ultimate-website-offer", section: "#calendly-section" },
  { path: "/plumbing", section: "#booking-calendar" },
]) {
  test(`${path}: the booking widget has a visible link to the booking page and the phone, on a branded placeholder`, async ({ page }) => {
    // The widget's host is unreachable, as when it is blocked or down.
    await page.route("https://**/*", (route) => route.abort());
    await page.goto(path);
    const booking = page.locator(section);
    const frame = booking.locator("iframe");
    await expect(frame).toHaveCount(1);
    const link = booking.getByRole("link", { name: "Open the booking page (opens in a new tab)" });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", (await frame.getAttribute("src"))!);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    const call = booking.getByRole("link", { name: phone });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute("href", phoneHref);
    // Beside the widget: the links sit right above the frame.
    const [linkBox, frameBox] = [await link.boundingBox(), await frame.boundingBox()];
    expect(frameBox!.y - (linkBox!.y + linkBox!.height)).toBeLessThan(48);
    // The frame's area is painted in the brand's colour, not left white.
    const placeholder = booking.locator("[data-booking-placeholder]");
    await expect(placeholder).toBeVisible();
    const background = await placeholder.evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(["rgba(0, 0, 0, 0)", "rgb(255, 255, 255)"]).not.toContain(background);
    await expect(placeholder.getByText("Loading the booking calendar…")).toBeVisible();
    await expectAccessible(page, section);
  });
}
