import { expect, test } from "./fixtures.ts";
import {
  actLikeAPerson,
  expectToast,
  fillShortLeadForm,
  serveAgedFormTokens,
  holdResponses,
  recordPosts,
  showForm,
  storedLead,
  uniqueEmail,
} from "./helpers.ts";

// Every short form, on the page where the spec puts it.
const generic = "We'll be in touch soon!";
const forms = [
  {
    path: "/get-leads",
    title: "Get Your FREE Lead Audit",
    formName: "lead-audit",
    note: "No obligations. We'll contact you within 24 hours.",
    success: generic,
  },
  { path: "/improve-website", title: "Get Your FREE Website Audit", formName: "website-audit", success: generic },
  {
    path: "/marketing-coaching",
    title: "Book Your FREE Strategy Session",
    formName: "marketing-coaching",
    note: "Limited spots available. We'll contact you within 24 hours.",
    success: generic,
  },
  {
    path: "/home-services",
    title: "Get Your FREE Local Marketing Audit",
    formName: "home-services-audit",
    company: "Company Name",
    products: ["Local Digital Marketing for Home Services"],
    success: "We'll contact you within 4 hours to discuss your local marketing strategy!",
  },
  {
    path: "/personal-injury",
    title: "Get Your FREE Legal Marketing Audit",
    formName: "personal-injury-audit",
    company: "Law Firm Name",
    products: ["Local Digital Marketing for Personal Injury Law Firms"],
    success: "We'll contact you within 4 hours to discuss your legal marketing strategy!",
  },
  {
    path: "/plumbing",
    title: "Get More Plumbing Jobs: Request Your Free Marketing Plan",
    formName: "plumbing-contact",
    success: generic,
  },
  {
    path: "/SEO-For-Roofing-Companies",
    title: "Get More Roofing Jobs: Request Your Free Marketing Plan",
    formName: "roofing-contact",
    success: generic,
  },
  {
    path: "/hvac",
    title: "Get More HVAC Jobs: Request Your Free Marketing Plan",
    formName: "hvac-contact",
    success: generic,
  },
];

test.beforeEach(async ({ page }) => {
  await page.clock.install();
  await serveAgedFormTokens(page);
});

for (const form of forms) {
  test.describe(`${form.path}`, () => {
    test("shows an error under each empty field, focuses the first, and sends nothing", async ({ page }) => {
      const posts = recordPosts(page, "/api/contact");
      await page.goto(form.path);
      const section = page.getByRole("region", { name: form.title, exact: true });
      await showForm(section.getByRole("button"));
      await expect(section).toBeVisible();
      if (form.note) await expect(section).toContainText(form.note);
      if (form.company) await expect(section.getByLabel(form.company)).toBeVisible();

      await section.getByRole("button").click();
      for (const [label, message] of [
        ["First Name", "Enter your first name."],
        ["Last Name", "Enter your last name."],
        ["Email", "Enter your email address."],
        ["Phone", "Enter your phone number."],
      ]) {
        const field = section.getByLabel(label!);
        await expect(field).toHaveAttribute("aria-invalid", "true");
        await expect(field).toHaveAccessibleDescription(message!);
      }
      await expect(section.getByLabel("First Name")).toBeFocused();
      await expect(section.getByRole("textbox", { name: "Email", exact: true })).toHaveAttribute("type", "email");
      expect(posts).toHaveLength(0);
    });

    test("stores the lead, shows Submitting... and the success toast, then resets", async ({ page, baseURL }) => {
      const email = uniqueEmail(form.formName);
      await page.goto(form.path);
      const section = page.getByRole("region", { name: form.title, exact: true });
      await showForm(section.getByRole("button"));
      await fillShortLeadForm(section, { email, companyLabel: form.company });
      await actLikeAPerson(page);
      const held = await holdResponses(page, "/api/contact");
      await section.getByRole("button").click();
      await expect(section.getByRole("button", { name: "Submitting..." })).toBeDisabled();
      held.release();
      await expectToast(page, "Success!", form.success);
      // The thank-you panel takes the form's place; the form it brings back is empty (the spec's reset).
      await section.getByRole("button", { name: "Send another request" }).click();
      await expect(section.getByLabel("First Name")).toHaveValue("");
      await expect(section.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("");

      const lead = await storedLead(baseURL!, "contact-submissions", email);
      // The spam reason, when there is one, says which signal tripped.
      expect(lead, `spamReason: ${String(lead?.spamReason)}`).toMatchObject({
        firstName: "Jordan",
        lastName: "Ellis",
        phone: "(713) 555-0142",
        company: form.company ? "Ellis & Partners" : null,
        products: form.products ?? [],
        status: "new",
        pagePath: form.path,
        formName: form.formName,
      });
    });

    test("keeps the values and shows the error toast when sending fails", async ({ page }) => {
      await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "Failed to submit" }));
      await page.goto(form.path);
      const section = page.getByRole("region", { name: form.title, exact: true });
      await showForm(section.getByRole("button"));
      await section.getByLabel("First Name").fill("Jordan");
      await section.getByLabel("Last Name").fill("Ellis");
      await section.getByRole("textbox", { name: "Email", exact: true }).fill("jordan@example.com");
      await section.getByLabel("Phone").fill("7135550142");
      await actLikeAPerson(page);
      await section.getByRole("button").click();
      await expectToast(page, "Error", "Please try again.");
      await expect(section.getByLabel("Last Name")).toHaveValue("Ellis");
      await expect(section.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("jordan@example.com");
    });
  });
}

test("a short form can be completed with the keyboard alone", async ({ page, baseURL }) => {
  const email = uniqueEmail("short-keys");
  await page.goto("/get-leads");
  const section = page.getByRole("region", { name: "Get Your FREE Lead Audit" });
  await showForm(section.getByRole("button"));
  await section.getByLabel("First Name").focus();
  for (const value of ["Sam", "Ortiz", email, "3125550100"]) {
    await page.keyboard.type(value);
    await page.keyboard.press("Tab");
  }
  await actLikeAPerson(page);
  await expect(section.getByRole("button", { name: "Get My Free Lead Audit" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expectToast(page, "Success!", "We'll be in touch soon!");
  expect(await storedLead(baseURL!, "contact-submissions", email)).toMatchObject({
    firstName: "Sam",
    formName: "lead-audit",
  });
});
