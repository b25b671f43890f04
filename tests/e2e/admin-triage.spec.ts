import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoBlockingViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { expectToast, openFilters, openToast, signInThroughTheApi } from "./helpers.ts";
import {
  contactData,
  inquiryData,
  postContact as postContactLead,
  postInquiry as postInquiryLead,
  uniqueTag,
} from "./lead-seeds.ts";

// Triage from the inbox list (issue 13 §2–§5): the view counts, sort, the form filter by its human name,
// bulk actions with Undo, the status menu that changes nothing until a choice, spam as its own action,
// the phone layout and axe. Leads are seeded through the public API with a unique tag; the session is
// made through the login API (the sign-in screen has its own spec).

type Json = Record<string, unknown>;
type Kind = "contacts" | "inquiries";

/** A lead with this tag (its last name), as stored by the public API. */
const postContact = (request: APIRequestContext, tag: string, overrides: Json = {}) =>
  postContactLead(request, contactData(tag, overrides));
const postInquiry = (request: APIRequestContext, tag: string, overrides: Json = {}) =>
  postInquiryLead(request, inquiryData(tag, overrides));

/** A session for the page through the login API. */

async function apiLead(page: Page, kind: Kind, id: string) {
  const response = await page.request.get(`/api/admin/leads/${kind}/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { status: string; readAt: string | null };
}

const rows = (page: Page) => page.locator("main table tbody tr");
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByRole("link", { name, exact: true }) });
const statusControl = (page: Page, label: string) => page.getByRole("button", { name: new RegExp(`^${label}: `) });

async function openInbox(page: Page, kind: Kind, search: string, expected: number) {
  await page.goto(`/admin/leads/${kind}?${search}`);
  await expect(page.getByText(/^[\d,]+ leads?\b/)).toHaveText(new RegExp(`^${expected} leads?\\b`));
}

test("each view's count is on its tab and each status's count in the status filter", async ({ page, request }) => {
  const tag = uniqueTag("Count");
  const read = await postContact(request, tag, { firstName: "Read" });
  const qualified = await postContact(request, tag, { firstName: "Qual" });
  await postContact(request, tag, { firstName: "Fresh" });
  await postContact(request, tag, { firstName: "Bot", website: "https://spam.example" });
  await signInThroughTheApi(page);
  expect((await page.request.patch(`/api/admin/leads/contacts/${read}`, { data: { read: true } })).status()).toBe(200);
  expect(
    (await page.request.patch(`/api/admin/leads/contacts/${qualified}`, { data: { status: "qualified" } })).status(),
  ).toBe(200);

  await openInbox(page, "contacts", `q=${tag}`, 3);
  const views = page.getByRole("navigation", { name: "Views" });
  await expect(views.getByRole("link", { name: /^Inbox\b/ })).toHaveAccessibleName("Inbox 3");
  await expect(views.getByRole("link", { name: /^Unread\b/ })).toHaveAccessibleName("Unread 2");
  await expect(views.getByRole("link", { name: /^Spam\b/ })).toHaveAccessibleName("Spam 1");
  await expect(page.getByLabel("Status", { exact: true }).locator("option")).toHaveText([
    "All",
    "New (2)",
    "Contacted (0)",
    "Qualified (1)",
    "Won (0)",
    "Lost (0)",
  ]);

  await views.getByRole("link", { name: /^Unread\b/ }).click();
  await expect(page).toHaveURL(/unread=true/);
  await expect(views.getByRole("link", { name: /^Unread\b/ })).toHaveAttribute("aria-current", "page");
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page)).not.toContainText([`Read ${tag}`]);
});

test("the list sorts by name and by received time from its column headers", async ({ page, request }) => {
  const tag = uniqueTag("Sort");
  for (const firstName of ["Cy", "Al", "Bo"]) await postContact(request, tag, { firstName });
  await signInThroughTheApi(page);
  await openInbox(page, "contacts", `q=${tag}`, 3);
  // The names' links (a row also links its phone number).
  const names = () => rows(page).getByRole("link", { name: new RegExp(` ${tag}$`) });
  await expect(names()).toHaveText([`Bo ${tag}`, `Al ${tag}`, `Cy ${tag}`]);
  await expect(page.getByRole("columnheader", { name: "Received" })).toHaveAttribute("aria-sort", "descending");

  await page.getByRole("button", { name: "Name" }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");
  await expect(names()).toHaveText([`Al ${tag}`, `Bo ${tag}`, `Cy ${tag}`]);

  await page.getByRole("button", { name: "Received" }).click();
  await page.getByRole("button", { name: "Received" }).click();
  await expect(page).toHaveURL(/sort=oldest/);
  await expect(page.getByRole("columnheader", { name: "Received" })).toHaveAttribute("aria-sort", "ascending");
  await expect(names()).toHaveText([`Cy ${tag}`, `Al ${tag}`, `Bo ${tag}`]);
});

test("a row shows what the lead asked for, a message preview, the form by its name and how long ago; the form filter offers names", async ({
  page,
  request,
}) => {
  const tag = uniqueTag("Form");
  await postContact(request, tag, { firstName: "Pipe", formName: "plumbing-contact", products: ["Website Design"] });
  await postContact(request, tag, { firstName: "Page", formName: "contact-page" });
  const message = `Our phones are quiet since March and we need a new website before the summer season starts (${tag}).`;
  await postInquiry(request, tag, { firstName: "Ask", formName: "service-seo", serviceType: "paid-ads", message });
  await signInThroughTheApi(page);

  await openInbox(page, "contacts", `q=${tag}`, 2);
  const pipe = row(page, `Pipe ${tag}`);
  await expect(pipe).toContainText("Website Design");
  await expect(pipe).toContainText("Plumbing page");
  await expect(pipe.locator("time")).toHaveText(/^(just now|\d+ min ago)$/);
  await expect(pipe.locator("time")).toHaveAttribute("title", /\d/);

  await openFilters(page);
  await page.getByLabel("Form", { exact: true }).selectOption({ label: "Plumbing page" });
  await expect(page).toHaveURL(/form=plumbing-contact/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`Pipe ${tag}`);
  await page.getByLabel("Form", { exact: true }).selectOption({ label: "Contact page" });
  await expect(page).toHaveURL(/form=contact-page/);
  await expect(rows(page).first()).toContainText(`Page ${tag}`);

  await openInbox(page, "inquiries", `q=${tag}`, 1);
  const ask = row(page, `Ask ${tag}`);
  await expect(ask).toContainText("Paid Advertising Management");
  await expect(ask).toContainText("Search Engine Optimization (SEO) page");
  // One line, cut by CSS: the whole text is in the markup but does not fit its box.
  const preview = ask.locator("td p");
  await expect(preview).toHaveText(message);
  expect(
    await preview.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === "ellipsis"),
  ).toBe(true);
});

test("unread is a dot and weight with an accessible name, not a row colour; the statuses are explained", async ({
  page,
  request,
}) => {
  const tag = uniqueTag("Dot");
  await postContact(request, tag, { firstName: "Una" });
  await signInThroughTheApi(page);
  await openInbox(page, "contacts", `q=${tag}`, 1);
  const una = row(page, `Una ${tag}`);
  await expect(una.getByText("Unread", { exact: true })).toHaveCount(1);
  expect(await una.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
  await expect(page.getByRole("link", { name: `Una ${tag}` })).toHaveCSS("font-weight", "700");

  await page.getByText("What the statuses mean").click();
  for (const status of ["New", "Contacted", "Qualified", "Won", "Lost"]) {
    await expect(page.getByRole("term").filter({ hasText: new RegExp(`^${status}$`) })).toBeVisible();
  }
});

test("arrow keys on the status menu change nothing until Enter; the change has Undo", async ({ page, request }) => {
  const tag = uniqueTag("Keys");
  const id = await postContact(request, tag, { firstName: "Kit" });
  await signInThroughTheApi(page);
  await openInbox(page, "contacts", `q=${tag}`, 1);
  const patches: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PATCH") patches.push(r.url());
  });

  const control = statusControl(page, `Status of Kit ${tag}`);
  await control.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(control).toHaveAccessibleName(`Status of Kit ${tag}: New`);
  expect(patches).toEqual([]);
  expect((await apiLead(page, "contacts", id)).status).toBe("new");
  // "Spam" is not a status to choose.
  await control.press("Enter");
  await expect(page.getByRole("menuitemradio")).toHaveText(["New", "Contacted", "Qualified", "Won", "Lost"]);
  await page.keyboard.press("Escape");

  await control.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitemradio", { name: "New" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitemradio", { name: "Contacted" })).toBeFocused();
  expect(patches).toEqual([]);
  await page.keyboard.press("Enter");
  await expectToast(page, "Status updated", `Kit ${tag} is now Contacted.`);
  await expect.poll(async () => (await apiLead(page, "contacts", id)).status).toBe("contacted");

  await openToast(page).getByRole("button", { name: "Undo" }).click();
  await expectToast(page, "Change undone", `Kit ${tag} is New again.`);
  await expect.poll(async () => (await apiLead(page, "contacts", id)).status).toBe("new");
  await expect(statusControl(page, `Status of Kit ${tag}`)).toHaveAccessibleName(`Status of Kit ${tag}: New`);
});

test("moving a lead to spam and back is its own button on the lead page, with Undo", async ({ page, request }) => {
  const tag = uniqueTag("Junk");
  const id = await postContact(request, tag, { firstName: "Jo" });
  await signInThroughTheApi(page);
  await page.goto(`/admin/leads/contacts/${id}`);
  await page.getByRole("button", { name: "Mark as spam" }).click();
  await expectToast(page, "Marked as spam", `Jo ${tag} was moved to Spam.`);
  await expect.poll(async () => (await apiLead(page, "contacts", id)).status).toBe("spam");
  await openToast(page).getByRole("button", { name: "Undo" }).click();
  await expect.poll(async () => (await apiLead(page, "contacts", id)).status).toBe("new");

  await page.getByRole("button", { name: "Mark as spam" }).click();
  await expect(page.getByRole("button", { name: "Not spam" })).toBeVisible();
  await page.getByRole("button", { name: "Not spam" }).click();
  await expectToast(page, "Lead rescued", `Jo ${tag} was moved to the inbox.`);
  await expect.poll(async () => (await apiLead(page, "contacts", id)).status).toBe("new");
});

test(
  "bulk actions: mark read and unread, set status with Undo, spam, delete after a confirmation naming how many",
  { tag: "@both-databases" },
  async ({ page, request }) => {
    const tag = uniqueTag("Bulk");
    const ids: string[] = [];
    for (const firstName of ["Ann", "Ben", "Cat"]) ids.push(await postInquiry(request, tag, { firstName }));
    await signInThroughTheApi(page);
    await openInbox(page, "inquiries", `q=${tag}`, 3);

    await page.getByLabel(`Select Ann ${tag}`).check();
    await page.getByLabel(`Select Ben ${tag}`).check();
    await expect(page.getByText("2 selected.")).toBeVisible();
    const bulk = page.getByRole("group", { name: "Bulk actions" });

    await bulk.getByRole("button", { name: "Mark read" }).click();
    await expectToast(page, "Marked as read", "2 leads marked as read.");
    await expect.poll(async () => (await apiLead(page, "inquiries", ids[0]!)).readAt).not.toBeNull();
    await expect(row(page, `Ann ${tag}`).getByText("Unread")).toHaveCount(0);
    await expect(row(page, `Cat ${tag}`).getByText("Unread")).toHaveCount(1);
    await expect(page.getByLabel(`Select Ann ${tag}`)).not.toBeChecked();

    await page.getByLabel(`Select Ann ${tag}`).check();
    await bulk.getByRole("button", { name: "Mark unread" }).click();
    await expectToast(page, "Marked as unread", "1 lead marked as unread.");
    await expect.poll(async () => (await apiLead(page, "inquiries", ids[0]!)).readAt).toBeNull();

    await page.getByLabel("Select all on this page").check();
    await expect(page.getByText("3 selected.")).toBeVisible();
    await bulk.getByRole("button", { name: "Set status" }).click();
    await page.getByRole("menuitemradio", { name: "Qualified" }).click();
    await expectToast(page, "Status updated", "3 leads set to Qualified.");
    for (const id of ids)
      await expect.poll(async () => (await apiLead(page, "inquiries", id)).status).toBe("qualified");
    // Undo puts back what each lead was before.
    await openToast(page).getByRole("button", { name: "Undo" }).click();
    await expectToast(page, "Change undone", "3 leads are back as they were.");
    for (const id of ids) await expect.poll(async () => (await apiLead(page, "inquiries", id)).status).toBe("new");
    expect((await apiLead(page, "inquiries", ids[1]!)).readAt).not.toBeNull();

    // Won sets no value (each client's is their own): the confirmation says so, Cancel changes nothing.
    await page.getByLabel(`Select Ann ${tag}`).check();
    await page.getByLabel(`Select Ben ${tag}`).check();
    await bulk.getByRole("button", { name: "Set status" }).click();
    await page.getByRole("menuitemradio", { name: "Won" }).click();
    const won = page.getByRole("dialog", { name: "Mark 2 leads as Won?" });
    await expect(won).toContainText("No value is set here: each client is worth their own amount.");
    await expect(won.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoBlockingViolations(page);
    await won.getByRole("button", { name: "Cancel" }).click();
    expect((await apiLead(page, "inquiries", ids[0]!)).status).toBe("new");
    await bulk.getByRole("button", { name: "Set status" }).click();
    await page.getByRole("menuitemradio", { name: "Won" }).click();
    await won.getByRole("button", { name: "Mark as Won" }).click();
    await expectToast(page, "Status updated", "2 leads set to Won. Add each one's value on its page.");
    for (const id of ids.slice(0, 2))
      await expect.poll(async () => apiLead(page, "inquiries", id)).toMatchObject({ status: "won", value: null });
    expect((await apiLead(page, "inquiries", ids[2]!)).status).toBe("new");

    await page.getByLabel(`Select Cat ${tag}`).check();
    await bulk.getByRole("button", { name: "Mark as spam" }).click();
    await expectToast(page, "Marked as spam", "1 lead moved to Spam.");
    await expect(rows(page)).toHaveCount(2);
    await expect.poll(async () => (await apiLead(page, "inquiries", ids[2]!)).status).toBe("spam");

    await page.getByLabel("Select all on this page").check();
    await bulk.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete 2 leads?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect((await page.request.get(`/api/admin/leads/inquiries/${ids[0]}`)).status()).toBe(200);
    await bulk.getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete permanently" }).click();
    await expectToast(page, "Leads deleted", "2 leads deleted.");
    await expect(openToast(page).getByRole("button", { name: "Undo" })).toHaveCount(0);
    await expect(page.getByText("No leads match these filters.")).toBeVisible();
    expect((await page.request.get(`/api/admin/leads/inquiries/${ids[0]}`)).status()).toBe(404);
    expect((await page.request.get(`/api/admin/leads/inquiries/${ids[2]}`)).status()).toBe(200);
  },
);

test(
  "select all matching changes every lead of the filter, also those not loaded yet",
  { tag: "@both-databases" },
  async ({ page, request }) => {
    const tag = uniqueTag("All");
    for (let i = 1; i <= 27; i += 1) await postContact(request, tag, { firstName: `M${String(i).padStart(2, "0")}` });
    await signInThroughTheApi(page);
    await openInbox(page, "contacts", `q=${tag}`, 27);
    await page.getByLabel("Select all on this page").check();
    await expect(page.getByText("25 selected.")).toBeVisible();
    await page.getByRole("button", { name: "Select all 27 leads matching" }).click();
    await expect(page.getByText("All 27 leads matching are selected.")).toBeVisible();
    await page.getByRole("group", { name: "Bulk actions" }).getByRole("button", { name: "Mark read" }).click();
    await expectToast(page, "Marked as read", "27 leads marked as read.");
    const list = (await (await page.request.get(`/api/admin/leads/contacts?q=${tag}&unread=true`)).json()) as {
      total: number;
    };
    expect(list.total).toBe(0);
  },
);

test("on a phone the inbox is cards with no sideways scrolling; axe finds nothing serious at 1280 and 390 px", async ({
  page,
  request,
}) => {
  const tag = uniqueTag("Phone");
  await postInquiry(request, tag, {
    firstName: "Maximiliana",
    lastName: `${tag}-Featherstonehaugh-Worthington`,
    company: "A company with a rather long name indeed",
    message:
      "A long message that would push a table past the edge of a small screen if it were not cut to one line. ".repeat(
        4,
      ),
  });
  await postInquiry(request, tag, { firstName: "Short" });
  await signInThroughTheApi(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await openInbox(page, "inquiries", `q=${tag}`, 2);
  await page.getByLabel(`Select Short ${tag}`).check();
  await expectNoBlockingViolations(page);
  await page.getByLabel(`Select Short ${tag}`).uncheck();

  await page.setViewportSize({ width: 390, height: 844 });
  await openInbox(page, "inquiries", `q=${tag}`, 2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Each lead is a card: rows stack, one under the other, as wide as the list.
  const [first, second] = [await rows(page).nth(0).boundingBox(), await rows(page).nth(1).boundingBox()];
  expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height);
  expect(first!.width).toBeLessThanOrEqual(390);
  await page.getByLabel(`Select Short ${tag}`).check();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoBlockingViolations(page);
});
