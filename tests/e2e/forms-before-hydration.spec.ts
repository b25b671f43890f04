import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectToast, recordPosts, serveAgedFormTokens, storedLeads, uniqueEmail } from "./helpers.ts";
import { meetingDateInDays } from "../helpers/meeting-dates.ts";

const meetingDate60 = meetingDateInDays(60);

// Issue 18 §6, §7: a lead form is a real form from the first paint, and its island (React, the form's
// code) loads only when the visitor starts using it (client:lead-form). What the visitor entered before the
// island took over is kept (the scripts held until then), and a Send pressed before then is held and sent by
// the island (every script late, as on a slow network).

const SCRIPT_DELAY_MS = 3000;
/** Longer than the production minimum fill time (1.5 s), which a timer started at hydration would miss. */
const PERSON_BEFORE_ISLAND_MS = 2000;

/** Delays every script of our site by 3 s unless told (the page's module scripts and the islands' chunks). */
async function delayScripts(page: Page, delayMs = SCRIPT_DELAY_MS) {
  await page.route(/\/assets\/.*\.js$/, async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
}

/** Waits for the thank-you panel: on this network the island's validation and request chunks come 3 s late too. */
async function thanked(page: Page) {
  await expect(page.getByRole("heading", { name: "Thank you! We have your request." })).toBeVisible({
    timeout: 45_000,
  });
}

/**
 * Holds every script of our site until the test calls the function this resolves to: what the visitor does
 * before then happens before any island could load, however fast or slow the machine.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Resolves once the page's first lead-form island has hydrated (Astro removes its `ssr` attribute). */
async function islandHydrated(page: Page) {
  await expect(page.locator('astro-island[client="lead-form"]').first()).not.toHaveAttribute("ssr", "", {
    timeout: 30_000,
  });
}

test.beforeEach(async ({ page }) => {
  await serveAgedFormTokens(page);
});

test("/contact: chips, text, a date and a time entered before the island loads are all kept and sent", async ({
  page,
  baseURL,
}) => {
  const releaseScripts = await holdScripts(page);
  const email = uniqueEmail("before-hydration-contact");
  // The page's module scripts are held, so its load event waits for them: the visitor starts at first paint.
  await page.goto("/contact", { waitUntil: "commit" });
  await page.getByRole("checkbox", { name: "SEO Services" }).check();
  await page.getByRole("checkbox", { name: "Email Marketing" }).check();
  await page.getByLabel("Full Name").fill("Dana Whitfield");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Phone").fill("512 555 0100");
  await page.getByLabel("Preferred meeting date (optional)").fill(meetingDate60);
  await page.getByLabel("Preferred meeting time (optional)").selectOption("15:00");
  await expect(page.locator('astro-island[client="lead-form"]').first()).toHaveAttribute("ssr", "");
  releaseScripts();
  await islandHydrated(page);
  // The island took over with every value the visitor entered.
  await expect(page.getByRole("checkbox", { name: "SEO Services" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Email Marketing" })).toBeChecked();
  await expect(page.getByLabel("Full Name")).toHaveValue("Dana Whitfield");
  await expect(page.getByLabel("Preferred meeting date (optional)")).toHaveValue(meetingDate60);
  await expect(page.getByLabel("Preferred meeting time (optional)")).toHaveValue("15:00");
  await page.getByRole("button", { name: "Send Message" }).click();
  await thanked(page);
  await expectToast(page, "Success!", "Your message has been sent. We'll respond within 24 hours.");
  const [lead] = await storedLeads(baseURL!, "contact-submissions", email);
  expect(lead).toMatchObject({
    status: "new",
    products: ["SEO Services", "Email Marketing"],
    meetingDate: meetingDate60,
    meetingTime: "15:00",
    firstName: "Dana",
    lastName: "Whitfield",
  });
});

test("/services/seo: a service chosen before the island loads is kept (it was reset to 'Select a service')", async ({
  page,
  baseURL,
}) => {
  const releaseScripts = await holdScripts(page);
  const email = uniqueEmail("before-hydration-inquiry");
  // The page's module scripts are held, so its load event waits for them: the visitor starts at first paint.
  await page.goto("/services/seo", { waitUntil: "commit" });
  await page.getByLabel("Service Needed").selectOption("web-design");
  await page.getByLabel("Budget (optional)").selectOption("discuss");
  await page.getByLabel("First Name").fill("Marcus");
  await page.getByLabel("Last Name").fill("Reyes");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Phone").fill("305 555 0199");
  await page.getByLabel("Tell us about your project").fill("A new site for the firm.");
  await expect(page.locator('astro-island[client="lead-form"]').first()).toHaveAttribute("ssr", "");
  // The visitor took their time before the island loaded, then pressed Send at once: the spam timer counts
  // from when they had the form, not from the island's start (a lead was stored as spam for this).
  await page.waitForTimeout(PERSON_BEFORE_ISLAND_MS);
  const posts = recordPosts(page, "/api/service-inquiry");
  releaseScripts();
  await islandHydrated(page);
  await expect(page.getByLabel("Service Needed")).toHaveValue("web-design");
  await page.getByRole("button", { name: "Send Inquiry" }).click();
  await thanked(page);
  await expectToast(
    page,
    "Success!",
    "Your service inquiry has been sent. We'll respond within 24 hours with a custom proposal.",
  );
  expect(posts).toHaveLength(1);
  expect((posts[0]!.postDataJSON() as { elapsedMs: number }).elapsedMs).toBeGreaterThanOrEqual(PERSON_BEFORE_ISLAND_MS);
  const [lead] = await storedLeads(baseURL!, "service-inquiries", email);
  expect(lead).toMatchObject({ status: "new", serviceType: "web-design", budget: "discuss" });
});

/** Fills /get-leads and presses Send while its island is still loading; resolves with the POSTs the page sent. */
async function sendBeforeTheIsland(page: Page, email: string): Promise<string[]> {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  await page.goto("/get-leads");
  await page.getByLabel("First Name").fill("Jordan");
  await page.getByLabel("Last Name").fill("Ellis");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Phone").fill("(713) 555-0142");
  await expect(page.locator('astro-island[client="lead-form"]').first()).toHaveAttribute("ssr", "");
  await page.getByRole("button", { name: "Get My Free Lead Audit" }).click();
  await thanked(page);
  return posts;
}

test("Send pressed before the island has loaded is held and sent by the island once, with the toast and the panel", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Scripts 1 s late: the island arrives within the 8 s a held Send waits for it.
  await delayScripts(page, 1000);
  const email = uniqueEmail("held-send");
  const posts = await sendBeforeTheIsland(page, email);
  await expectToast(page, "Success!", "We'll be in touch soon!");
  await expect(page.getByRole("heading", { name: "Thank you! We have your request." })).toBeFocused();
  // Sent once, through the JSON API, with the page kept (no plain post).
  expect(posts.filter((path) => path === "/api/contact")).toHaveLength(1);
  expect(posts.filter((path) => path.startsWith("/forms/"))).toEqual([]);
  const leads = await storedLeads(baseURL!, "contact-submissions", email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ status: "new", firstName: "Jordan" });
});

test("with every script 3 s late, a Send pressed before the island is never ignored: one lead, by the island or as a plain post", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await delayScripts(page);
  const email = uniqueEmail("held-send-slow");
  const posts = await sendBeforeTheIsland(page, email);
  // Whichever took it (the island, or the plain post after 8 s), the lead was sent once.
  expect(posts.filter((path) => path === "/api/contact" || path === "/forms/lead-audit")).toHaveLength(1);
  const leads = await storedLeads(baseURL!, "contact-submissions", email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ status: "new", firstName: "Jordan" });
});

