import type { APIRequestContext, Page } from "@playwright/test";
import SQLite from "better-sqlite3";
import { deadlineKey } from "../../contract/reply-window.ts";
import { expectNoBlockingViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { e2eSqlitePath, expectToast, openToast, setReplyDueIn, signInThroughTheApi, openFilters } from "./helpers.ts";
import { contactData, inquiryData, postContact, postInquiry, uniqueTag } from "./lead-seeds.ts";
import { meetingDateInDays } from "../helpers/meeting-dates.ts";

// The owner's queue (issue 20, points 2-5): All leads (/admin/leads/all) in reply-deadline order with
// both kinds, the follow-up filter, the filters folded behind one button on a phone, the cards' Call and
// E-mail links, bulk actions over both kinds with Undo, and the dashboard's "Answer now" and
// "Follow-ups", at 360, 390 and 1280 px with axe. Leads are stored through the public API with a unique
// tag; a lead's arrival is moved back in the e2e database (SQLite) where a test needs it overdue.

type Kind = "contacts" | "inquiries";
const HOUR_MS = 3_600_000;
const meetingDate = meetingDateInDays(60);
/** The meeting as the list words it: "Thursday, March 5, 2026". */
const meetingDay = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
}).format(new Date(`${meetingDate}T12:00:00Z`));

/**
 * Moves a lead's arrival `hours` back, as if it had come in then: its received time and its deadline
 * order's key (contract deadlineKey), written in the e2e server's SQLite file (the public API cannot
 * backdate a lead, and the server's clock cannot be moved).
 */
/**
 * Moves a lead's arrival `hours` back and sets its reply deadline `replyInHours` from now (negative: past),
 * whatever the business hours would make of the real time the test runs at: the lists' order and states
 * are what is tested here (the business-hours rule: contract/business-hours.test.ts).
 */
function backdate(kind: Kind, id: string, hours: number, replyInHours: number) {
  const table = kind === "contacts" ? "contact_submissions" : "service_inquiries";
  const db = new SQLite(e2eSqlitePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const createdAt = new Date(Date.now() - hours * HOUR_MS).toISOString();
    const replyBy = new Date(Date.now() + replyInHours * HOUR_MS).toISOString();
    const changed = db
      .prepare(`update ${table} set created_at = ?, reply_by = ?, deadline_key = ? where id = ?`)
      .run(createdAt, replyBy, deadlineKey({ status: "new", createdAt, replyBy }), id).changes;
    expect(changed, `lead ${id} backdated`).toBe(1);
  } finally {
    db.close();
  }
}

/**
 * Four leads of one tag, the reply-deadline order's cases: an inquiry 26 hours old (24-hour promise,
 * overdue), a contact of the 24-hour contact page and, after it, a contact of the 4-hour home services
 * form (its deadline comes first although it arrived later), and an answered inquiry (last).
 */
async function seedQueue(request: APIRequestContext, page: Page, tag: string) {
  const overdue = await postInquiry(
    request,
    inquiryData(tag, { firstName: "Olive", phone: "(312) 555-0101", serviceType: "web-design" }),
  );
  backdate("inquiries", overdue, 26, -2.5);
  const dayLead = await postContact(
    request,
    contactData(tag, { firstName: "Dora", formName: "contact-page", phone: "(512) 555-0102" }),
  );
  const fastLead = await postContact(
    request,
    contactData(tag, {
      firstName: "Fay",
      email: `${tag.toLowerCase()}-fay@example.com`,
      phone: "(512) 555-0103 ext. 7",
      formName: "home-services-audit",
      products: ["Local Digital Marketing for Home Services"],
      meetingDate,
      meetingTime: "10:00",
      timezone: "America/Chicago",
    }),
  );
  const answered = await postInquiry(request, inquiryData(tag, { firstName: "Ansel", phone: "(312) 555-0104" }));
  expect(
    (await page.request.patch(`/api/admin/leads/inquiries/${answered}`, { data: { status: "contacted" } })).status(),
  ).toBe(200);
  return { overdue, dayLead, fastLead, answered };
}

