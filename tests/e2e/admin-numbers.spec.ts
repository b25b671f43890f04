import type { Page } from "@playwright/test";
import { expectNoBlockingViolations, expectNoSidewaysScroll } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { expectToast, openFilters, signInThroughTheApi } from "./helpers.ts";
import { contactData, inquiryData, postContact, postInquiry, uniqueTag } from "./lead-seeds.ts";

// The owner's numbers, second round (issue 38) in a browser, at 1280 and 390 px with axe: the charts and
// their text tables, every report figure one click from its leads (the list's count equals it), a won
// lead's value, the spend behind cost per lead, the lists' one filter bar (the list above the fold), saved
// views, optional columns and the export of All leads.

/** The list's count ("3 leads"), as the toolbar says it. */
function leadCount(page: Page) {
  return page.getByText(/^[\d,]+ leads?\b/);
}

function filterBar(page: Page) {
  return page.getByRole("region", { name: "Filters" });
}

function columnChoices(page: Page) {
  return page.getByRole("group", { name: "Show these columns" });
}

/** Leads of one campaign of this test: paid search, two contacts and an inquiry; one contact won for $2,500. */
async function seedCampaign(page: Page, tag: string) {
  const campaign = `${tag}-campaign`.toLowerCase();
  const paid = { utmSource: "google", utmMedium: "cpc", utmCampaign: campaign, landingPath: "/seo" };
  const won = await postContact(page.request, contactData(tag, { firstName: "Wendy", ...paid }));
  await postContact(page.request, contactData(tag, { firstName: "Quinn", ...paid }));
  await postInquiry(page.request, inquiryData(tag, { firstName: "Ira", ...paid }));
  const patched = await page.request.patch(`/api/admin/leads/contacts/${won}`, {
    data: { status: "won", value: 2500 },
  });
  expect(patched.status()).toBe(200);
  return { campaign, won };
}

test("the charts draw the week's leads by channel, and each chart's table holds the same figures, at 1280 and 390 px", async ({
  page,
}) => {
  await signInThroughTheApi(page);
  const tag = uniqueTag("Chart");
  await seedCampaign(page, tag);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/reports?period=week");
    const figure = page.getByRole("figure", { name: "Leads per week, by channel" });
    const chart = figure.getByRole("group", { name: /^Leads per week, by channel/ });
    await expect(chart).toBeVisible();
    // This week is the only bar of "this week": its point names its total and its channels.
    const point = chart.getByRole("img").last();
    // Read once the chart has this test's leads (the live refresh may redraw it once after the first paint).
    await expect(point).toHaveAttribute("aria-label", /Paid search [\d,]+/);
    const label = (await point.getAttribute("aria-label")) ?? "";
    // A count as the label writes it ("1,234"), without the comma that follows it in a list.
    const [, total] = /: (\d[\d,]*\d|\d) leads?/.exec(label) ?? [];
    const [, paidSearch] = /Paid search (\d[\d,]*\d|\d)/.exec(label) ?? [];
    expect(Number(paidSearch?.replace(/,/g, ""))).toBeGreaterThanOrEqual(3);
    // Reachable from the keyboard, with its figures in a tooltip.
    await point.focus();
    await expect(page.getByTestId("chart-tooltip")).toHaveText(label);
    await expectNoBlockingViolations(page);
    await expectNoSidewaysScroll(page, width);

    await figure.getByRole("button", { name: "Table" }).click();
    const table = figure.getByRole("table");
    const row = table.getByRole("row").last();
    await expect(row).toBeVisible();
    const headers = await table.getByRole("columnheader").allTextContents();
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells[headers.indexOf("Paid search") - 1]).toBe(paidSearch);
    expect(cells[headers.indexOf("Total") - 1]).toBe(total);
    await expectNoBlockingViolations(page);
  }

  // The funnel's table: the period's leads, as the sources report counts them.
  await page.setViewportSize({ width: 1280, height: 900 });
  const report = (await (await page.request.get("/api/admin/reports/sources?period=week&by=week")).json()) as {
    funnel: { views: number; leads: number; won: number };
  };
  const funnel = page.getByRole("figure", { name: "From views to clients" });
  await expect(funnel.getByRole("group").getByRole("img").nth(1)).toHaveAttribute(
    "aria-label",
    new RegExp(`^Leads: ${report.funnel.leads.toLocaleString("en-US")}\\b`),
  );
  await funnel.getByRole("button", { name: "Table" }).click();
  await expect(
    funnel
      .getByRole("row", { name: /^Clients/ })
      .getByRole("cell")
      .first(),
  ).toHaveText(report.funnel.won.toLocaleString("en-US"));
});