test("when the island's code cannot load, a held Send is posted as a plain form and the lead is stored", async ({
  page,
  baseURL,
}) => {
  // The form's own chunks fail (a blocked script, a failed deploy); the page's small scripts still run.
  await page.route(/\/assets\/(short-lead-form|client|react|react-dom)[.-].*\.js$/, (route) => route.abort());
  const email = uniqueEmail("island-failed");
  await page.goto("/get-leads");
  await page.getByLabel("First Name").fill("Jordan");
  await page.getByLabel("Last Name").fill("Ellis");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Phone").fill("(713) 555-0142");
  await page.getByRole("button", { name: "Get My Free Lead Audit" }).click();
  // The token the page fetched when the form came into view went with the post: no confirmation step.
  await expect(page).toHaveURL(/\/forms\/lead-audit\/sent$/, { timeout: 20_000 });
  const [lead] = await storedLeads(baseURL!, "contact-submissions", email);
  expect(lead).toMatchObject({ status: "new", formName: "lead-audit" });
});

test("a page with a form loads none of the form's code until the visitor touches it", async ({ page, baseURL }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" && request.url().startsWith(baseURL!))
      scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/personal-injury");
  await page.waitForLoadState("networkidle");
  await page.mouse.wheel(0, 4000);
  await page.waitForLoadState("networkidle");
  const own = () => scripts.filter((path) => path.startsWith("/assets/"));
  expect(
    own().some((path) => /short-lead-form|react-dom|client\./.test(path)),
    own().join(" "),
  ).toBe(false);
  // The form is ready for a plain post all the same: the token came when it scrolled into view.
  await expect(page.locator('input[name="formToken"]')).not.toHaveValue("");
  await expect(page.locator('input[name="idempotencyKey"]')).toHaveValue(/^[0-9a-f-]{36}$/);
  await page.getByLabel("First Name").focus();
  await expect.poll(() => own().some((path) => /short-lead-form/.test(path))).toBe(true);
});

test("/contact: the meeting date input offers no day before the visitor's today before any interaction (issue 33)", async ({
  page,
}) => {
  await page.goto("/contact");
  const dateInput = page.getByLabel("Preferred meeting date (optional)");
  const today = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  });
  await expect(dateInput).toHaveAttribute("min", today);
  await expect(dateInput).toHaveAttribute("max", /^\d{4}-\d{2}-\d{2}$/);
  // Nothing was touched: the form's island has not loaded, the page's own script set the bounds.
  await expect(page.locator('astro-island[client="lead-form"]').first()).toHaveAttribute("ssr", "");
});

test("/contact: a meeting time without a date is sent and stored on its own (issue 33)", async ({ page, baseURL }) => {
  const email = uniqueEmail("time-without-date");
  await page.goto("/contact");
  await page.getByRole("checkbox", { name: "SEO Services" }).check();
  await page.getByLabel("Full Name").fill("Dana Whitfield");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Phone").fill("512 555 0100");
  await page.getByLabel("Preferred meeting time (optional)").selectOption("11:00");
  await islandHydrated(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await thanked(page);
  const [lead] = await storedLeads(baseURL!, "contact-submissions", email);
  expect(lead).toMatchObject({ meetingDate: null, meetingTime: "11:00" });
});
