import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  actLikeAPerson,
  expectToast,
  serveAgedFormTokens,
  holdResponses,
  recordPosts,
  showForm,
  storedLead,
  uniqueEmail,
} from "./helpers.ts";

test.beforeEach(async ({ page }) => {
  await page.clock.install();
  await serveAgedFormTokens(page);
  await page.goto("/services/seo");
  await showForm(page.getByRole("button", { name: "Send Inquiry" }));
});

async function chooseService(page: Page, label: string) {
  await page.getByLabel("Service Needed").selectOption({ label });
}

/** The choices of a native select, its placeholder (the empty choice) left out. */
const choices = (page: Page, label: string) => page.getByLabel(label).locator("option:not([value=''])");
/** What a native select shows: the text of its chosen option. */
const shown = (page: Page, label: string) => page.getByLabel(label).locator("option:checked");

test("the form is titled Claim Your Free Website and offers the six services and one budget", async ({ page }) => {
  await expect(page.getByRole("heading", { name: "Claim Your Free Website" })).toBeVisible();
  await expect(choices(page, "Service Needed")).toHaveText([
    "Search Engine Optimization",
    "Paid Advertising Management",
    "Website Design & Development",
    "Social Media Management",
    "Multiple Services",
    "General Consultation",
  ]);
  await expect(choices(page, "Budget (optional)")).toHaveText(["Prefer to discuss"]);
  await expect(page.getByLabel("Tell us about your project")).toHaveAttribute("rows", "4");
  await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Phone")).toHaveAttribute("type", "tel");
});

test("missing required fields send nothing and show the validation notice", async ({ page }) => {
  const posts = recordPosts(page, "/api/service-inquiry");
  await page.getByLabel("First Name").fill("Marcus");
  await page.getByRole("button", { name: "Send Inquiry" }).click();
  await expectToast(page, "Validation Error", "Please fill in all required fields.");
  await expect(page.getByLabel("Last Name")).toBeFocused();
  await expect(page.getByLabel("Last Name")).toHaveAccessibleDescription("Enter your last name.");
  expect(posts).toHaveLength(0);
});

test("a complete inquiry is stored, shows Sending... and the success notice, and every field resets", async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail("inquiry");
  await page.getByLabel("First Name").fill("Marcus");
  await page.getByLabel("Last Name").fill("Reyes");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Company (optional)").fill("Reyes Injury Law");
  await page.getByLabel("Phone").fill("+1 305 555 0199");
  await chooseService(page, "Multiple Services");
  await page.getByLabel("Budget (optional)").selectOption({ label: "Prefer to discuss" });
  await page.getByLabel("Tell us about your project").fill("We need SEO and a faster website for three offices.");

  await actLikeAPerson(page);
  const held = await holdResponses(page, "/api/service-inquiry");
  await page.getByRole("button", { name: "Send Inquiry" }).click();
  await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
  held.release();
  await expectToast(
    page,
    "Success!",
    "Your service inquiry has been sent. We'll respond within 24 hours with a custom proposal.",
  );

  for (const label of [
    "First Name",
    "Last Name",
    "Email",
    "Company (optional)",
    "Phone",
    "Tell us about your project",
  ]) {
    await expect(page.getByLabel(label)).toHaveValue("");
  }
  // SPEC §2: all fields reset to empty after a success, the SEO page's preset service too.
  await expect(shown(page, "Service Needed")).toHaveText("Select a service");
  await expect(shown(page, "Budget (optional)")).toHaveText("Select a budget");

  expect(await storedLead(baseURL!, "service-inquiries", email)).toMatchObject({
    firstName: "Marcus",
    lastName: "Reyes",
    company: "Reyes Injury Law",
    serviceType: "multiple",
    budget: "discuss",
    message: "We need SEO and a faster website for three offices.",
    status: "new",
    pagePath: "/services/seo",
    formName: "service-seo",
  });
});

test("a failed send keeps the values and shows the failure notice", async ({ page }) => {
  await page.route("**/api/service-inquiry", (route) => route.fulfill({ status: 503, body: "" }));
  await page.getByLabel("First Name").fill("Marcus");
  await page.getByLabel("Last Name").fill("Reyes");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("marcus@example.com");
  await page.getByLabel("Phone").fill("305 555 0199");
  await chooseService(page, "General Consultation");
  await page.getByLabel("Tell us about your project").fill("Call me.");
  await actLikeAPerson(page);
  await page.getByRole("button", { name: "Send Inquiry" }).click();
  await expectToast(page, "Error", "Failed to send your inquiry. Please try again.");
  await expect(page.getByLabel("Last Name")).toHaveValue("Reyes");
  await expect(shown(page, "Service Needed")).toHaveText("General Consultation");
  await expect(page.getByLabel("Tell us about your project")).toHaveValue("Call me.");
});

test("an invalid e-mail gets an error under the field, tied to it, and no request", async ({ page }) => {
  const posts = recordPosts(page, "/api/service-inquiry");
  await page.getByLabel("First Name").fill("Marcus");
  await page.getByLabel("Last Name").fill("Reyes");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("marcus@");
  await page.getByLabel("Phone").fill("305 555 0199");
  await chooseService(page, "Search Engine Optimization");
  await page.getByLabel("Tell us about your project").fill("Hello");
  await page.getByRole("button", { name: "Send Inquiry" }).click();
  const emailField = page.getByRole("textbox", { name: "Email", exact: true });
  await expect(emailField).toHaveAttribute("aria-invalid", "true");
  await expect(emailField).toHaveAccessibleDescription("Enter a valid email address.");
  await expect(emailField).toBeFocused();
  expect(posts).toHaveLength(0);
});

test("the inquiry can be completed with the keyboard alone", async ({ page, baseURL }) => {
  const email = uniqueEmail("inquiry-keys");
  await page.getByLabel("First Name").focus();
  for (const value of ["Ada", "Park", email, "", "2065550100"]) {
    if (value) await page.keyboard.type(value);
    await page.keyboard.press("Tab");
  }
  // Service Needed (a native select): the arrow keys choose.
  await expect(page.getByLabel("Service Needed")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab"); // budget
  await page.keyboard.press("Tab"); // message
  await page.keyboard.type("Keyboard only, please.");
  await actLikeAPerson(page);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Send Inquiry" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expectToast(page, "Success!", "Your service inquiry has been sent.");
  const lead = await storedLead(baseURL!, "service-inquiries", email);
  expect(lead).toMatchObject({ firstName: "Ada", lastName: "Park", message: "Keyboard only, please." });
  expect(["seo", "paid-ads"]).toContain(lead?.serviceType);
});
