import { expect, test } from "./fixtures.ts";
import {
  actLikeAPerson,
  expectToast,
  serveAgedFormTokens,
  holdResponses,
  openToast,
  recordPosts,
  showForm,
  storedLead,
  uniqueEmail,
} from "./helpers.ts";
import { meetingDateInDays } from "../helpers/meeting-dates.ts";

const meetingDate60 = meetingDateInDays(60);

test.use({ timezoneId: "America/Chicago" });

test.beforeEach(async ({ page }) => {
  await page.clock.install();
  await serveAgedFormTokens(page);
});

test("an empty form or one without a service sends nothing and shows the validation toast", async ({ page }) => {
  const posts = recordPosts(page, "/api/contact");
  await page.goto("/contact");
  await showForm(page.getByRole("button", { name: "Send Message" }));
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Validation Error", "Please fill in all required fields and select at least one service.");
  await expect(page.getByLabel("Full Name")).toBeFocused();

  await page.getByLabel("Full Name").fill("Dana Whitfield");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("dana@example.com");
  await page.getByLabel("Phone").fill("512 555 0147");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Validation Error", "Please fill in all required fields and select at least one service.");
  await expect(page.getByText("Select at least one service.", { exact: true })).toBeVisible();
  expect(posts).toHaveLength(0);
});

test("a full submission is stored with its source, shows Sending... then the success toast, and resets", async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail("contact");
  // The visit lands from a newsletter link, then moves to the contact page.
  await page.goto("/?utm_source=newsletter&utm_medium=email&utm_campaign=november", {
    referer: "https://mail.example.net/",
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await showForm(page.getByRole("button", { name: "Send Message" }));

  await page.getByLabel("Full Name").fill("Mary Ann Whitfield");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Phone").fill("(512) 555-0147");
  await page.getByLabel("Company (optional)").fill("Whitfield Plumbing");
  const seo = page.getByRole("checkbox", { name: "SEO Services" });
  await expect(seo).not.toBeChecked();
  await seo.click();
  await expect(seo).toBeChecked();
  await page.getByRole("checkbox", { name: "Website Design" }).click();
  await page.getByRole("checkbox", { name: "Consulting Only" }).click();
  await page.getByRole("checkbox", { name: "Consulting Only" }).click(); // toggled off again
  await page.getByLabel("Preferred meeting date (optional)").fill(meetingDate60);
  await page.getByLabel("Preferred meeting time (optional)").selectOption({ label: "12:00 PM" });
  // The zone in words on screen; its IANA name in the payload (checked on the stored lead below).
  await expect(page.getByText("Times are in your time zone: Central Time", { exact: true })).toBeVisible();

  await actLikeAPerson(page);
  const held = await holdResponses(page, "/api/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  const sending = page.getByRole("button", { name: "Sending..." });
  await expect(sending).toBeDisabled();
  held.release();
  await expectToast(page, "Success!", "Your message has been sent. We'll respond within 24 hours.");

  // The thank-you panel takes the form's place; the form it brings back is empty (the spec's reset).
  await page.getByRole("button", { name: "Send another request" }).click();
  await expect(page.getByLabel("Full Name")).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("");
  await expect(seo).not.toBeChecked();
  await expect(page.getByLabel("Preferred meeting date (optional)")).toHaveValue("");

  const lead = await storedLead(baseURL!, "contact-submissions", email);
  expect(lead).toMatchObject({
    firstName: "Mary",
    lastName: "Ann Whitfield",
    phone: "(512) 555-0147",
    company: "Whitfield Plumbing",
    products: ["SEO Services", "Website Design"],
    meetingDate: meetingDate60,
    meetingTime: "12:00",
    timezone: "America/Chicago",
    status: "new",
    pagePath: "/contact",
    formName: "contact-page",
    utmSource: "newsletter",
    utmMedium: "email",
    utmCampaign: "november",
    referrer: "https://mail.example.net/",
  });
});

test("each service chip keeps the spec's name, says what it means, and is named by the spec's name alone", async ({
  page,
}) => {
  await page.goto("/contact");
  const chips = page.getByRole("group", { name: "Which services are you interested in?" }).getByRole("checkbox");
  const expected: [string, string][] = [
    ["SEO Services", "Rank higher on Google and in the map results"],
    ["SEM (Paid Advertising)", "Google Ads and other paid search ads"],
    ["Website Design", "A new website, or a rebuild of the one you have"],
    ["Email Marketing", "Newsletters and follow-ups to your customer list"],
    ["Social Media Marketing", "Facebook, Instagram and other social channels"],
    ["Podcast Marketing", "Start, grow or promote a podcast"],
    ["Ultimate Website Offer", "Our done-for-you website upgrade, built in a week"],
    ["Ultimate Pitch Packages", "Monthly SEO packages of 20, 50 or 150 keywords"],
    ["Consulting Only", "Advice and a plan that your own team carries out"],
  ];
  await expect(chips).toHaveCount(expected.length);
  for (const [index, [name, description]] of expected.entries()) {
    const chip = chips.nth(index);
    await expect(chip).toHaveAccessibleName(name);
    await expect(chip).toHaveAccessibleDescription(description);
    await expect(chip).toHaveAttribute("name", "products");
    await expect(chip).toHaveAttribute("value", name);
  }
});

test("a failed send keeps every value and shows the error toast", async ({ page }) => {
  await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "Internal error" }));
  await page.goto("/contact");
  await showForm(page.getByRole("button", { name: "Send Message" }));
  await page.getByLabel("Full Name").fill("Dana Whitfield");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("dana@example.com");
  await page.getByLabel("Phone").fill("512 555 0147");
  await page.getByRole("checkbox", { name: "Email Marketing" }).click();
  await actLikeAPerson(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Error", "Failed to send your message. Please try again.");
  await expect(page.getByLabel("Full Name")).toHaveValue("Dana Whitfield");
  await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("dana@example.com");
  await expect(page.getByRole("checkbox", { name: "Email Marketing" })).toBeChecked();
});

