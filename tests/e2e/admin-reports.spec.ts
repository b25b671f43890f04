import type { Browser, Page } from "@playwright/test";
import { expectNoBlockingViolations, expectNoSidewaysScroll } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signInThroughTheApi, openFilters } from "./helpers.ts";
import { contactData, inquiryData, postContact, postInquiry, uniqueTag } from "./lead-seeds.ts";

// The owner's numbers (issue 24) in a browser: a page view counted from a real page load (and none with
// Sec-GPC: 1), the report at 390 and 1280 px with axe, the dashboard's week row, "Also sent" on a lead's
// page and the inbox's "One row per person".

test.describe.configure({ mode: "serial" });

/** A desktop Chrome's User-Agent: headless Chromium names itself HeadlessChrome, which is counted as a bot. */
const PERSON_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The views of this week so far, as the report counts them (every path). */
async function viewsThisWeek(page: Page): Promise<number> {
  const response = await page.request.get("/api/admin/reports/sources?period=week&by=week");
  expect(response.status()).toBe(200);
  const report = (await response.json()) as { totals: { current: { views: number } } };
  return report.totals.current.views;
}

/** A visitor's browser: no admin cookie, a person's User-Agent, and `headers` on every request. */
async function visitor(browser: Browser, baseURL: string, headers: Record<string, string> = {}) {
  const context = await browser.newContext({ baseURL, userAgent: PERSON_USER_AGENT, extraHTTPHeaders: headers });
  return { context, page: await context.newPage() };
}

test("a page view is counted from a real page load, and not when the browser sends Sec-GPC: 1", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInThroughTheApi(page);
  const before = await viewsThisWeek(page);

  const person = await visitor(browser, baseURL!);
  const sent = person.page.waitForRequest(
    (request) => request.url().endsWith("/api/views") && request.method() === "POST",
  );
  await person.page.goto("/home-services?utm_source=google&utm_medium=cpc");
  const beacon = await sent;
  // The path and the referrer's host only: no query string, no identifier.
  expect(JSON.parse(beacon.postData() ?? "{}")).toEqual({ path: "/home-services" });
  expect((await beacon.response())?.status()).toBe(204);
  // Counted in memory, written within a few seconds.
  await expect.poll(() => viewsThisWeek(page), { timeout: 20_000 }).toBe(before + 1);
  await person.context.close();

  const private_ = await visitor(browser, baseURL!, { "Sec-GPC": "1" });
  const answered = private_.page
    .waitForResponse((response) => response.url().endsWith("/api/views"), { timeout: 10_000 })
    .catch(() => null);
  await private_.page.goto("/contact");
  const response = await answered;
  // Chromium does not expose the header to the page's script, so the beacon goes out; the server counts nothing.
  if (response) {
    expect(response.status()).toBe(204);
    expect(response.request().headers()["sec-gpc"]).toBe("1");
  }
  await private_.context.close();

  // A signed-in admin looking at the site is not counted either (its beacon goes out with the session cookie).
  const admin = await visitor(browser, baseURL!);
  await signInThroughTheApi(admin.page);
  const adminAnswered = admin.page.waitForResponse((response) => response.url().endsWith("/api/views"), {
    timeout: 10_000,
  });
  await admin.page.goto("/contact");
  expect((await adminAnswered).status()).toBe(204);
  await admin.context.close();

  // A person's view after those two: the flush that writes it writes whatever was counted before it, so once
  // it shows, the report holds every count there will be of the two above: none.
  const last = await visitor(browser, baseURL!);
  const lastAnswered = last.page.waitForResponse((response) => response.url().endsWith("/api/views"));
  await last.page.goto("/home-services");
  expect((await lastAnswered).status()).toBe(204);
  await expect.poll(() => viewsThisWeek(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 2);
  expect(await viewsThisWeek(page)).toBe(before + 2);
  await last.context.close();
});

