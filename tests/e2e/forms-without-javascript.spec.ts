import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import { e2eAdmin, e2eTimings } from "../../playwright.config.ts";
import { createPrivatePostgres, type PrivatePostgres } from "../helpers/private-postgres.ts";
import { startServerProcess, type StartedServer } from "../helpers/server-process.ts";
import { expectNoBlockingViolationsWithoutJavaScript } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { storedLeads, uniqueEmail, waitTheMinimumFillTime } from "./helpers.ts";
import { meetingDateInDays } from "../helpers/meeting-dates.ts";

// Issue 18: every lead form works with JavaScript off. A post without a form token gets a page to confirm
// (with a fresh token), the confirmation is stored as a lead like the JSON API's (not spam, with its
// deliveries), bad input comes back with the spec's messages and every value kept, and the pages that say
// why nothing was saved (cross-site, too many requests, the database away) give the phone number.

test.use({ javaScriptEnabled: false });

type Kind = "contact-submissions" | "service-inquiries";
type FormCase = {
  path: string;
  formName: string;
  kind: Kind;
  submit: string;
  replyWithin: string;
  fill: (page: Page, email: string) => Promise<void>;
};

async function fillShort(page: Page, email: string, companyLabel?: string) {
  await page.getByLabel("First Name").fill("Jordan");
  await page.getByLabel("Last Name").fill("Ellis");
  if (companyLabel) await page.getByLabel(companyLabel).fill("Ellis & Partners");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Phone").fill("(713) 555-0142");
}

async function fillContact(page: Page, email: string) {
  await page.getByLabel("Full Name").fill("Dana Whitfield");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Phone").fill("512 555 0100");
  await page.getByRole("checkbox", { name: "SEO Services" }).check();
  await page.getByRole("checkbox", { name: "Website Design" }).check();
  await page.getByLabel("Preferred meeting date (optional)").fill(meetingDateInDays(30));
  await page.getByLabel("Preferred meeting time (optional)").selectOption("14:00");
}

async function fillInquiry(page: Page, email: string) {
  await page.getByLabel("First Name").fill("Marcus");
  await page.getByLabel("Last Name").fill("Reyes");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Phone").fill("305 555 0199");
  await page.getByLabel("Service Needed").selectOption("seo");
  await page.getByLabel("Tell us about your project").fill("We need more calls from Miami.");
}

const forms: FormCase[] = [
  {
    path: "/contact",
    formName: "contact-page",
    kind: "contact-submissions",
    submit: "Send Message",
    replyWithin: "24 hours",
    fill: fillContact,
  },
  {
    path: "/services",
    formName: "services-hero",
    kind: "contact-submissions",
    submit: "Send Message",
    replyWithin: "24 hours",
    fill: fillContact,
  },
  {
    path: "/services/seo",
    formName: "service-seo",
    kind: "service-inquiries",
    submit: "Send Inquiry",
    replyWithin: "24 hours",
    fill: fillInquiry,
  },
  {
    path: "/get-leads",
    formName: "lead-audit",
    kind: "contact-submissions",
    submit: "Get My Free Lead Audit",
    replyWithin: "24 hours",
    fill: (p, e) => fillShort(p, e),
  },
  {
    path: "/improve-website",
    formName: "website-audit",
    kind: "contact-submissions",
    submit: "Get My Free Website Audit",
    replyWithin: "24 hours",
    fill: (p, e) => fillShort(p, e),
  },
  {
    path: "/marketing-coaching",
    formName: "marketing-coaching",
    kind: "contact-submissions",
    submit: "Book My Strategy Session",
    replyWithin: "24 hours",
    fill: (p, e) => fillShort(p, e),
  },
  {
    path: "/home-services",
    formName: "home-services-audit",
    kind: "contact-submissions",
    submit: "Get My Free Audit",
    replyWithin: "4 hours",
    fill: (p, e) => fillShort(p, e, "Company Name"),
  },
  {
    path: "/personal-injury",
    formName: "personal-injury-audit",
    kind: "contact-submissions",
    submit: "Get My Free Legal Audit",
    replyWithin: "4 hours",
    fill: (p, e) => fillShort(p, e, "Law Firm Name"),
  },
  {
    path: "/plumbing",
    formName: "plumbing-contact",
    kind: "contact-submissions",
    submit: "Send My Request",
    replyWithin: "24 hours",
    fill: (p, e) => fillShort(p, e),
  },
];

