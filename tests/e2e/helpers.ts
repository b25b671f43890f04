import { execFileSync } from "node:child_process";
import { expect, request as playwrightRequest, test, type Locator, type Page, type Request } from "@playwright/test";
import SQLite from "better-sqlite3";
import { e2eAdmin, e2eTimings } from "../../playwright.config.ts";
import { signFormToken } from "../../server/lib/form-tokens.ts";
import { deadlineKey } from "../../contract/reply-window.ts";

// Shared steps of the browser tests.

/** The toast on screen (Radix renders one <li> per toast inside the notifications region). */
export function openToast(page: Page) {
  return page.locator('li[data-state="open"]');
}

export async function expectToast(page: Page, title: string, description: string) {
  const toast = openToast(page);
  await expect(toast).toContainText(title);
  await expect(toast).toContainText(description);
}

/**
 * Brings a form into view, as a visitor sees it. Its Send button works from the first paint (issue 18):
 * the island loads on the first touch, and a Send pressed before it has loaded is held or posted plainly.
 */
export async function showForm(submit: Locator) {
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeEnabled();
}

/** Fills a short lead form (audit, coaching, industry and trade pages) with one valid visitor; `companyLabel` where the form asks for a company. */
export async function fillShortLeadForm(
  section: Locator,
  { email, companyLabel }: { email: string; companyLabel?: string },
) {
  await section.getByLabel("First Name").fill("Jordan");
  await section.getByLabel("Last Name").fill("Ellis");
  if (companyLabel) await section.getByLabel(companyLabel).fill("Ellis & Partners");
  await section.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await section.getByLabel("Phone").fill("(713) 555-0142");
}

/** Records the POSTs a page sends to an API path. */
export function recordPosts(page: Page, path: string): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) posts.push(request);
  });
  return posts;
}

/**
 * A person's pace on the server's clock, which a test cannot move: the e2e servers want
 * e2eTimings.minFillMs (FORM_MIN_FILL_MS, shortened from 1.5 s) between a form token's issue and the post.
 */
export async function waitTheMinimumFillTime(page: Page) {
  await page.waitForTimeout(e2eTimings.minFillMs + 100);
}

/**
 * The spam guard treats forms sent within 1.5 s of appearing as automated; a test fills them faster
 * than that, so it moves the page's clock on (the clock is installed before the page loads). The browser's
 * timer starts when the touched form's island takes over (its form is then marked data-island="ready"),
 * which on a loaded machine can come after the fields are filled: the clock moves on only once it has.
 */
export async function actLikeAPerson(page: Page) {
  const hydrated = () =>
    page.evaluate(() => document.querySelector('form[action^="/forms/"][data-island="ready"]') !== null);
  await expect.poll(hydrated, { message: "a lead form's island has taken over" }).toBe(true);
  await page.clock.fastForward(3000);
}

/**
 * A form token as the e2e server would have issued it a minute ago: the server's spam guard measures
 * the time to fill on its own clock, which a test cannot move on, so it signs an older issue time with
 * the server's secret (in the e2e database, migration 0008).
 */
export function agedFormToken(): string {
  return signFormToken(formTokenSecret(), Date.now() - 60_000);
}

/** The SQLite file of the server this test runs against: the admin's specs have their own (playwright.config.ts). */
export function e2eSqlitePath(): string {
  return test.info().project.name === "chromium-admin"
    ? process.env.E2E_ADMIN_SQLITE_PATH!
    : process.env.E2E_SQLITE_PATH!;
}

/**
 * Sets a waiting lead's reply deadline `hours` from now (negative: past) in the admin's e2e database,
 * whatever the business hours make of the time the test runs at (issue 33: the rule itself is
 * contract/business-hours.test.ts's); the deadline order's key follows it.
 */
export function setReplyDueIn(kind: "contacts" | "inquiries", id: string, hours: number) {
  const table = kind === "contacts" ? "contact_submissions" : "service_inquiries";
  const db = new SQLite(e2eSqlitePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const replyBy = new Date(Date.now() + hours * 3_600_000).toISOString();
    const changed = db
      .prepare(`update ${table} set reply_by = ?, deadline_key = ? where id = ?`)
      .run(replyBy, deadlineKey({ status: "new", createdAt: "", replyBy }), id).changes;
    expect(changed, `lead ${id}'s deadline`).toBe(1);
  } finally {
    db.close();
  }
}

/** The form-token secret of the server this test runs against (SQLite, or PostgreSQL for chromium-postgres). */
function formTokenSecret(): string {
  const query = "select value from server_secrets where name = 'form-token'";
  if (test.info().project.name === "chromium-postgres") {
    return execFileSync("psql", [process.env.E2E_DATABASE_URL!, "--no-psqlrc", "-tAc", query], {
      encoding: "utf8",
    }).trim();
  }
  const db = new SQLite(e2eSqlitePath(), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(query).get() as { value: string }).value;
  } finally {
    db.close();
  }
}

/** Answers the page's GET /api/form-token with an aged token (see agedFormToken); install before goto. */
export async function serveAgedFormTokens(page: Page) {
  await page.route("**/api/form-token", (route) =>
    route.fulfill({ json: { token: agedFormToken() }, headers: { "cache-control": "no-store" } }),
  );
}

/** Holds the next answer of an API path until release() so the pending state can be seen. */
export async function holdResponses(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

type Lead = Record<string, unknown> & { email: string; status: string };

/** Signs in as the admin (own cookie jar) and returns the stored leads with this e-mail, spam included. */
export async function storedLeads(
  baseURL: string,
  kind: "contact-submissions" | "service-inquiries",
  email: string,
): Promise<Lead[]> {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    const login = await admin.post("/api/admin/login", {
      data: { username: e2eAdmin.email, password: e2eAdmin.password },
    });
    expect(login.status()).toBe(200);
    // The inbox with view=all: the spec's lists leave spam out, and some tests look for spam.
    const inboxKind = kind === "contact-submissions" ? "contacts" : "inquiries";
    const list = await admin.get(`/api/admin/leads/${inboxKind}?view=all&q=${encodeURIComponent(email)}`);
    expect(list.status()).toBe(200);
    return ((await list.json()) as { items: Lead[] }).items.filter((lead) => lead.email === email);
  } finally {
    await admin.dispose();
  }
}

/** The stored lead with this e-mail, spam included. */
export async function storedLead(
  baseURL: string,
  kind: "contact-submissions" | "service-inquiries",
  email: string,
): Promise<Lead | undefined> {
  return (await storedLeads(baseURL, kind, email))[0];
}

export function uniqueEmail(tag: string) {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Signs the owner in through the admin's sign-in form and waits for the dashboard. */
export async function signInThroughTheForm(page: Page, password = e2eAdmin.password) {
  await page.goto("/admin/login");
  await page.getByLabel("Email Address").fill(e2eAdmin.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Form Submissions Dashboard" })).toBeVisible();
}

/** Signs the owner in through the API: the page's context gets the session cookie. */
export async function signInThroughTheApi(page: Page) {
  const response = await page.request.post("/api/admin/login", {
    data: { username: e2eAdmin.email, password: e2eAdmin.password },
  });
  expect(response.status()).toBe(200);
}

/**
 * Opens a lead list's filters (issue 38: the search stays in the one bar, every other filter is behind its
 * "Filters" button). Nothing to do when they are open already.
 */
export async function openFilters(page: Page) {
  const button = page.getByRole("button", { name: /^Filters/ });
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
}
