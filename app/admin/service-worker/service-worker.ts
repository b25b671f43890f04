import { adminWindowFor, clickTarget, notificationOptions, pushMessageFrom } from "./push-notifications.ts";

// The admin's service worker (issue 36): served at /admin/service-worker.js (scope /admin/), built by
// scripts/admin-service-worker.ts. It shows the pushes the server sends to this device and opens the admin
// when one is clicked, nothing else: no fetch handler, no cache, so no lead data is ever kept on the device
// and every page and API answer comes from the network as before. Its own tsconfig gives it the worker's
// types (the page's DOM types and these cannot be in one program).

declare const self: ServiceWorkerGlobalScope;

// A new version takes over at once: with no cache there is nothing for an old page to stay consistent with.
self.addEventListener("install", () => {
  void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  let payload: string | null = null;
  try {
    payload = event.data?.text() ?? null;
  } catch {
    // Unreadable: the generic notification below.
  }
  const message = pushMessageFrom(payload);
  event.waitUntil(self.registration.showNotification(message.title, notificationOptions(message)));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url = clickTarget(
    typeof data === "object" && data !== null ? (data as { url?: unknown }).url : undefined,
    self.location.origin,
  );
  event.waitUntil(openAdmin(url));
});

/** Focuses an open admin window and shows `url` in it, or opens a new window. */
async function openAdmin(url: string): Promise<void> {
  // Uncontrolled windows too: one opened before this worker was installed is still the admin.
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = adminWindowFor(windows, self.location.origin);
  if (open) {
    try {
      const focused = await open.focus();
      // navigate() works only on a window this worker controls (null or a rejection otherwise).
      if ((await focused.navigate(url)) !== null) return;
    } catch {
      // Not controlled, or gone meanwhile: a new window below.
    }
  }
  await self.clients.openWindow(url);
}