test("a report cell opens the lead list filtered to exactly its leads, and the list counts the figure", async ({
  page,
}) => {
  await signInThroughTheApi(page);
  // A long campaign name makes the table wider than a phone: it scrolls in its own box, and its cells'
  // screen-reader notes stay inside that box (the page itself never scrolls sideways).
  const tag = `${uniqueTag("Cell")}-spring-water-heater-promotion`;
  const { campaign } = await seedCampaign(page, tag);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/reports?period=30d&by=campaign");
    const leads = page.getByRole("table", { name: /^Leads by campaign/ });
    const row = leads.getByRole("row", { name: new RegExp(`^${campaign}\\b`) });
    await expect(row.getByRole("cell").first()).toHaveText(/^3\b/);
    await expectNoBlockingViolations(page);
    await expectNoSidewaysScroll(page, width);
    await row.getByRole("link", { name: "3" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/leads/all\\?.*campaign=${campaign}`));
    await expect(leadCount(page)).toHaveText(/^3 leads\b/);
    await expect(page.getByRole("button", { name: `Remove the filter Campaign: ${campaign}` })).toBeVisible();
    await expectNoBlockingViolations(page);
  }

  // Won and its value: one client worth $2,500, no spend entered: "—" for cost, never $0.
  await page.goto("/admin/reports?period=30d&by=campaign");
  const money = page.getByRole("table", { name: /^Clients and money by campaign/ });
  const outcomes = money.getByRole("row", { name: new RegExp(`^${campaign}\\b`) });
  // The headers are read once the table is there (allTextContents does not wait).
  await expect(outcomes).toBeVisible();
  const headers = await money.getByRole("columnheader").allTextContents();
  const cells = outcomes.getByRole("cell");
  await expect(cells.nth(headers.indexOf("Won value") - 1)).toHaveText("$2,500.00");
  await expect(cells.nth(headers.indexOf("Cost per lead") - 1)).toHaveText("—");
  await cells
    .nth(headers.indexOf("Won") - 1)
    .getByRole("link", { name: "1" })
    .click();
  await expect(page).toHaveURL(/outcome=won/);
  await expect(leadCount(page)).toHaveText(/^1 lead\b/);
  await expect(page.getByRole("link", { name: `Wendy ${tag}`, exact: true })).toBeVisible();
});

test("an owner enters a month's spend, and the report shows cost per lead and per client", async ({ page }) => {
  await signInThroughTheApi(page);
  const tag = uniqueTag("Spend");
  const { campaign } = await seedCampaign(page, tag);
  await page.goto("/admin/reports/spend");
  await expect(page.getByRole("heading", { level: 1, name: "What the channels cost" })).toBeVisible();
  await page.getByRole("button", { name: "Add a campaign" }).click();
  await page.getByLabel("Campaign", { exact: true }).fill(campaign);
  await page.getByLabel("Spend (USD)").fill("abc");
  await page.getByRole("button", { name: /^Save the spend of/ }).click();
  await expect(
    page.getByText("The campaign's spend: enter an amount such as 1500 or 1500.50, or leave it empty."),
  ).toBeVisible();
  await page.getByLabel("Spend (USD)").fill("$1,500");
  await page.getByRole("button", { name: /^Save the spend of/ }).click();
  await expectToast(page, "Spend saved", "is saved.");
  await expectNoBlockingViolations(page);

  // A whole month's spend spread over its days: the report's period is that month so far.
  await page.goto("/admin/reports?period=month&by=campaign");
  const money = page.getByRole("table", { name: /^Clients and money by campaign/ });
  const campaignRow = money.getByRole("row", { name: new RegExp(`^${campaign}\\b`) });
  await expect(campaignRow).toBeVisible();
  const headers = await money.getByRole("columnheader").allTextContents();
  const cells = campaignRow.getByRole("cell");
  await expect(cells.nth(headers.indexOf("Spend") - 1)).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(cells.nth(headers.indexOf("Cost per lead") - 1)).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(cells.nth(headers.indexOf("Cost per client") - 1)).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(cells.nth(headers.indexOf("Return on spend") - 1)).toHaveText(/^[\d.]+×$/);
});

test("marking a lead Won asks for its value, and its page shows it", async ({ page }) => {
  const tag = uniqueTag("Won");
  const id = await postContact(page.request, contactData(tag, { firstName: "Vera" }));
  await signInThroughTheApi(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/leads/all?q=${tag}`);
    await page.getByRole("button", { name: new RegExp(`^Status of Vera ${tag}: `) }).click();
    await page.getByRole("menuitemradio", { name: "Won" }).click();
    const dialog = page.getByRole("dialog", { name: `Mark Vera ${tag} as Won` });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Value in USD (optional)").fill("12.345");
    await dialog.getByRole("button", { name: "Mark as Won" }).click();
    await expect(
      dialog.getByText("The value: enter an amount such as 1500 or 1500.50, or leave it empty."),
    ).toBeVisible();
    await expectNoBlockingViolations(page);
    await dialog.getByLabel("Value in USD (optional)").fill(width === 1280 ? "2,500" : "");
    await dialog.getByRole("button", { name: "Mark as Won" }).click();
    await expectToast(
      page,
      "Status updated",
      width === 1280 ? `Vera ${tag} is now Won ($2,500.00).` : `Vera ${tag} is now Won.`,
    );
    const lead = (await (await page.request.get(`/api/admin/leads/contacts/${id}`)).json()) as {
      status: string;
      value: number | null;
    };
    expect(lead).toMatchObject({ status: "won", value: width === 1280 ? 2500 : null });
    await page.goto(`/admin/leads/contacts/${id}`);
    await expect(page.getByTestId("won-value")).toContainText(
      width === 1280 ? "Value: $2,500.00" : "Value: not given yet",
    );
    await expectNoBlockingViolations(page);
    // Back to New for the next width (a lead that leaves Won loses its value).
    expect((await page.request.patch(`/api/admin/leads/contacts/${id}`, { data: { status: "new" } })).status()).toBe(
      200,
    );
  }
  // The value changes on the lead's page.
  expect((await page.request.patch(`/api/admin/leads/contacts/${id}`, { data: { status: "won" } })).status()).toBe(200);
  await page.goto(`/admin/leads/contacts/${id}`);
  await page.getByTestId("won-value").getByRole("button", { name: "Add the value" }).click();
  await page.getByLabel("Value in USD (optional)").fill("900.50");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("won-value")).toContainText("Value: $900.50");
});