/** A person reads the confirmation before pressing Send again (the server's spam guard wants FORM_MIN_FILL_MS on its own clock). */
async function confirmLikeAPerson(page: Page, submit: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Check your details and send" })).toBeVisible();
  await waitTheMinimumFillTime(page);
  await page.getByRole("button", { name: submit }).click();
}

/** The stored lead with its deliveries (the admin's lead page data). */
async function leadWithDeliveries(baseURL: string, kind: Kind, email: string) {
  const [lead] = await storedLeads(baseURL, kind, email);
  if (!lead) return undefined;
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    await admin.post("/api/admin/login", { data: { username: e2eAdmin.email, password: e2eAdmin.password } });
    const detail = await admin.get(
      `/api/admin/leads/${kind === "contact-submissions" ? "contacts" : "inquiries"}/${String(lead.id)}`,
    );
    return (await detail.json()) as Record<string, unknown> & { deliveries: unknown[] };
  } finally {
    await admin.dispose();
  }
}

for (const form of forms) {
  test(`${form.path}: sent without JavaScript, confirmed, stored as a lead and thanked @both-databases`, async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail(`nojs-${form.formName}`);
    await page.goto(form.path);
    await form.fill(page, email);
    await page.getByRole("button", { name: form.submit }).click();
    // No script, so no form token: nothing is stored until the visitor confirms.
    expect(await storedLeads(baseURL!, form.kind, email)).toEqual([]);
    await confirmLikeAPerson(page, form.submit);

    await expect(page).toHaveURL(new RegExp(`/forms/${form.formName}/sent$`));
    await expect(page.getByRole("heading", { level: 1, name: "Thank you! We have your request." })).toBeVisible();
    await expect(page.getByText(`contacts you within ${form.replyWithin} by phone or e-mail`)).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "(512) 555-0186" })).toHaveAttribute(
      "href",
      "tel:+15125550186",
    );
    await expect(page.getByRole("main")).toContainText("Monday to Friday 9AM to 6PM EST");
    await expect(page.getByRole("link", { name: "book a free 30-minute call" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the page you were on" })).toHaveAttribute("href", form.path);
    expect(page.url()).not.toContain("@");

    const lead = await leadWithDeliveries(baseURL!, form.kind, email);
    expect(lead).toMatchObject({
      email,
      status: "new",
      spamReason: null,
      formName: form.formName,
      pagePath: form.path,
    });
    expect(lead!.deliveries.length).toBeGreaterThan(0);
  });
}