const rows = (page: Page) => page.locator("main table tbody tr");
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByRole("link", { name, exact: true }) });
const leadCount = (page: Page) => page.locator("main").getByText(/^[\d,]+ leads?\b/);
/** The rows' name links, in the list's order (a row also links its phone, a card its Call and E-mail). */
const nameLinks = (page: Page, tag: string) => rows(page).getByRole("link", { name: new RegExp(`^\\S+ ${tag}$`) });

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, `page ${widths.scroll} px wide in a ${widths.inner} px window`).toBeLessThanOrEqual(
    widths.inner,
  );
}

async function apiLead(page: Page, kind: Kind, id: string) {
  const response = await page.request.get(`/api/admin/leads/${kind}/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { status: string; readAt: string | null };
}

test("All leads lists both kinds by reply deadline, overdue first, with phone, meeting and reply state in words (1280 px)", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const tag = uniqueTag("Queue");
  await signInThroughTheApi(page);
  const ids = await seedQueue(request, page, tag);
  // Their promises as if the business were open now (4 and 24 hours).
  setReplyDueIn("contacts", ids.fastLead, 4);
  setReplyDueIn("contacts", ids.dayLead, 23.9);

  await page.goto(`/admin/leads/all?q=${tag}`);
  await expect(page.getByRole("heading", { level: 1, name: "All leads" })).toBeVisible();
  await expect(leadCount(page)).toHaveText(/^4 leads\b/);
  // The default order, named as such.
  await expect(page.getByLabel("Sort by")).toHaveValue("deadline");
  await expect(page.getByLabel("Sort by").locator("option:checked")).toHaveText("Reply deadline (default)");
  await expect(page.getByText("Leads waiting for a reply come first, the most overdue at the top")).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Reply by" })).toHaveAttribute("aria-sort", "ascending");

  const names = nameLinks(page, tag);
  await expect(names).toHaveText([`Olive ${tag}`, `Fay ${tag}`, `Dora ${tag}`, `Ansel ${tag}`]);

  const olive = row(page, `Olive ${tag}`);
  await expect(olive).toContainText("Service inquiry");
  await expect(olive).toContainText("Website Design & Development");
  await expect(olive.getByTestId("reply-state")).toHaveText(/^Overdue by [23] h$/);
  await expect(olive.getByRole("link", { name: "(312) 555-0101" })).toHaveAttribute("href", "tel:3125550101");
  await expect(olive.getByRole("link", { name: `Olive ${tag}` })).toHaveAttribute(
    "href",
    `/admin/leads/inquiries/${ids.overdue}?list=all&q=${tag}&sort=deadline`,
  );

  const fay = row(page, `Fay ${tag}`);
  await expect(fay).toContainText("Contact form");
  await expect(fay).toContainText("Home Services page");
  await expect(fay.getByTestId("reply-state")).toHaveText("Reply within 4 h");
  await expect(fay.getByTestId("meeting")).toHaveText(`Meeting requested: ${meetingDay}, 10:00 AM (their time)`);
  await expect(row(page, `Dora ${tag}`).getByTestId("reply-state")).toHaveText(/^Reply within 2[34] h$/);
  await expect(row(page, `Dora ${tag}`)).toContainText("Contact page");
  // Answered: no reply state.
  await expect(row(page, `Ansel ${tag}`).getByTestId("reply-state")).toHaveCount(0);
  // No raw form id, status key or service key on screen.
  for (const raw of ["home-services-audit", "contact-page", "web-design", "contacted"])
    await expect(page.locator("main")).not.toContainText(raw);
  await expectNoBlockingViolations(page);
  await expectNoSidewaysScroll(page);

  // Another order is in the address; the inboxes keep newest first as their default.
  await page.getByLabel("Sort by").selectOption("newest");
  await expect(page).toHaveURL(/sort=newest/);
  await expect(names).toHaveText([`Ansel ${tag}`, `Fay ${tag}`, `Dora ${tag}`, `Olive ${tag}`]);
  await page.goto(`/admin/leads/contacts?q=${tag}`);
  await expect(page.getByLabel("Sort by")).toHaveValue("newest");
  await expect(page.getByLabel("Sort by").locator("option:checked")).toHaveText("Newest first (default)");
  await page.getByLabel("Sort by").selectOption("deadline");
  await expect(page).toHaveURL(/sort=deadline/);
  await expect(names).toHaveText([`Fay ${tag}`, `Dora ${tag}`]);
});

test("the follow-up due filter keeps the leads whose follow-up is today or overdue, with their notes", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const tag = uniqueTag("Follow");
  await signInThroughTheApi(page);
  const ids = await seedQueue(request, page, tag);
  const earlier = new Date(Date.now() - 2 * HOUR_MS).toISOString();
  expect(
    (
      await page.request.patch(`/api/admin/leads/inquiries/${ids.answered}`, {
        data: { followUpAt: earlier, followUpNote: "call back Tuesday" },
      })
    ).status(),
  ).toBe(200);
  // A follow-up next month is not due.
  const later = new Date(Date.now() + 30 * 24 * HOUR_MS).toISOString();
  expect(
    (
      await page.request.patch(`/api/admin/leads/contacts/${ids.dayLead}`, {
        data: { followUpAt: later, followUpNote: "send the quote" },
      })
    ).status(),
  ).toBe(200);

  await page.goto(`/admin/leads/all?q=${tag}`);
  await expect(leadCount(page)).toHaveText(/^4 leads\b/);
  await expect(row(page, `Ansel ${tag}`).getByTestId("follow-up")).toHaveText(
    /^Follow-up overdue since .+: call back Tuesday$/,
  );
  await expect(row(page, `Dora ${tag}`).getByTestId("follow-up")).toHaveText(/^Follow up .+: send the quote$/);

  await openFilters(page);
  await page.getByLabel("Follow-up due").check();
  await expect(page).toHaveURL(/followUp=due/);
  await expect(leadCount(page)).toHaveText(/^1 lead\b/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`Ansel ${tag}`);
  // The filter works in an inbox too, and a shared address opens it.
  await page.goto(`/admin/leads/inquiries?q=${tag}&followUp=due`);
  await expect(page.getByLabel("Follow-up due")).toBeChecked();
  await expect(leadCount(page)).toHaveText(/^1 lead\b/);
  await page.goto(`/admin/leads/contacts?q=${tag}&followUp=due`);
  await expect(leadCount(page)).toHaveText(/^0 leads\b/);
});

for (const width of [360, 390]) {
  test(`on a ${width} px phone the filters fold behind one button, cards have Call and E-mail, nothing scrolls sideways`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const tag = uniqueTag(`Card${width}`);
    await signInThroughTheApi(page);
    await seedQueue(request, page, tag);

    await page.goto(`/admin/leads/all?q=${tag}`);
    await expect(leadCount(page)).toHaveText(/^4 leads\b/);
    // The order is the same on a phone.
    await expect(nameLinks(page, tag)).toHaveText([`Olive ${tag}`, `Fay ${tag}`, `Dora ${tag}`, `Ansel ${tag}`]);
    await expectNoSidewaysScroll(page);

    // The search stays in sight; the other filters are behind "Filters".
    await expect(page.getByRole("searchbox", { name: "Search" })).toBeVisible();
    const filtersButton = page.getByRole("button", { name: /^Filters/ });
    await expect(filtersButton).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByLabel("Status", { exact: true })).toBeHidden();
    await filtersButton.click();
    await expect(filtersButton).toHaveAttribute("aria-expanded", "true");
    await page.getByLabel("Status", { exact: true }).selectOption("new");
    await expect(page).toHaveURL(/status=new/);
    await expect(leadCount(page)).toHaveText(/^3 leads\b/);
    await expect(page.getByTestId("active-filters")).toHaveText("1 in use");
    await expect(filtersButton).toHaveAccessibleName("Filters 1 in use");
    await page.getByLabel("Service type").selectOption("web-design");
    await expect(leadCount(page)).toHaveText(/^1 lead\b/);
    await expect(page.getByTestId("active-filters")).toHaveText("2 in use");
    await expectNoSidewaysScroll(page);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin\/leads\/all$/);
    await expect(page.getByTestId("active-filters")).toHaveCount(0);
    await page.goto(`/admin/leads/all?q=${tag}`);
    await expect(leadCount(page)).toHaveText(/^4 leads\b/);

    // Each card: Call and E-mail with the lead's own number and address, big enough for a thumb.
    const fay = row(page, `Fay ${tag}`);
    const call = fay.getByRole("link", { name: `Call Fay ${tag}` });
    const mail = fay.getByRole("link", { name: `E-mail Fay ${tag}` });
    await expect(call).toHaveAttribute("href", "tel:5125550103;ext=7");
    await expect(mail).toHaveAttribute("href", `mailto:${tag.toLowerCase()}-fay@example.com`);
    for (const button of [call, mail]) {
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    await expect(row(page, `Olive ${tag}`).getByRole("link", { name: `Call Olive ${tag}` })).toHaveAttribute(
      "href",
      "tel:3125550101",
    );
    const cardBox = (await fay.boundingBox())!;
    expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(width);

    // Bulk actions are still at hand.
    await page.getByLabel(`Select Fay ${tag}`).check();
    await expect(
      page.getByRole("group", { name: "Bulk actions" }).getByRole("button", { name: "Mark read" }),
    ).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await expectNoBlockingViolations(page);
    await page.getByLabel(`Select Fay ${tag}`).uncheck();

    await filtersButton.click();
    await expectNoSidewaysScroll(page);
    await expectNoBlockingViolations(page);

    // The dashboard on the phone.
    await page.goto("/admin/submissions");
    await expect(page.getByRole("region", { name: /^Answer now/ })).toContainText(`Dora ${tag}`);
    await expectNoSidewaysScroll(page);
    await expectNoBlockingViolations(page);
  });
}

test(
  "bulk actions in All leads change leads of both kinds, and Undo puts each back",
  { tag: "@both-databases" },
  async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const tag = uniqueTag("Both");
    await signInThroughTheApi(page);
    const contact = await postContact(request, contactData(tag, { firstName: "Cleo" }));
    const inquiry = await postInquiry(request, inquiryData(tag, { firstName: "Ivo" }));
    const won = await postInquiry(request, inquiryData(tag, { firstName: "Wren" }));
    expect((await page.request.patch(`/api/admin/leads/inquiries/${won}`, { data: { status: "won" } })).status()).toBe(
      200,
    );

    await page.goto(`/admin/leads/all?q=${tag}`);
    await expect(leadCount(page)).toHaveText(/^3 leads\b/);
    await page.getByLabel("Select all on this page").check();
    await expect(page.getByText("3 selected.")).toBeVisible();
    const bulk = page.getByRole("group", { name: "Bulk actions" });
    await bulk.getByRole("button", { name: "Set status" }).click();
    await page.getByRole("menuitemradio", { name: "Qualified" }).click();
    await expectToast(page, "Status updated", "3 leads set to Qualified.");
    await expect.poll(async () => (await apiLead(page, "contacts", contact)).status).toBe("qualified");
    await expect.poll(async () => (await apiLead(page, "inquiries", inquiry)).status).toBe("qualified");
    await expect.poll(async () => (await apiLead(page, "inquiries", won)).status).toBe("qualified");
    await expect(page.getByRole("button", { name: `Status of Cleo ${tag}: Qualified` })).toBeVisible();

    await openToast(page).getByRole("button", { name: "Undo" }).click();
    await expectToast(page, "Change undone", "3 leads are back as they were.");
    await expect.poll(async () => (await apiLead(page, "contacts", contact)).status).toBe("new");
    await expect.poll(async () => (await apiLead(page, "inquiries", inquiry)).status).toBe("new");
    await expect.poll(async () => (await apiLead(page, "inquiries", won)).status).toBe("won");

    // Both kinds to spam and back through the Spam tab.
    await page.getByLabel(`Select Cleo ${tag}`).check();
    await page.getByLabel(`Select Ivo ${tag}`).check();
    await bulk.getByRole("button", { name: "Mark as spam" }).click();
    await expectToast(page, "Marked as spam", "2 leads moved to Spam.");
    await expect(leadCount(page)).toHaveText(/^1 lead\b/);
    const views = page.getByRole("navigation", { name: "Views" });
    await expect(views.getByRole("link", { name: /^Spam\b/ })).toHaveAccessibleName("Spam 2");
    await openToast(page).getByRole("button", { name: "Undo" }).click();
    await expect(leadCount(page)).toHaveText(/^3 leads\b/);
    await expect.poll(async () => (await apiLead(page, "contacts", contact)).status).toBe("new");
    await expect.poll(async () => (await apiLead(page, "inquiries", inquiry)).status).toBe("new");
  },
);

test("the dashboard leads with Answer now and Follow-ups, before the totals, with links into All leads", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const tag = uniqueTag("Today");
  await signInThroughTheApi(page);
  const ids = await seedQueue(request, page, tag);
  // The 4-hour lead, 3.5 hours old: due in half an hour.
  // Ten days old, both (so neither is among the recent arrivals, which other tests' leads crowd on this
  // shared server): the 4-hour lead due in half an hour, the inquiry overdue by two and a half hours.
  backdate("contacts", ids.fastLead, 240, 0.5);
  backdate("inquiries", ids.overdue, 240, -2.5);
  const earlier = new Date(Date.now() - 3 * HOUR_MS).toISOString();
  const justNow = new Date(Date.now() - 60_000).toISOString();
  for (const [kind, id, at, note] of [
    ["inquiries", ids.answered, justNow, `call back Tuesday ${tag}`],
    ["contacts", ids.dayLead, earlier, `send the quote ${tag}`],
  ] as const) {
    expect(
      (
        await page.request.patch(`/api/admin/leads/${kind}/${id}`, { data: { followUpAt: at, followUpNote: note } })
      ).status(),
    ).toBe(200);
  }

  await page.goto("/admin/submissions");
  await expect(page.getByRole("heading", { level: 1, name: "Form Submissions Dashboard" })).toBeVisible();
  // "Now" (issue 33): the lead that arrived a moment ago on top, with its live countdown; the older 4-hour
  // lead due in half an hour among those due in the business hours ahead.
  const now = page.getByRole("region", { name: /^Answer now/ });
  const dora = now.getByRole("listitem").filter({ hasText: `Dora ${tag}` });
  await expect(dora.getByRole("timer")).toHaveText(/^Reply within /);
  await expect(dora.getByRole("link", { name: `Dora ${tag}`, exact: true })).toHaveAttribute(
    "href",
    new RegExp(`^/admin/leads/contacts/${ids.dayLead}\\?list=all`),
  );
  const fay = now.getByRole("listitem").filter({ hasText: `Fay ${tag}` });
  await expect(fay.getByRole("timer")).toHaveText(/^Reply within (2\d|30):\d\d$/);
  // The answered lead is not there; the overdue inquiry is no card: it is counted in the backlog's line.
  await expect(now.getByRole("listitem").filter({ hasText: `Ansel ${tag}` })).toHaveCount(0);
  await expect(now.getByRole("listitem").filter({ hasText: `Olive ${tag}` })).toHaveCount(0);
  await expect(page.getByTestId("overdue-backlog")).toContainText(/past the reply time/);

  const followUps = page.getByRole("region", { name: /^Follow-ups/ });
  const dueMine = followUps.getByRole("listitem").filter({ hasText: tag });
  await expect(dueMine).toHaveCount(2);
  // Earliest first, each with its note.
  await expect(dueMine.nth(0).getByTestId("follow-up-due")).toHaveText(
    new RegExp(`^Follow-up overdue since .+: send the quote ${tag}$`),
  );
  await expect(dueMine.nth(0)).toContainText(`Dora ${tag}`);
  await expect(dueMine.nth(1).getByTestId("follow-up-due")).toHaveText(
    new RegExp(`^Follow-up overdue since .+: call back Tuesday ${tag}$`),
  );

  // Before the totals.
  const order = await page.locator("main h2").allTextContents();
  expect(order.findIndex((h) => h.startsWith("Answer now"))).toBeLessThan(order.indexOf("Contact Forms"));
  expect(order.findIndex((h) => h.startsWith("Follow-ups"))).toBeLessThan(order.indexOf("Contact Forms"));
  await expectNoBlockingViolations(page);

  await followUps.getByRole("link", { name: "All follow-ups due" }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/all\?followUp=due$/);
  await expect(page.getByLabel("Follow-up due")).toBeChecked();
});

test("the dashboard says so in plain words when nothing needs an answer and no follow-up is due", async ({ page }) => {
  const now = new Date().toISOString();
  await page.route("**/api/admin/today", (route) =>
    route.fulfill({
      json: {
        ownerTimeZone: "America/New_York",
        now,
        window: { since: now, dueBy: now },
        answerNow: [],
        dueSoon: [],
        overdue: { count: 0 },
        needsReply: { items: [], total: 0 },
        followUps: { items: [], total: 0 },
      },
    }),
  );
  await signInThroughTheApi(page);
  await page.goto("/admin/submissions");
  await expect(page.getByRole("region", { name: /^Answer now/ })).toContainText("Nothing to answer right now.");
  await expect(page.getByTestId("overdue-backlog")).toHaveCount(0);
  await expect(page.getByRole("region", { name: /^Follow-ups/ })).toContainText("No follow-ups due today.");
});
