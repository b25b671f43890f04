import type { Locator, Page } from "@playwright/test";
import { businessDefaults } from "../../contract/business-defaults.ts";
import { expectNoBlockingViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { actLikeAPerson, expectToast, fillShortLeadForm, openToast, showForm } from "./helpers.ts";

// Issue 14 §4 and issue 18 §8: after a send, a thank-you panel in the form's place says what happens next,
// with the phone and a link to book, and "Send another request" brings the emptied form back; a failed
// send's toast offers the phone and e-mail; what receives focus sits below the fixed header, and on a phone
// the toast leaves the panel readable. The API is mocked: what is stored is the business of the forms'
// own specs. (The booking card: booking-card.spec.ts.)

const phone = businessDefaults.phone;
const phoneHref = `tel:+1${phone.replace(/\D/g, "")}`;
const panelHeading = "Thank you! We have your request.";

const thankYouPanel = (scope: Page | Locator) => scope.getByRole("region", { name: panelHeading });

/** Answers the lead endpoints as the server does for a stored lead. */
async function acceptLeads(page: Page) {
  await page.route(/\/api\/(contact|service-inquiry)$/, (route) =>
    route.fulfill({
      status: 201,
      json: { id: "00000000-0000-4000-8000-000000000000", createdAt: new Date(0).toISOString() },
    }),
  );
}

/** The panel has taken the form's place: the form is hidden, the panel starts where the form did. */
async function expectInFormsPlace(panel: Locator, form: Locator) {
  await expect(form).toBeHidden();
  await expect(panel).toBeVisible();
  expect(
    await panel.evaluate(
      (node, other) => Boolean(node.compareDocumentPosition(other!) & Node.DOCUMENT_POSITION_FOLLOWING),
      await form.elementHandle(),
    ),
  ).toBe(true);
}

/** "Send another request": the panel goes, the emptied form comes back with focus in its first field. */
async function sendAnother(panel: Locator, form: Locator, firstField: Locator) {
  await panel.getByRole("button", { name: "Send another request" }).click();
  await expect(panel).toHaveCount(0);
  await expect(form).toBeVisible();
  await expect(firstField).toBeFocused();
  await expect(firstField).toHaveValue("");
}

/** What every panel holds: announced by focus on its heading, the reply time, the phone and the booking link. */
async function expectNextStep(
  panel: Locator,
  { replyWithin, bookingHref }: { replyWithin: string; bookingHref: string },
) {
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

test("the contact form: the panel takes the form's place, and Send another request brings the emptied form back", async ({
  page,
}) => {
  await page.goto("/contact");
  // By CSS, not role: a hidden form is not in the accessibility tree.
  const form = page.locator('form[aria-label="Contact form"]');
  const send = page.getByRole("button", { name: "Send Message" });
  await showForm(send);
  await expect(thankYouPanel(page)).toHaveCount(0);

  const fill = async (name: string) => {
    await page.getByLabel("Full Name").fill(name);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("dana@example.com");
    await page.getByLabel("Phone").fill("512 555 0147");
    await page.getByRole("checkbox", { name: "SEO Services" }).check();
    await actLikeAPerson(page);
    await send.click();
  };
  await fill("Dana Whitfield");
  await expectToast(page, "Success!", "Your message has been sent. We'll respond within 24 hours.");
  const panel = thankYouPanel(page);
  await expectNextStep(panel, { replyWithin: "24 hours", bookingHref: "/contact#schedule-call" });
  await expectInFormsPlace(panel, form);

  // The next Tab from the heading reaches the phone, then the booking link, then Send another request.
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("link", { name: phone })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("link", { name: "book a free 30-minute call" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("button", { name: "Send another request" })).toBeFocused();

  await sendAnother(panel, form, page.getByLabel("Full Name"));
  await expect(page.getByRole("checkbox", { name: "SEO Services" })).not.toBeChecked();
  await fill("Dana Whitfield-Ross");
  await expect(thankYouPanel(page)).toHaveCount(1);
  await expect(panel.getByRole("heading", { name: panelHeading })).toBeFocused();
  await panel.getByRole("link", { name: "book a free 30-minute call" }).click();
  await expect(page.locator("#schedule-call")).toBeInViewport();
});

test("the service inquiry form: the panel takes the form's place, under the form's title", async ({ page }) => {
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
  await expectToast(
    page,
    "Success!",
    "Your service inquiry has been sent. We'll respond within 24 hours with a custom proposal.",
  );
  const section = page.getByRole("region", { name: "Claim Your Free Website", exact: true });
  const panel = thankYouPanel(section);
  await expectNextStep(panel, { replyWithin: "24 hours", bookingHref: "/contact#schedule-call" });
  await expectInFormsPlace(panel, section.locator("form"));
  await sendAnother(panel, section.locator("form"), page.getByLabel("First Name"));
  await expect(page.getByLabel("Tell us about your project")).toHaveValue("");
  // SPEC §2: all fields reset to empty after a success, the page's preset service too.
  await expect(page.getByLabel("Service Needed")).toHaveValue("");
});

// The short forms: the reply time each page promises, and the booking link to the page's own calendar where it has one.
for (const form of [
  {
    path: "/get-leads",
    title: "Get Your FREE Lead Audit",
    replyWithin: "24 hours",
    bookingHref: "/contact#schedule-call",
  },
  {
    path: "/home-services",
    title: "Get Your FREE Local Marketing Audit",
    company: "Company Name",
    replyWithin: "4 hours",
    bookingHref: "/contact#schedule-call",
  },
  {
    path: "/personal-injury",
    title: "Get Your FREE Legal Marketing Audit",
    company: "Law Firm Name",
    replyWithin: "4 hours",
    bookingHref: "/contact#schedule-call",
  },
  {
    path: "/plumbing",
    title: "Get More Plumbing Jobs: Request Your Free Marketing Plan",
    replyWithin: "24 hours",
    bookingHref: "/plumbing#booking-calendar",
  },
  {
    path: "/hvac",
    title: "Get More HVAC Jobs: Request Your Free Marketing Plan",
    replyWithin: "24 hours",
    bookingHref: "/contact#schedule-call",
  },
]) {
  test(`${form.path}: the short form's panel promises a reply within ${form.replyWithin} and links to ${form.bookingHref}`, async ({
    page,
  }) => {
    await page.goto(form.path);
    const section = page.getByRole("region", { name: form.title, exact: true });
    await showForm(section.getByRole("button"));
    await fillShortLeadForm(section, { email: "jordan@example.com", companyLabel: form.company });
    await actLikeAPerson(page);
    await section.getByRole("button").click();
    await expect(openToast(page)).toContainText("Success!");
    const panel = thankYouPanel(section);
    await expectNextStep(panel, form);
    await expectInFormsPlace(panel, section.locator("form"));
    await expectNoBlockingViolations(page, { include: "[data-thank-you-panel]" });
    await sendAnother(panel, section.locator("form"), section.getByLabel("First Name"));
    await expect(section.getByLabel("Phone")).toHaveValue("");
  });
}

test("a failed send keeps the spec's toast text and offers the phone and e-mail as links; no panel", async ({
  page,
}) => {
  await page.route(/\/api\/(contact|service-inquiry)$/, (route) =>
    route.fulfill({ status: 500, body: "Internal error" }),
  );
  for (const { path, submit, fillIn, text } of [
    {
      path: "/contact",
      submit: "Send Message",
      text: "Failed to send your message. Please try again.",
      fillIn: async () => {
        await page.getByLabel("Full Name").fill("Dana Whitfield");
        await page.getByRole("checkbox", { name: "Email Marketing" }).check();
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
    await expect(toast.getByRole("link", { name: businessDefaults.email })).toHaveAttribute(
      "href",
      `mailto:${businessDefaults.email}`,
    );
    await expect(thankYouPanel(page)).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("dana@example.com");
    await expectNoBlockingViolations(page, { include: 'li[data-state="open"]' });
  }
});