test("the contact form's chips, meeting time and time zone arrive as the visitor chose them", async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail("nojs-contact-values");
  await page.goto("/contact");
  await fillContact(page, email);
  await page.getByRole("button", { name: "Send Message" }).click();
  // The confirmation keeps every value.
  await expect(page.getByRole("checkbox", { name: "SEO Services" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Website Design" })).toBeChecked();
  await expect(page.getByLabel("Preferred meeting time (optional)")).toHaveValue("14:00");
  await confirmLikeAPerson(page, "Send Message");
  await expect(page).toHaveURL(/\/forms\/contact-page\/sent$/);
  const [lead] = await storedLeads(baseURL!, "contact-submissions", email);
  expect(lead).toMatchObject({
    firstName: "Dana",
    lastName: "Whitfield",
    products: ["SEO Services", "Website Design"],
    meetingTime: "14:00",
    timezone: "America/New_York",
  });
});

test("the short forms with a fixed product store it", async ({ page, baseURL }) => {
  const email = uniqueEmail("nojs-home-services");
  await page.goto("/home-services");
  await fillShort(page, email, "Company Name");
  await page.getByRole("button", { name: "Get My Free Audit" }).click();
  await confirmLikeAPerson(page, "Get My Free Audit");
  const [lead] = await storedLeads(baseURL!, "contact-submissions", email);
  expect(lead).toMatchObject({ company: "Ellis & Partners", products: ["Local Digital Marketing for Home Services"] });
});

test.describe("bad input comes back with the spec's messages, every value kept, nothing stored", () => {
  test("the contact form: a one-word name, an e-mail without a domain, a short phone, no service", async ({
    page,
    baseURL,
  }) => {
    const email = `nojs-${Date.now()}@localhost`;
    await page.goto("/contact");
    await page.getByLabel("Full Name").fill("Cher");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await page.getByLabel("Phone").fill("555 01");
    await page.getByLabel("Company (optional)").fill("Cher & Co <b>");
    // A date in the past: without JavaScript the static page's date input has no min; the server's rule holds.
    await page.getByLabel("Preferred meeting date (optional)").fill("2020-01-01");
    await page.getByLabel("Preferred meeting time (optional)").selectOption("09:00");
    const answer = page.waitForResponse((response) => response.url().endsWith("/forms/contact-page"));
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await answer).status()).toBe(422);

    const summary = page.getByRole("alert");
    await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
    await expect(summary).toBeFocused();
    for (const message of [
      "Enter your first and last name.",
      "Enter a valid email address.",
      "Enter a phone number with at least 7 digits.",
      "Select at least one service.",
      "Choose a meeting date of today or later.",
    ]) {
      await expect(summary.getByRole("link", { name: message })).toBeVisible();
    }
    // Each message is tied to its field, and the summary's link takes the visitor there.
    const phone = page.getByLabel("Phone");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(/Enter a phone number with at least 7 digits\./);
    await summary.getByRole("link", { name: "Enter a phone number with at least 7 digits." }).click();
    await expect(phone).toBeFocused();
    // What the visitor typed is all there, escaped.
    await expect(page.getByLabel("Full Name")).toHaveValue("Cher");
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(email);
    await expect(phone).toHaveValue("555 01");
    await expect(page.getByLabel("Company (optional)")).toHaveValue("Cher & Co <b>");
    await expect(page.getByLabel("Preferred meeting time (optional)")).toHaveValue("09:00");
    expect(await storedLeads(baseURL!, "contact-submissions", email)).toEqual([]);

    // Corrected, it goes through (the page carried a fresh form token: no confirmation needed after FORM_MIN_FILL_MS).
    await page.getByLabel("Full Name").fill("Cher Sarkisian");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(email.replace("@localhost", "@example.com"));
    await phone.fill("555 0100 22");
    await page.getByRole("checkbox", { name: "Consulting Only" }).check();
    await page.getByLabel("Preferred meeting date (optional)").fill(meetingDateInDays(30));
    await waitTheMinimumFillTime(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/forms\/contact-page\/sent$/);
    expect(
      await storedLeads(baseURL!, "contact-submissions", email.replace("@localhost", "@example.com")),
    ).toHaveLength(1);
  });

  test("the service inquiry form: no service chosen, a blank message", async ({ page, baseURL }) => {
    const email = uniqueEmail("nojs-inquiry-bad");
    await page.goto("/services/seo");
    await fillInquiry(page, email);
    await page.getByLabel("Service Needed").selectOption("");
    await page.getByLabel("Tell us about your project").fill("   ");
    // The browser's own check refuses the empty select first; a visitor whose browser skips it gets the server's page.
    await page
      .locator('form[action="/forms/service-seo"]')
      .evaluate((form: HTMLFormElement) => (form.noValidate = true));
    await page.getByRole("button", { name: "Send Inquiry" }).click();
    await expect(page.getByRole("alert").getByRole("link", { name: "Choose a service." })).toBeVisible();
    await expect(page.getByRole("alert").getByRole("link", { name: "Tell us about your project." })).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveValue("Marcus");
    expect(await storedLeads(baseURL!, "service-inquiries", email)).toEqual([]);
  });
});

test("a short form: a blank last name, an e-mail without a domain, a short phone", async ({ page, baseURL }) => {
  const email = uniqueEmail("nojs-short-bad");
  await page.goto("/personal-injury");
  await fillShort(page, email, "Law Firm Name");
  await page.getByLabel("Last Name").fill("");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("jordan@localhost");
  await page.getByLabel("Phone").fill("713 55");
  // A visitor whose browser skips its own checks gets the server's page.
  await page
    .locator('form[action="/forms/personal-injury-audit"]')
    .evaluate((form: HTMLFormElement) => (form.noValidate = true));
  const answer = page.waitForResponse((response) => response.url().endsWith("/forms/personal-injury-audit"));
  await page.getByRole("button", { name: "Get My Free Legal Audit" }).click();
  expect((await answer).status()).toBe(422);
  const summary = page.getByRole("alert");
  await expect(summary).toBeFocused();
  for (const message of [
    "Enter your last name.",
    "Enter a valid email address.",
    "Enter a phone number with at least 7 digits.",
  ]) {
    await expect(summary.getByRole("link", { name: message })).toBeVisible();
  }
  await expect(page.getByLabel("First Name")).toHaveValue("Jordan");
  await expect(page.getByLabel("Law Firm Name")).toHaveValue("Ellis & Partners");
  await expect(page.getByLabel("Phone")).toHaveValue("713 55");
  expect(await storedLeads(baseURL!, "contact-submissions", "jordan@localhost")).toEqual([]);
  expect(await storedLeads(baseURL!, "contact-submissions", email)).toEqual([]);
});

