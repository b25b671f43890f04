import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { contactData, postContact as storeContact, uniqueTag } from "./lead-seeds.ts";
import { signInThroughTheApi } from "./helpers.ts";

// New leads show up in an open admin by themselves (issue 13, point 1): after navigating inside the
// admin, when the tab regains focus, and on the 30-second poll (run with page.clock, not waited for);
// the tab title counts the unread leads; an opt-in browser notification announces a new lead. Leads are
// posted through the public API while the admin is open, as a visitor's form would.

const POLL_MS = 30_000;

const postContact = (request: APIRequestContext, firstName: string, tag: string) =>
  storeContact(request, contactData(tag, { firstName }));

/** A session for the page through the login API (the sign-in screen has its own spec). */

async function openDashboard(page: Page) {
  await page.goto("/admin/submissions");
  await expect(page.getByRole("heading", { level: 1, name: "Form Submissions Dashboard" })).toBeVisible();
  await expect(page.getByTestId("contact-count")).toHaveText(/^[\d,]+$/);
}

/** The unread leads of both kinds as the server counts them, written as the title shows them. */
async function unreadText(page: Page): Promise<string> {
  const stats = (await (await page.request.get("/api/admin/stats")).json()) as {
    contacts: { unread: number };
    inquiries: { unread: number };
  };
  return new Intl.NumberFormat("en-US").format(stats.contacts.unread + stats.inquiries.unread);
}

test("the dashboard's Recent list shows a lead posted meanwhile after moving around the admin, and after the poll", async ({
  page,
  request,
}) => {
  await page.clock.install();
  await signInThroughTheApi(page);
  await openDashboard(page);
  const recent = page.getByRole("region", { name: "Recent Contact Forms" });

  // Posted while the owner is in the inbox: back on the dashboard the counts AND the list follow (the
  // list used to keep the leads of the first visit).
  const tag = uniqueTag("Live");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Contact inbox" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contact inbox" })).toBeVisible();
  const before = Number((await (await page.request.get("/api/admin/stats")).json()).contacts.total);
  await postContact(request, "Nia", tag);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByTestId("contact-count")).toHaveText(new Intl.NumberFormat("en-US").format(before + 1));
  await expect(recent.getByRole("listitem").first()).toContainText(`Nia ${tag}`);

  // Posted while the owner looks at the dashboard: the poll brings it, without a reload.
  const second = await postContact(request, "Omar", tag);
  await expect(recent).not.toContainText(`Omar ${tag}`);
  await page.clock.fastForward(POLL_MS);
  await expect(recent.getByRole("link", { name: `Omar ${tag}`, exact: true })).toHaveAttribute(
    "href",
    `/admin/leads/contacts/${second}`,
  );
  // The tile is a query of its own: it may land a moment after the list.
  await expect(page.getByTestId("contact-count")).toHaveText(new Intl.NumberFormat("en-US").format(before + 2));
});

test("the tab title counts the unread leads and follows a new one", async ({ page, request }) => {
  await page.clock.install();
  await signInThroughTheApi(page);
  await openDashboard(page);
  await expect(page).toHaveTitle(`(${await unreadText(page)}) Form Submissions Dashboard`);

  await page.goto("/admin/leads/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Contact inbox" })).toBeVisible();
  await expect(page).toHaveTitle(`(${await unreadText(page)}) Contact inbox | Admin`);

  // The inbox list and the title follow a new lead on the poll.
  const tag = uniqueTag("Title");
  await postContact(request, "Pia", tag);
  const expected = await unreadText(page);
  await page.clock.fastForward(POLL_MS);
  await expect(page).toHaveTitle(`(${expected}) Contact inbox | Admin`);
  await expect(page.getByRole("main")).toContainText(`Pia ${tag}`);
});

test("a lead that arrived while the tab was in the background shows when the tab is back", async ({
  page,
  request,
}) => {
  await signInThroughTheApi(page);
  await openDashboard(page);
  const tag = uniqueTag("Focus");
  await postContact(request, "Quin", tag);
  // The tab comes back into view (what the browser reports when the owner switches back to it).
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
  await expect(page.getByRole("region", { name: "Recent Contact Forms" })).toContainText(`Quin ${tag}`);
});

declare global {
  interface Window {
    __notifications?: { title: string; body: string }[];
    __permissionAnswer?: NotificationPermission;
  }
}

/** A stand-in for the browser's Notification that records what was shown and answers the permission request. */
async function fakeNotifications(page: Page, answer: NotificationPermission) {
  await page.addInitScript((permissionAnswer) => {
    window.__notifications = [];
    window.__permissionAnswer = permissionAnswer;
    let permission: NotificationPermission =
      localStorage.getItem("e2e:permission") === "granted" ? "granted" : "default";
    class FakeNotification {
      onclick: (() => void) | null = null;
      static get permission() {
        return permission;
      }
      static requestPermission() {
        permission = window.__permissionAnswer ?? "default";
        if (permission === "granted") localStorage.setItem("e2e:permission", "granted");
        return Promise.resolve(permission);
      }
      constructor(title: string, options: { body?: string } = {}) {
        window.__notifications!.push({ title, body: options.body ?? "" });
      }
      close() {}
    }
    Object.defineProperty(window, "Notification", { value: FakeNotification, configurable: true });
  }, answer);
}

test("the owner turns on notifications in Settings, and a new lead is announced while the admin is open", async ({
  page,
  request,
}) => {
  await fakeNotifications(page, "granted");
  await page.clock.install();
  await signInThroughTheApi(page);
  await page.goto("/admin/settings");
  const toggle = page.getByRole("switch", { name: "Notify me of new leads" });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  // Remembered in this browser.
  await page.reload();
  await expect(page.getByRole("switch", { name: "Notify me of new leads" })).toBeChecked();

  await openDashboard(page);
  await expect(page.getByRole("region", { name: "Recent Contact Forms" }).getByRole("listitem").first()).toBeVisible();
  const tag = uniqueTag("Notify");
  await postContact(request, "Rae", tag);
  await page.clock.fastForward(POLL_MS);
  await expect
    .poll(() => page.evaluate(() => window.__notifications))
    .toEqual([{ title: "New contact form", body: `Rae ${tag}` }]);

  // Turned off, the next lead shows on the dashboard but is not announced.
  await page.goto("/admin/settings");
  await page.getByRole("switch", { name: "Notify me of new leads" }).click();
  await expect(page.getByRole("switch", { name: "Notify me of new leads" })).not.toBeChecked();
  await openDashboard(page);
  await postContact(request, "Sol", tag);
  await page.clock.fastForward(POLL_MS);
  await expect(page.getByRole("region", { name: "Recent Contact Forms" })).toContainText(`Sol ${tag}`);
  expect(await page.evaluate(() => window.__notifications)).toEqual([]);
});

test("notifications stay off and Settings says why when the browser does not allow them", async ({ page }) => {
  await fakeNotifications(page, "denied");
  await signInThroughTheApi(page);
  await page.goto("/admin/settings");
  const toggle = page.getByRole("switch", { name: "Notify me of new leads" });
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toHaveAccessibleDescription(/The browser did not allow notifications for this site/);
});
