import type { APIRequestContext, Page, Route } from "@playwright/test";
import { expectNoBlockingViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { contactData, postContact as storeContact, uniqueTag } from "./lead-seeds.ts";
import type {
  Delivery,
  DeliveryHealth,
  DeliveryList,
  DeliveryWithLead,
  SendUnsentResult,
} from "../../contract/deliveries.ts";
import { e2eAdmin } from "../../playwright.config.ts";
import { expectToast, recordPosts, signInThroughTheForm } from "./helpers.ts";

// Lead delivery in the admin: a lead's deliveries (in its timeline) with "Send again", the deliveries view
// with "Retry" and the never-sent leads, the test e-mail, and the dashboard's warning. The e2e server has
// no mail or webhook set up, so every lead's owner e-mail is "not configured" (and every page shows the
// banner, admin-owner-day.spec.ts); failures the server cannot produce here are answered by page.route.

/** This file's lead: Dale, found by the tag's own e-mail address. */
const postContact = (request: APIRequestContext, tag: string, extra: Record<string, unknown> = {}) =>
  storeContact(
    request,
    contactData(tag, {
      firstName: "Dale",
      email: `${tag.toLowerCase()}@example.com`,
      phone: "(512) 555-0142",
      ...extra,
    }),
  );

/** A lead's deliveries: the entries of its timeline. */
function deliveryEntries(page: Page) {
  return page
    .getByRole("region", { name: "Timeline" })
    .getByRole("listitem")
    .filter({ hasNotText: /^Arrived/ });
}

/** The health the e2e server answers, with `change` on top (its shape: contract DeliveryHealth). */
function health(change: Partial<DeliveryHealth>): DeliveryHealth {
  return {
    configured: { ownerEmail: false, autoReply: false, webhook: false, push: false, chat: false },
    reachesOwner: false,
    ownerEmailProblem: "no-mail",
    notConfigured: 0,
    failed: 0,
    pending: 0,
    oldestPendingAt: null,
    ...change,
  };
}

/**
 * Answers a lead's detail as the server does, with its deliveries changed by `change` (the PATCH that marks
 * the lead read answers the detail too).
 */
async function changeDeliveries(page: Page, kind: string, id: string, change: (deliveries: Delivery[]) => Delivery[]) {
  await page.route(`**/api/admin/leads/${kind}/${id}`, async (route: Route) => {
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const lead = (await response.json()) as { deliveries: Delivery[] };
    await route.fulfill({ response, json: { ...lead, deliveries: change(lead.deliveries) } });
  });
}

function failedDelivery(leadId: string, overrides: Partial<DeliveryWithLead> = {}): DeliveryWithLead {
  return {
    id: "5f0c8a52-3b1d-4e6f-9a7c-2d4e6f8a0b1c",
    leadKind: "contacts",
    leadId,
    leadName: "Dale Faked",
    channel: "owner-email",
    recipient: "owner@agency.example",
    state: "failed",
    attempts: 18,
    nextAttemptAt: null,
    lastError:
      "Invalid login: 535 5.7.8 Username and Password not accepted. Learn more at https://support.example/mail-login",
    createdAt: "2026-11-20T09:00:00.000Z",
    updatedAt: "2026-11-22T09:00:00.000Z",
    sentAt: null,
    ...overrides,
  };
}

test("a lead's page lists its owner e-mail as not configured, with Send again unavailable and the reason", async ({
  page,
  request,
}) => {
  const tag = uniqueTag("Deliv");
  const id = await postContact(request, tag);
  await signInThroughTheForm(page);
  await page.goto(`/admin/leads/contacts/${id}`);

  const entries = deliveryEntries(page);
  await expect(entries).toHaveCount(1);
  const entry = entries.first();
  await expect(entry).toContainText("E-mail to you: Not configured");
  await expect(entry).toContainText("Nobody was e-mailed: no address was set up.");
  const sendAgain = entry.getByRole("button", { name: "Send again: E-mail to you" });
  await expect(sendAgain).toBeDisabled();
  await expect(sendAgain).toHaveAccessibleDescription("E-mail is not set up on the server.");
  // The time is the delivery's own, in the admin's date format.
  const stored = (await (await page.request.get(`/api/admin/leads/contacts/${id}`)).json()) as {
    deliveries: Delivery[];
  };
  expect(stored.deliveries.map((d) => [d.channel, d.state, d.attempts])).toEqual([
    ["owner-email", "not-configured", 0],
  ]);
  await expect(entry.locator(`time[datetime="${stored.deliveries[0]!.updatedAt}"]`)).toBeVisible();
});

test("a spam lead's page says it was not sent anywhere", async ({ page, request }) => {
  const tag = uniqueTag("DelivSpam");
  const id = await postContact(request, tag, { website: "https://bot.example" });
  await signInThroughTheForm(page);
  await page.goto(`/admin/leads/contacts/${id}`);
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText(
    "This lead was not sent anywhere: it was stored before leads were delivered, or as spam.",
  );
  await expect(deliveryEntries(page)).toHaveCount(0);
});

test("Send again on a failed delivery shows the server's refusal, and a queued one is confirmed", async ({
  page,
  request,
}) => {
  const tag = uniqueTag("DelivRetry");
  const id = await postContact(request, tag);
  // The server's delivery is not configured; shown as failed, the real server refuses the retry with 409.
  await changeDeliveries(page, "contacts", id, (deliveries) =>
    deliveries.map((d) => ({ ...d, state: "failed", attempts: 18, lastError: "connect ECONNREFUSED 10.0.0.5:587" })),
  );
  await signInThroughTheForm(page);
  await page.goto(`/admin/leads/contacts/${id}`);

  const row = deliveryEntries(page).first();
  await expect(row).toContainText("E-mail to you: Failed");
  await expect(row).toContainText("connect ECONNREFUSED 10.0.0.5:587");
  const sendAgain = row.getByRole("button", { name: "Send again: E-mail to you" });
  await expect(sendAgain).toBeEnabled();
  const refused = page.waitForResponse((response) => /\/api\/admin\/deliveries\/[^/]+\/retry$/.test(response.url()));
  await sendAgain.click();
  expect((await refused).status()).toBe(409);
  await expectToast(
    page,
    "Not sent again",
    "E-mail is not configured on the server: set SMTP_URL (or MAIL_TRANSPORT=files) and MAIL_FROM.",
  );

  // Now the server queues it: the toast names the channel, and the row shows the answer.
  await page.route("**/api/admin/deliveries/*/retry", async (route) => {
    const deliveryId = new URL(route.request().url()).pathname.split("/").at(-2)!;
    const stored = (await (await page.request.get(`/api/admin/leads/contacts/${id}`)).json()) as {
      deliveries: Delivery[];
    };
    const delivery = stored.deliveries.find((d) => d.id === deliveryId)!;
    await route.fulfill({
      json: { ...delivery, state: "pending", nextAttemptAt: new Date().toISOString() } satisfies Delivery,
    });
  });
  await sendAgain.focus();
  await page.keyboard.press("Enter");
  await expectToast(page, "Delivery queued", "E-mail to you will be sent again in a moment.");
});

// Issue 13 (point 7): the channels' status moved from the dashboard to Settings; the dashboard keeps only
// the warning when deliveries failed. Issue 20: every page shows the banner while new leads reach nobody.
test("Settings tell which channels do not work and why, and count the leads never sent as not delivered", async ({
  page,
}) => {
  await signInThroughTheForm(page);
  const stored = (await (await page.request.get("/api/admin/deliveries/health")).json()) as DeliveryHealth;
  expect(stored).toMatchObject({
    configured: { ownerEmail: false, autoReply: false, webhook: false, push: false, chat: false },
    reachesOwner: false,
    ownerEmailProblem: "no-mail",
    failed: 0,
  });
  expect(stored.notConfigured).toBeGreaterThan(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "New leads are not sent to you." })).toBeVisible();
  // The spec's dashboard is all still there.
  await expect(page.getByText(`Welcome, ${e2eAdmin.email}`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent Contact Forms" })).toBeVisible();

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const delivery = page.getByRole("region", { name: "Lead delivery" });
  for (const channel of ["E-mail to you", "Auto-reply to the lead", "Webhook", "Chat message"]) {
    await expect(delivery.getByRole("term").filter({ hasText: new RegExp(`^${channel}$`) })).toBeVisible();
  }
  await expect(delivery.getByRole("definition").filter({ hasText: "Not set up" })).toHaveCount(4);
  await expect(delivery.getByRole("definition").first()).toContainText(
    "The server cannot send e-mail: your developer sets SMTP_URL and MAIL_FROM.",
  );
  await expect(delivery).toContainText(/Not delivered: [\d,]+ never sent \(nothing was set up to send them\)\./);
});

test("Settings show the channels that work, with the counts in words", async ({ page }) => {
  await page.route("**/api/admin/deliveries/health", (route) =>
    route.fulfill({
      json: health({
        configured: { ownerEmail: true, autoReply: false, webhook: true, push: false, chat: false },
        reachesOwner: true,
        ownerEmailProblem: null,
        failed: 1234,
      }),
    }),
  );
  await signInThroughTheForm(page);
  await page.goto("/admin/settings");
  const delivery = page.getByRole("region", { name: "Lead delivery" });
  await expect(delivery).toContainText("Not delivered: 1,234 failed.");
  await expect(page.getByRole("region", { name: "New leads are not sent to you." })).toHaveCount(0);
  await expect(delivery.getByRole("definition").filter({ hasText: "Not set up" })).toHaveCount(2);
  await expect(delivery.getByRole("definition").filter({ hasText: /^Working$/ })).toHaveCount(2);
});

test("the dashboard warns when deliveries failed and leads to the failed ones", async ({ page }) => {
  await page.route("**/api/admin/deliveries/health", (route) =>
    route.fulfill({
      json: health({
        configured: { ownerEmail: true, autoReply: false, webhook: false, push: false, chat: false },
        reachesOwner: true,
        ownerEmailProblem: null,
        failed: 3,
        pending: 1,
      }),
    }),
  );
  await page.route("**/api/admin/deliveries?state=failed", (route) =>
    route.fulfill({ json: { items: [] } satisfies DeliveryList }),
  );
  await signInThroughTheForm(page);
  const warning = page.getByRole("alert");
  await expect(warning).toContainText("3 deliveries failed — the owner is not hearing of some leads.");
  // Short: the channels' settings are not repeated on the dashboard, and the owner is reached (no banner).
  await expect(page.getByRole("button", { name: "Send a test e-mail" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "New leads are not sent to you." })).toHaveCount(0);
  await warning.getByRole("link", { name: "See the failed deliveries" }).click();
  await expect(page).toHaveURL(/\/admin\/deliveries\?state=failed$/);
  await expect(page.getByRole("link", { name: "Failed", exact: true })).toHaveAttribute("aria-current", "page");
});

test("the deliveries view is reached from the navigation and says when nothing needs attention", async ({ page }) => {
  await signInThroughTheForm(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Deliveries" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Deliveries" })).toBeVisible();
  // Every delivery of this server is "not configured": none failed or waits, but none was delivered either.
  await expect(page.getByText("Nothing needs attention: no delivery failed or is waiting to be sent.")).toBeVisible();
  const notDelivered = page.getByRole("region", { name: "Not delivered" });
  await expect(notDelivered).toContainText(/^Not delivered: [\d,]+ never sent/);
  // No e-mail works here: nothing to send them with yet, and Settings is where that changes.
  await expect(notDelivered.getByRole("button", { name: "Send them now" })).toHaveCount(0);
  await expect(notDelivered.getByRole("link", { name: "set one in Settings" })).toHaveAttribute(
    "href",
    "/admin/settings#who-gets-new-leads",
  );
  await page.getByRole("link", { name: "Failed", exact: true }).click();
  await expect(page.getByText("No failed deliveries.")).toBeVisible();
  await page.getByRole("link", { name: "Waiting", exact: true }).click();
  await expect(page).toHaveURL(/state=pending/);
  await expect(page.getByText("No deliveries are waiting to be sent.")).toBeVisible();
  await page.getByRole("link", { name: "Never sent", exact: true }).click();
  await expect(page).toHaveURL(/state=not-configured/);
  await expect(page.locator("main tbody tr").first().getByRole("rowheader")).toHaveText("E-mail to you");
  await expect(page.locator("main tbody tr").first()).toContainText("Not configured");
});