test("a one-word name and a malformed e-mail get errors under their fields and no request", async ({ page }) => {
  const posts = recordPosts(page, "/api/contact");
  await page.goto("/contact");
  await showForm(page.getByRole("button", { name: "Send Message" }));
  await page.getByLabel("Full Name").fill("Cher");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("cher-at-example");
  await page.getByLabel("Phone").fill("512 555 0147");
  await page.getByRole("checkbox", { name: "SEO Services" }).click();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Validation Error", "Please correct the highlighted fields.");
  const name = page.getByLabel("Full Name");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Enter your first and last name.");
  await expect(name).toBeFocused();
  await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveAccessibleDescription(
    "Enter a valid email address.",
  );
  expect(posts).toHaveLength(0);
});

test("the form can be completed with the keyboard alone, and a double submit sends once", async ({ page, baseURL }) => {
  const email = uniqueEmail("keyboard");
  const posts = recordPosts(page, "/api/contact");
  await page.goto("/contact");
  await showForm(page.getByRole("button", { name: "Send Message" }));
  await page.getByLabel("Full Name").focus();
  await page.keyboard.type("Kim Lee");
  await page.keyboard.press("Tab");
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type("4155550123");
  await page.keyboard.press("Tab"); // company
  await page.keyboard.press("Tab"); // first service chip
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: "SEO Services" })).toBeChecked();
  await actLikeAPerson(page);
  const held = await holdResponses(page, "/api/contact");
  await page.getByLabel("Full Name").press("Enter");
  await page.getByLabel("Full Name").press("Enter");
  await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
  held.release();
  await expectToast(page, "Success!", "Your message has been sent.");
  expect(posts).toHaveLength(1);
  expect(await storedLead(baseURL!, "contact-submissions", email)).toMatchObject({
    firstName: "Kim",
    lastName: "Lee",
    products: ["SEO Services"],
  });

  // F8 moves focus to the notifications region (SPEC §9).
  await page.keyboard.press("F8");
  await expect(page.getByRole("region", { name: "Notifications (F8)" }).locator("ol")).toBeFocused();
  await expect(openToast(page)).toHaveCount(1);
});

test("a filled honeypot or an instant submission is stored as spam, with the same success toast", async ({
  page,
  baseURL,
}) => {
  const bot = uniqueEmail("honeypot");
  await page.goto("/contact");
  await showForm(page.getByRole("button", { name: "Send Message" }));
  await page.getByLabel("Full Name").fill("Spam Bot");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(bot);
  await page.getByLabel("Phone").fill("5555555555");
  await page.getByRole("checkbox", { name: "SEO Services" }).click();
  // Bots fill every input they find, the hidden one too.
  await page.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
    input.value = "http://cheap-pills.example";
  });
  await actLikeAPerson(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Success!", "Your message has been sent.");
  expect(await storedLead(baseURL!, "contact-submissions", bot)).toMatchObject({
    status: "spam",
    spamReason: expect.stringContaining("honeypot"),
  });

  const fast = uniqueEmail("instant");
  // The browser's clock stands still from before the form appears (the spam timer counts from its
  // appearance): the post is instant however long the filling takes.
  await page.clock.setFixedTime(await page.evaluate(() => Date.now()));
  await page.reload();
  await showForm(page.getByRole("button", { name: "Send Message" }));
  await page.getByLabel("Full Name").fill("Fast Bot");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(fast);
  await page.getByLabel("Phone").fill("5555555555");
  await page.getByRole("checkbox", { name: "SEO Services" }).click();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Success!", "Your message has been sent.");
  expect(await storedLead(baseURL!, "contact-submissions", fast)).toMatchObject({
    status: "spam",
    spamReason: expect.stringContaining("ms after the form appeared"),
  });
});

test("the honeypot is out of reach: hidden from assistive technology and not focusable", async ({ page }) => {
  await page.goto("/contact");
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot.locator("xpath=ancestor::div[@aria-hidden='true']")).toHaveCount(1);
  await expect(page.getByRole("textbox", { name: "Leave this field empty" })).toHaveCount(0);
});

test("the prerendered form is a real form: it posts to our server, names its fields, and Send works from the first paint", async ({
  request,
}) => {
  const html = await (await request.get("/contact")).text();
  const form = (html.match(/<form\b[^>]*>/g) ?? []).find((tag) => tag.includes('aria-label="Contact form"')) ?? "";
  expect(form).toContain('method="post"');
  expect(form).toContain('action="/forms/contact-page"');
  expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Send Message<\/button>/);
  expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Send Message<\/button>/);
  for (const name of [
    "fullName",
    "email",
    "phone",
    "company",
    "products",
    "meetingDate",
    "meetingTime",
    "timezone",
    "website",
    "formToken",
    "idempotencyKey",
  ]) {
    expect(html, name).toContain(`name="${name}"`);
  }
});
