import { createECDH, randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { PushDevice } from "../../contract/push-subscriptions.ts";
import { expectNoBlockingViolations, expectNoSidewaysScroll } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signInThroughTheApi } from "./helpers.ts";

// The admin as an installable app with push (issue 36, point 1, the browser's half): the manifest and its
// icons, the service worker (scope /admin/, push and click only: nothing cached, nothing served from it), the
// push it shows (delivered through DevTools, as no push service is reachable here), and Account's "Notify this
// device" with the list of the user's devices. The click's handling is unit-tested
// (app/admin/service-worker/push-notifications.test.ts): no tool here can click a notification.

const DEVICES = "/api/admin/push-subscriptions";

async function devicesOf(request: APIRequestContext): Promise<PushDevice[]> {
  const response = await request.get(DEVICES);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { devices: PushDevice[] }).devices;
}

/** A subscription as a browser's toJSON() gives it, for a push service that does not exist (.test). */
function madeUpSubscription() {
  const key = createECDH("prime256v1");
  key.generateKeys();
  return {
    endpoint: `https://push.example.test/send/${randomBytes(12).toString("hex")}`,
    expirationTime: null,
    keys: {
      p256dh: key.getPublicKey().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    },
  };
}

async function addMadeUpDevice(request: APIRequestContext, deviceName: string): Promise<PushDevice> {
  const response = await request.post(DEVICES, { data: { ...madeUpSubscription(), deviceName } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { device: PushDevice }).device;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** The registration's scope once the admin's service worker is active. */
function activeServiceWorker(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL ?? null };
  });
}

test.afterEach(async ({ page }) => {
  // The owner's devices count as a way that reaches them (the "nothing reaches you" banner of other specs).
  const response = await page.request.get(DEVICES);
  if (response.status() === 401) return;
  for (const device of ((await response.json()) as { devices: PushDevice[] }).devices)
    await page.request.delete(`${DEVICES}/${device.id}`);
});

test("the admin links a web app manifest for an installable app, and its icons load", async ({ page }) => {
  // The public site stays a site: no manifest, no worker.
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((list) => list.length))).toBe(0);

  await page.goto("/admin/login");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/admin/manifest.webmanifest");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#1e40af");

  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/manifest+json");
  const manifest = JSON.parse(await response.text()) as {
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  } & Record<string, unknown>;
  expect(manifest).toMatchObject({
    id: "/admin/",
    name: "Summit Lead Marketing admin",
    short_name: "Leads",
    start_url: "/admin/submissions",
    scope: "/admin/",
    display: "standalone",
    theme_color: "#1e40af",
    background_color: "#ffffff",
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);

  const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  for (const { src, sizes } of [...manifest.icons, { src: appleTouchIcon!, sizes: "180x180" }]) {
    const icon = await page.request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()["content-type"], src).toBe("image/png");
    expect(pngSize(await icon.body()), src).toBe(sizes);
  }
  // The notifications' badge (the service worker names it).
  expect(pngSize(await (await page.request.get("/admin/icons/badge-96.png")).body())).toBe("96x96");
});