test("once e-mail to the owner works, the leads never sent can be sent now", async ({ page }) => {
  let notConfigured = 3;
  await page.route("**/api/admin/deliveries/health", (route) =>
    route.fulfill({
      json: health({
        configured: { ownerEmail: true, autoReply: false, webhook: false, push: false, chat: false },
        reachesOwner: true,
        ownerEmailProblem: null,
        notConfigured,
      }),
    }),
  );
  await page.route("**/api/admin/deliveries/send-unsent", (route) => {
    notConfigured = 0;
    return route.fulfill({ json: { queued: 3, to: ["owner@agency.example"] } satisfies SendUnsentResult });
  });
  const posts = recordPosts(page, "/api/admin/deliveries/send-unsent");
  await signInThroughTheForm(page);
  await page.goto("/admin/deliveries");
  const notDelivered = page.getByRole("region", { name: "Not delivered" });
  await expect(notDelivered).toContainText("Not delivered: 3 never sent (nothing was set up to send them).");
  await notDelivered.getByRole("button", { name: "Send them now" }).click();
  await expectToast(page, "Sending them now", "3 e-mails queued to owner@agency.example.");
  expect(posts).toHaveLength(1);
  // The counts are fetched again: nothing left unsent.
  await expect(page.getByRole("region", { name: "Not delivered" })).toHaveCount(0);
});

