import type { APIRequestContext, Page } from "@playwright/test";
import type { AdminStats } from "../../contract/admin-leads.ts";
import { expectNoBlockingViolations, expectNoSidewaysScroll } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { contactData, postContact as postContactLead } from "./lead-seeds.ts";
import { meetingDateInDays } from "../helpers/meeting-dates.ts";
import { signInThroughTheApi } from "./helpers.ts";

const meetingDate60 = meetingDateInDays(60);

// Settings apart from the dashboard (issue 13, point 7) and numbers people read (point 8): separators
// everywhere, the chart's labels never clipped, both kinds told apart, readable on a phone; axe on the
// dashboard, a lead and Settings at 1280 and 390 px, and no sideways scrolling on a phone. The delivery
// settings' details: admin-deliveries.spec.ts; the password change: admin-inbox.spec.ts.

/** A contact lead with every field, so the lead page shows all its rows. */
const postContact = (request: APIRequestContext, tag: string) =>
  postContactLead(
    request,
    contactData(tag, {
      firstName: "Ivy",
      email: `${tag.toLowerCase()}@example.com`,
      company: "Ivy Roofing",
      meetingDate: meetingDate60,
      meetingTime: "09:00",
      timezone: "Europe/Berlin",
      utmSource: "google",
    }),
  );

/** Twelve weeks with five- and six-digit counts, as an agency with many leads (or a bot wave) would see. */
function bigStats(): AdminStats {
  const weeks = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString().slice(0, 10));
  const perWeek = (scale: number) => weeks.map((weekStart, i) => ({ weekStart, count: scale * (i + 1) + 7 }));
  return {
    contacts: { total: 1_234_567, unread: 12_345, spam: 0, perWeek: perWeek(10_250) },
    inquiries: { total: 98_765, unread: 4_321, spam: 0, perWeek: perWeek(3_100) },
  };
}

/** Every text of the chart lies inside the chart (nothing cut at an edge) and is drawn at least 12 px tall. */
async function expectChartTextInside(page: Page) {
  const chart = page.getByRole("img", { name: /leads per week over the last 12 weeks/i });
  await expect(chart).toBeVisible();
  const problems = await chart.evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    return [...svg.querySelectorAll("text")].flatMap((text) => {
      const r = text.getBoundingClientRect();
      const inside =
        r.left >= box.left - 0.5 &&
        r.right <= box.right + 0.5 &&
        r.top >= box.top - 0.5 &&
        r.bottom <= box.bottom + 0.5;
      const size =
        parseFloat(getComputedStyle(text).fontSize) * (box.width / (svg as SVGSVGElement).viewBox.baseVal.width);
      return inside && size >= 11.9
        ? []
        : [
            `${text.textContent} (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(box.left)}–${Math.round(box.right)}, ${size.toFixed(1)} px)`,
          ];
    });
  });
  expect(problems).toEqual([]);
}

test("the dashboard writes big counts with separators and the chart keeps six-digit labels whole, at 1280 and 390 px", async ({
  page,
}) => {
  const stats = bigStats();
  await page.route("**/api/admin/stats", (route) => route.fulfill({ json: stats }));
  await signInThroughTheApi(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/submissions");
    await expect(page.getByTestId("contact-count")).toHaveText("1,234,567");
    await expect(page.getByTestId("inquiry-count")).toHaveText("98,765");
    await expect(page.getByTestId("contact-unread")).toHaveText("12,345 unread");
    await expect(page.getByTestId("inquiry-unread")).toHaveText("4,321 unread");
    await expect(page).toHaveTitle("(16,666) Form Submissions Dashboard");

    // The busiest week (123,007 contact forms) tops the axis, written with its separator.
    await expect(page.locator("figure svg[role=img] text").filter({ hasText: /^123,007$/ })).toHaveCount(1);
    await expectChartTextInside(page);
    const table = page.getByRole("table", { name: "Leads per week" });
    await expect(table.getByRole("row").last()).toContainText("123,007");
    await expect(page.getByRole("img", { name: /Contact forms: 799,584 in total, most \(123,007\)/ })).toBeVisible();

    // The two kinds differ by more than colour: the inquiries' bars (and their legend swatch) are striped.
    const inquiryBars = page.locator("figure svg[role=img] rect[fill^='url(#']");
    await expect(inquiryBars).toHaveCount(12);
    await expect(page.locator("figcaption svg rect[fill^='url(#']")).toHaveCount(1);
    await expect(page.locator("figcaption")).toContainText("Contact forms");
    await expect(page.locator("figcaption")).toContainText("Service inquiries");
    await expectNoSidewaysScroll(page, width);
  }
});

test("Settings hold who gets new leads, the delivery settings, the notifications and sign-in security; the password change is on Account; both reached from the navigation", async ({
  page,
}) => {
  await signInThroughTheApi(page);
  await page.goto("/admin/submissions");
  await expect(page.getByRole("heading", { level: 1, name: "Form Submissions Dashboard" })).toBeVisible();
  // Not on the dashboard any more.
  await expect(page.getByRole("region", { name: "Change password" })).toHaveCount(0);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page).toHaveTitle(/Settings \| Admin$/);
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  for (const region of ["Who gets new leads", "Lead delivery", "Notifications", "Sign-in security"]) {
    await expect(page.getByRole("region", { name: region, exact: true })).toBeVisible();
  }
  await expect(
    page.getByRole("region", { name: "Who gets new leads" }).getByRole("button", { name: "Send a test e-mail" }),
  ).toBeVisible();
  // The test server has no SITE_ORIGIN: links in e-mails point to its own machine, and the owner is told (issue 32).
  await expect(page.getByRole("region", { name: /^Links in e-mails point to http:\/\/localhost:\d+$/ })).toContainText(
    "set SITE_ORIGIN",
  );
  // Every user's own (issue 23): a member has no Settings.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole("region", { name: "Change password" }).getByLabel("Current password")).toBeVisible();
});

test("the dashboard, a lead and Settings have no serious or critical accessibility violation and no sideways scrolling, at 1280 and 390 px", async ({
  page,
  request,
}) => {
  // Ten axe scans: on a loaded 2-core machine they take close to the default 30 s.
  test.setTimeout(180_000);
  const tag = `Axe${Date.now().toString(36)}`;
  const id = await postContact(request, tag);
  await signInThroughTheApi(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });

    await page.goto("/admin/submissions");
    await expect(page.getByRole("region", { name: "Recent Contact Forms" })).toContainText(tag);
    await expectNoBlockingViolations(page);
    await expectNoSidewaysScroll(page, width);

    await page.goto(`/admin/leads/contacts/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(tag) })).toBeVisible();
    await expectNoBlockingViolations(page);
    await expectNoSidewaysScroll(page, width);
    await page.keyboard.press("Shift+?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    await expectNoBlockingViolations(page);
    await page.keyboard.press("Escape");

    await page.goto("/admin/settings");
    await expect(page.getByRole("region", { name: "Lead delivery" }).getByRole("term").first()).toBeVisible();
    await expectNoBlockingViolations(page);
    await expectNoSidewaysScroll(page, width);

    await page.goto("/admin/deliveries");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoBlockingViolations(page);
    await expectNoSidewaysScroll(page, width);
  }
});

test("the login page has no serious or critical accessibility violation and no sideways scrolling, at 1280 and 390 px", async ({
  page,
}) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/login");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
    await expectNoBlockingViolations(page);
    await expectNoSidewaysScroll(page, width);
  }
});