test("a post from another site is refused with a page and nothing is stored", async ({ page, baseURL }) => {
  const email = uniqueEmail("nojs-cross-site");
  // A page on another origin with a form that posts to ours.
  await page.route("http://evil.example/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><form method="post" action="${baseURL}/forms/lead-audit"><input name="firstName" value="Eve"><input name="lastName" value="Mallory"><input name="email" value="${email}"><input name="phone" value="5125550100"><button>Go</button></form>`,
    }),
  );
  await page.goto("http://evil.example/form");
  const answer = page.waitForResponse((response) => response.url().endsWith("/forms/lead-audit"));
  await page.getByRole("button", { name: "Go" }).click();
  expect((await answer).status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "This form was sent from another website" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "(512) 555-0186" })).toBeVisible();
  expect(await storedLeads(baseURL!, "contact-submissions", email)).toEqual([]);
});

test.describe("pages that say nothing was saved", () => {
  let server: StartedServer | undefined;
  let postgres: PrivatePostgres | undefined;
  let dataDir: string | undefined;
  test.afterEach(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    server = undefined;
    await postgres?.destroy();
    postgres = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  const clientDir = `${process.env.E2E_BUILD_DIR ?? "build-e2e"}/client`;

  /** Issue 39 §3: the site's header and footer around the page, one h1, axe clean without JavaScript. */
  async function expectSiteFrame(page: Page, browser: Browser) {
    await expect(page.getByRole("banner").getByRole("link", { name: /Summit Lead Marketing, home/ })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByTestId("copyright-years")).toContainText(
      String(new Date().getUTCFullYear()),
    );
    await expect(page.locator("h1")).toHaveCount(1);
    await expectNoBlockingViolationsWithoutJavaScript(page, browser);
  }

  test("too many posts from one address get a page with when to try again and the phone number", async ({
    page,
    browser,
  }) => {
    dataDir = mkdtempSync(join(tmpdir(), "agency-e2e-429-"));
    server = await startServerProcess(
      { kind: "sqlite", path: join(dataDir, "db.sqlite") },
      { CLIENT_DIR: clientDir, RATE_LIMIT_FORMS_MAX: "1" },
    );
    const origin = `http://127.0.0.1:${server.port}`;
    await page.goto(`${origin}/get-leads`);
    await fillShort(page, uniqueEmail("nojs-429"));
    await page.getByRole("button", { name: "Get My Free Lead Audit" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your details and send" })).toBeVisible();
    const answer = page.waitForResponse((response) => response.url().endsWith("/forms/lead-audit"));
    await page.getByRole("button", { name: "Get My Free Lead Audit" }).click();
    const response = await answer;
    expect(response.status()).toBe(429);
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { level: 1, name: "Too many requests" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(/Please try again in \d+ (seconds|minutes)\./);
    await expect(page.getByRole("main").getByRole("link", { name: "(512) 555-0186" })).toHaveAttribute(
      "href",
      "tel:+15125550186",
    );
    await expectSiteFrame(page, browser);
  });

  test("with the database stopped, the page says the request was not saved and gives the phone number", async ({
    page,
    browser,
  }) => {
    postgres = await createPrivatePostgres();
    await postgres.start();
    server = await startServerProcess(
      { kind: "postgres", url: postgres.url("postgres") },
      { CLIENT_DIR: clientDir, RATE_LIMIT_ENABLED: "false", FORM_MIN_FILL_MS: String(e2eTimings.minFillMs) },
    );
    const origin = `http://127.0.0.1:${server.port}`;
    await page.goto(`${origin}/get-leads`);
    await fillShort(page, uniqueEmail("nojs-503"));
    await page.getByRole("button", { name: "Get My Free Lead Audit" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your details and send" })).toBeVisible();
    await postgres.stop();
    await waitTheMinimumFillTime(page);
    const answer = page.waitForResponse((response) => response.url().endsWith("/forms/lead-audit"));
    await page.getByRole("button", { name: "Get My Free Lead Audit" }).click();
    const response = await answer;
    expect(response.status()).toBe(503);
    expect(response.headers()["retry-after"]).toBe("5");
    await expect(page.getByRole("heading", { level: 1, name: "We could not save your request" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Your request was not saved.");
    await expect(page.getByRole("main").getByRole("link", { name: "(512) 555-0186" })).toHaveAttribute(
      "href",
      "tel:+15125550186",
    );
    // The site's frame, from the content read before the database stopped.
    await expectSiteFrame(page, browser);
  });
});