test("Retry in the deliveries view asks the server to send again and the list follows", async ({ page, request }) => {
  const tag = uniqueTag("DelivList");
  const leadId = await postContact(request, tag);
  const failed = failedDelivery(leadId, { leadName: `Dale ${tag}` });
  let retried = false;
  await page.route("**/api/admin/deliveries?state=attention", (route) =>
    route.fulfill({ json: { items: retried ? [] : [failed] } satisfies DeliveryList }),
  );
  await page.route(`**/api/admin/deliveries/${failed.id}/retry`, (route) => {
    retried = true;
    const { leadName: _name, ...delivery } = failed;
    return route.fulfill({
      json: { ...delivery, state: "pending", nextAttemptAt: new Date().toISOString() } satisfies Delivery,
    });
  });
  const posts = recordPosts(page, `/api/admin/deliveries/${failed.id}/retry`);
  await signInThroughTheForm(page);
  await page.goto("/admin/deliveries");

  const row = page.locator("main tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("link", { name: `Dale ${tag}` })).toHaveAttribute(
    "href",
    `/admin/leads/contacts/${leadId}`,
  );
  await expect(row).toContainText("E-mail to you");
  await expect(row).toContainText("owner@agency.example");
  await expect(row).toContainText("Failed");
  await expect(row).toContainText("18");
  await expect(row).toContainText("535 5.7.8 Username and Password not accepted");

  await row.getByRole("button", { name: `Retry: E-mail to you for Dale ${tag}` }).click();
  await expectToast(page, "Delivery queued", "E-mail to you will be sent again in a moment.");
  expect(posts).toHaveLength(1);
  // The list is fetched again after the retry.
  await expect(page.getByText("Nothing needs attention: no delivery failed or is waiting to be sent.")).toBeVisible();
});