test("the report shows where leads come from and speed to lead, at 390 and 1280 px, with no serious accessibility violation", async ({
  page,
}) => {
  const tag = uniqueTag("Report");
  // A number of its own: the other tests' leads share one, and would make this lead's sender a person seen before.
  const phone = `(737) 555-${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
  await postContact(
    page.request,
    contactData(tag, {
      phone,
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: `${tag}-campaign`,
      landingPath: "/home-services",
      pagePath: "/home-services",
      formName: "home-services-audit",
    }),
  );
  await postInquiry(page.request, inquiryData(tag, { referrer: "https://www.facebook.com/", landingPath: "/contact" }));
  await signInThroughTheApi(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/reports");
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    const sources = page.getByRole("table", { name: /Leads by channel/ });
    await expect(sources.getByRole("rowheader", { name: "Paid search" })).toBeVisible();
    await expect(sources.getByRole("rowheader", { name: "Organic social" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Speed to lead", exact: true })).toBeVisible();
    await expect(page.getByText("Median time to answer")).toBeVisible();
    await expectNoBlockingViolations(page);
    await expectNoSidewaysScroll(page, width);
  }
  // By campaign: this test's campaign is a row; the grouping and the period are in the address.
  await page.getByRole("button", { name: "Campaign" }).click();
  await expect(page).toHaveURL(/by=campaign/);
  await expect(
    page.getByRole("table", { name: /Leads by campaign/ }).getByRole("rowheader", { name: `${tag}-campaign` }),
  ).toBeVisible();
  await page.getByLabel("Period").selectOption("7d");
  await expect(page).toHaveURL(/period=7d/);
  await expect(page.getByRole("link", { name: "Download CSV" }).first()).toHaveAttribute(
    "href",
    "/api/admin/reports/sources?period=7d&by=campaign&format=csv",
  );
  const csv = await page.request.get("/api/admin/reports/sources?period=7d&by=campaign&format=csv");
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await csv.text()).toContain(`${tag}-campaign,1,1`);
  // Custom dates: a range that ends before it starts is refused in words.
  await page.getByLabel("Period").selectOption("custom");
  await page.getByLabel("First day").fill("2026-05-10");
  await page.getByLabel("Last day").fill("2026-05-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("alert")).toHaveText("The first day must not be after the last.");
  await expectNoBlockingViolations(page);
  await page.getByLabel("First day").fill("2026-04-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/from=2026-04-01&to=2026-05-01/);
  await expect(page.getByText("Apr 1, 2026 to May 1, 2026").first()).toBeVisible();

  // The dashboard's row, linking into the report.
  await page.goto("/admin/submissions");
  const week = page.getByRole("region", { name: "This week vs last week" });
  await expect(week.getByText("Leads", { exact: true })).toBeVisible();
  await week.getByRole("link", { name: "Open the reports" }).click();
  await expect(page).toHaveURL(/\/admin\/reports\?period=week/);
});

test("a lead from someone who sent another shows 'Also sent', and the inbox can show one row per person", async ({
  page,
}) => {
  const tag = uniqueTag("Twice");
  const email = `${tag.toLowerCase()}@example.com`;
  const first = await postContact(page.request, contactData(tag, { email, phone: "(415) 555-0134" }));
  const second = await postInquiry(
    page.request,
    inquiryData(tag, { email: email.toUpperCase(), phone: "(415) 555-0135" }),
  );
  await signInThroughTheApi(page);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/admin/leads/inquiries/${second}`);
  const alsoSent = page.getByRole("region", { name: "Also sent" });
  await expect(alsoSent).toContainText("The same person (same e-mail or phone) sent another lead");
  await alsoSent.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/contacts/${first}`));
  await expect(page.getByRole("region", { name: "Also sent" })).toBeVisible();
  await expectNoBlockingViolations(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/leads/all?q=${tag}`);
  await expect(page.getByRole("link", { name: new RegExp(tag) })).toHaveCount(2);
  // A click, then the state: the box follows the address, which the click changes a moment later.
  await openFilters(page);
  await page.getByLabel("One row per person").click();
  await expect(page).toHaveURL(/group=person/);
  await expect(page.getByLabel("One row per person")).toBeChecked();
  await expect(page.getByRole("link", { name: new RegExp(tag) })).toHaveCount(1);
});