test("the lead list starts above the fold in one filter bar, with chips, optional columns and truncated addresses", async ({
  page,
}) => {
  const tag = uniqueTag("Fold");
  const email = `${tag.toLowerCase()}-a-rather-long-address-for-one-line@subdomain.example.com`;
  await postContact(
    page.request,
    contactData(tag, { firstName: "Lena", email, utmSource: "google", utmMedium: "cpc" }),
  );
  await signInThroughTheApi(page);
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto("/admin/leads/all");
    const firstRow = page.locator("main table tbody tr").first();
    await expect(firstRow).toBeVisible();
    const box = await firstRow.boundingBox();
    expect(box!.y).toBeLessThan(height - 40);
    // One bar: the search and a Filters button; the other filters are folded away.
    await expect(page.getByRole("searchbox", { name: "Search" })).toBeVisible();
    await expect(filterBar(page).getByLabel("Channel", { exact: true })).toBeHidden();
    await expectNoBlockingViolations(page);
    await expectNoSidewaysScroll(page, width);
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/leads/all?q=${tag}`);
  await openFilters(page);
  await filterBar(page).getByLabel("Channel", { exact: true }).selectOption("paid-search");
  await expect(page).toHaveURL(/channel=paid-search/);
  await expect(leadCount(page)).toHaveText(/^1 lead\b/);
  const chip = page.getByRole("button", { name: "Remove the filter Channel: Paid search" });
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(page).not.toHaveURL(/channel=/);

  // The e-mail address on one line, the whole of it on hover.
  const address = page.locator("main table tbody").getByText(email);
  await expect(address).toHaveAttribute("title", email);
  expect(await address.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe("nowrap");

  // Optional columns, remembered in this browser.
  await page.getByRole("button", { name: "Columns" }).click();
  await columnChoices(page).getByLabel("Channel", { exact: true }).check();
  await expect(page.getByRole("columnheader", { name: "Channel" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("columnheader", { name: "Channel" })).toBeVisible();
  await expect(page.locator("main table tbody tr").first().locator('[data-column="channel"]')).toContainText(
    "Paid search",
  );
  await expectNoBlockingViolations(page);
  await page.getByRole("button", { name: "Columns" }).click();
  await columnChoices(page).getByLabel("Channel", { exact: true }).uncheck();
  await expect(page.getByRole("columnheader", { name: "Channel" })).toHaveCount(0);
});

test("a user saves the current filters as a view, applies it and deletes it", async ({ page }) => {
  const tag = uniqueTag("View");
  await postContact(page.request, contactData(tag, { firstName: "Sol", utmSource: "google", utmMedium: "cpc" }));
  await postContact(page.request, contactData(tag, { firstName: "Dee" }));
  await signInThroughTheApi(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/leads/all?q=${tag}&channel=paid-search`);
  await expect(leadCount(page)).toHaveText(/^1 lead\b/);
  // A Received period is kept by name, so the view rolls over with the calendar (today is in this month).
  await page.getByRole("button", { name: /^Filters/ }).click();
  await page.getByLabel("Received", { exact: true }).selectOption({ label: "This month" });
  await expect(page).toHaveURL(/period=month/);
  await expect(page.getByRole("button", { name: "Remove the filter Received: This month" })).toBeVisible();
  await expect(leadCount(page)).toHaveText(/^1 lead\b/);
  await page.getByRole("button", { name: "Saved views" }).click();
  const views = page.getByRole("region", { name: "Saved views" });
  await expect(views.getByText("The view keeps these dates.", { exact: false })).toHaveCount(0);
  await views.getByRole("button", { name: "Save view" }).click();
  await expect(views.getByText("Enter your view name.")).toBeVisible();
  await views.getByLabel("Save these filters as").fill(`Paid search ${tag}`);
  await views.getByRole("button", { name: "Save view" }).click();
  await expectToast(page, "View saved", `“Paid search ${tag}” is in your saved views.`);
  await expectNoBlockingViolations(page);

  // Elsewhere, the view brings the filters back.
  await page.goto("/admin/leads/all");
  await page.getByRole("button", { name: "Saved views" }).click();
  await page
    .getByRole("region", { name: "Saved views" })
    .getByRole("link", { name: new RegExp(`^Paid search ${tag}`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}&period=month&channel=paid-search`));
  await expect(leadCount(page)).toHaveText(/^1 lead\b/);
  await expect(page.getByRole("button", { name: `View: Paid search ${tag}` })).toBeVisible();

  await page.getByRole("button", { name: `View: Paid search ${tag}` }).click();
  await page.getByRole("button", { name: `Delete the view Paid search ${tag}` }).click();
  await expectToast(page, "View deleted", `“Paid search ${tag}” was deleted.`);
  await expect(page.getByRole("link", { name: new RegExp(`^Paid search ${tag}`) })).toHaveCount(0);
  const saved = (await (await page.request.get("/api/admin/saved-views")).json()) as { items: { name: string }[] };
  expect(saved.items.map((view) => view.name)).not.toContain(`Paid search ${tag}`);
});

test("All leads exports its filtered leads as CSV", async ({ page }) => {
  const tag = uniqueTag("Export");
  await postContact(page.request, contactData(tag, { firstName: "Exa", utmSource: "google", utmMedium: "cpc" }));
  await postInquiry(page.request, inquiryData(tag, { firstName: "Ina" }));
  await signInThroughTheApi(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/leads/all?q=${tag}`);
  const link = page.getByRole("link", { name: "Export CSV" });
  // The list's filters and its order (All leads: by reply deadline).
  await expect(link).toHaveAttribute("href", `/api/admin/leads/all/export.csv?q=${tag}&sort=deadline`);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = await (
    await download.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString("utf8"));
  const [header, ...lines] = text
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(header).toContain("assignee");
  expect(header).toContain("channel");
  expect(lines.filter((line) => line.includes(tag))).toHaveLength(2);
});