test("the service worker registers for /admin/, serves nothing and caches nothing", async ({ page }) => {
  const fromWorker: string[] = [];
  page.on("response", (response) => {
    if (response.fromServiceWorker()) fromWorker.push(response.url());
  });
  await signInThroughTheApi(page);
  await page.goto("/admin/submissions");
  const origin = new URL(page.url()).origin;
  expect(await activeServiceWorker(page)).toEqual({
    scope: `${origin}/admin/`,
    script: `${origin}/admin/service-worker.js`,
  });

  const script = await page.request.get("/admin/service-worker.js");
  expect(script.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
  expect(script.headers()["cache-control"]).toBe("no-cache");
  const code = await script.text();
  // Minified: the event names may be in backticks.
  expect(code).toMatch(/addEventListener\(\s*["'`]push["'`]/);
  expect(code).not.toMatch(/addEventListener\(\s*["'`]fetch["'`]|onfetch|caches\./);

  // Controlled pages (after a reload) go to the network as before.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  for (const path of ["/admin/leads/contacts", "/admin/account", "/admin/submissions"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(fromWorker).toEqual([]);
  expect(await page.evaluate(() => caches.keys())).toEqual([]);
});

test("a push shows its notification, and a push it cannot read a generic one", async ({ page, context }) => {
  await context.grantPermissions(["notifications"]);
  await signInThroughTheApi(page);
  await page.goto("/admin/submissions");
  const { scope } = await activeServiceWorker(page);

  // DevTools delivers a push to the worker as a push service would, decrypted.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === scope && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const origin = new URL(scope).origin;
  const push = async (data: string) =>
    cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: await registrationId, data });
  const shown = () =>
    page.evaluate(async () =>
      // `badge` is Chromium's (TypeScript's DOM types leave it out).
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n: Notification & { badge?: string }) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
        icon: n.icon,
        badge: n.badge,
      })),
    );

  const lead = {
    title: "New lead: Ada Lovelace",
    body: "SEO Services · Reply by Tue, Nov 24, 10:04 AM EST",
    url: "/admin/leads/contacts/0b6c1f57-5a43-4c43-9d8f-4f1d1b0c3e11",
    tag: "lead-0b6c1f57-5a43-4c43-9d8f-4f1d1b0c3e11",
  };
  await push(JSON.stringify(lead));
  await expect.poll(shown).toEqual([
    {
      title: lead.title,
      body: lead.body,
      tag: lead.tag,
      data: { url: lead.url },
      icon: `${origin}/admin/icons/icon-192.png`,
      badge: `${origin}/admin/icons/badge-96.png`,
    },
  ]);

  await push("not JSON");
  await expect
    .poll(async () => (await shown()).find((n) => n.tag !== lead.tag))
    .toMatchObject({ title: "New activity", data: { url: "/admin/" } });
  await cdp.detach();
});

test("the devices a user added are listed with their name and service, and one is removed with its button", async ({
  page,
}) => {
  await signInThroughTheApi(page);
  const tablet = await addMadeUpDevice(page.request, "E2E test tablet");
  expect(tablet).toMatchObject({ deviceName: "E2E test tablet", service: "push.example.test" });

  await page.goto("/admin/account");
  const section = page.locator("#push-notifications");
  await expect(section.getByRole("heading", { name: "Notifications on this device" })).toBeVisible();
  const list = section.getByRole("list", { name: "Your devices" });
  const row = list.getByRole("listitem").filter({ hasText: "E2E test tablet" });
  await expect(row).toContainText("through push.example.test");
  await expect(row).toContainText("Added");
  // Added through the API, not by this browser.
  await expect(row).not.toContainText("(this device)");

  await row.getByRole("button", { name: "Remove E2E test tablet" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove this device?" });
  await expect(dialog).toContainText("E2E test tablet will no longer be notified");
  await dialog.getByRole("button", { name: "Remove device" }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText("No device of yours is notified.")).toBeVisible();
  expect(await devicesOf(page.request)).toEqual([]);
});

for (const width of [1280, 390]) {
  test(`the section has no serious accessibility violation and no sideways scrolling at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInThroughTheApi(page);
    await addMadeUpDevice(page.request, "Reception desk computer with a long name, sixty characters!");
    await page.goto("/admin/account");
    const section = page.locator("#push-notifications");
    await expect(section.getByRole("switch", { name: "Notify this device" })).toBeEnabled();
    await expect(section.getByRole("button", { name: /^Remove Reception desk/ })).toBeVisible();
    await expectNoBlockingViolations(page, { include: "#push-notifications" });
    await expectNoSidewaysScroll(page, width);
  });
}

test("Notify this device subscribes this browser, or says in words why it could not", async ({ page, context }) => {
  await context.grantPermissions(["notifications"]);
  await signInThroughTheApi(page);
  await page.goto("/admin/account");
  const section = page.locator("#push-notifications");
  const toggle = section.getByRole("switch", { name: "Notify this device" });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  await expect(section.getByText("This device is not notified.")).toBeVisible();

  await section.getByLabel("Device name (optional)").fill("E2E Chromium");
  // Keyboard operable: focus, then Space.
  await toggle.focus();
  await page.keyboard.press("Space");

  const status = section.locator('[aria-live="polite"]');
  const subscribed = section.getByRole("listitem").filter({ hasText: "E2E Chromium (this device)" });
  // Either the device is listed, or the page says what went wrong: never a blank or an endless "Turning on".
  await expect(subscribed.or(status.filter({ hasText: /could not|did not|blocked/ }))).toBeVisible({
    timeout: 30_000,
  });

  if (await subscribed.isVisible()) {
    await expect(toggle).toBeChecked();
    await expect(status).toContainText("This device is notified");
    expect(await devicesOf(page.request)).toHaveLength(1);
    await subscribed.getByRole("button", { name: "Remove E2E Chromium" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove device" }).click();
    await expect(subscribed).toBeHidden();
    await expect(toggle).not.toBeChecked();
    expect(await devicesOf(page.request)).toEqual([]);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.ready).pushManager.getSubscription()),
    ).toBeNull();
    return;
  }

  // This Chromium has no push service to reach (no internet): its refusal is shown, and said loudly here.
  const said = (await status.textContent()) ?? "";
  expect(said).toMatch(
    /^(This browser could not subscribe to notifications \(.+\)|The browser's push service did not answer)\. Please try again later\.$/,
  );
  await expect(status).toHaveClass(/text-red-700/);
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  expect(await devicesOf(page.request)).toEqual([]);
  test.info().annotations.push({ type: "push-unavailable", description: said });
  console.log(`[admin-push] PUSH SUBSCRIPTION NOT POSSIBLE IN THIS BROWSER, the subscribed path was not run: ${said}`);
});