test("Send a test e-mail (in Settings) shows why it cannot be sent, and the mail server's answer when it can", async ({
  page,
}) => {
  await signInThroughTheForm(page);
  // Moved from the deliveries view, which now leads to Settings for it (issue 13, point 7).
  await page.goto("/admin/deliveries");
  await expect(page.getByRole("button", { name: "Send a test e-mail" })).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  const button = page
    .getByRole("region", { name: "Who gets new leads" })
    .getByRole("button", { name: "Send a test e-mail" });
  await button.click();
  // The real server: no mail is configured (409).
  await expect(button).toHaveAccessibleDescription(
    "E-mail is not configured on the server: set SMTP_URL (or MAIL_TRANSPORT=files) and MAIL_FROM.",
  );
  await expect(page.getByText("E-mail is not configured on the server: set SMTP_URL")).toHaveAttribute(
    "aria-live",
    "polite",
  );

  await page.route("**/api/admin/settings/notifications/test", (route) =>
    route.fulfill({
      status: 502,
      json: { message: "The mail server did not accept the test e-mail: 550 5.7.1 Relaying denied" },
    }),
  );
  await button.click();
  await expect(button).toHaveAccessibleDescription(
    "The mail server did not accept the test e-mail: 550 5.7.1 Relaying denied",
  );

  await page.unroute("**/api/admin/settings/notifications/test");
  await page.route("**/api/admin/settings/notifications/test", (route) =>
    route.fulfill({ json: { to: ["owner@agency.example"], response: "250 2.0.0 OK queued as 7A1B" } }),
  );
  await button.click();
  await expect(button).toHaveAccessibleDescription(
    "Test e-mail sent to owner@agency.example. The mail server answered: 250 2.0.0 OK queued as 7A1B",
  );
});

test("the deliveries view and a lead's deliveries have no serious or critical accessibility violation", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const tag = uniqueTag("DelivAxe");
  const leadId = await postContact(request, tag);
  await page.route("**/api/admin/deliveries?state=attention", (route) =>
    route.fulfill({
      json: {
        items: [
          failedDelivery(leadId),
          failedDelivery(leadId, {
            id: "6a1d9b63-4c2e-4f70-8b8d-3e5f7a9b1c2d",
            state: "pending",
            nextAttemptAt: "2026-11-23T13:00:00.000Z",
          }),
        ],
      },
    }),
  );
  await signInThroughTheForm(page);
  const check = () => expectNoBlockingViolations(page);
  await check();
  await page.goto("/admin/deliveries");
  await expect(page.locator("main tbody tr")).toHaveCount(2);
  await check();
  await page.goto(`/admin/leads/contacts/${leadId}`);
  await expect(deliveryEntries(page)).toHaveCount(1);
  await check();
});
