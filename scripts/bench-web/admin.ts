import { onCleanUp } from "./cleanup.ts";
import { median } from "./median.ts";
import { ADMIN, CHROMIUM, RUNS } from "./options.ts";

// The admin: first load and time to the dashboard's content, signed in, cold cache.

export type AdminFigures = { jsBytes: number; cssBytes: number; dashboardMs: number | null };

export async function adminFigures(origin: string): Promise<AdminFigures> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--disable-background-networking", "--disable-component-update"],
  });
  onCleanUp(() => void browser.close().catch(() => undefined));
  const times: number[] = [];
  let first: { jsBytes: number; cssBytes: number } | null = null;
  try {
    for (let i = 0; i < RUNS; i += 1) {
      const context = await browser.newContext();
      const signIn = await context.request.post(`${origin}/api/admin/login`, {
        data: { username: ADMIN.email, password: ADMIN.password },
        headers: { origin },
      });
      if (!signIn.ok()) throw new Error(`admin sign-in answered ${signIn.status()}`);
      const page = await context.newPage();
      const transfers: Array<Promise<{ type: string; bytes: number }>> = [];
      page.on("requestfinished", (request) => {
        if (!request.url().startsWith(origin)) return;
        transfers.push(
          request.sizes().then((sizes) => ({ type: request.resourceType(), bytes: sizes.responseBodySize })),
        );
      });
      await page.goto(`${origin}/admin/submissions`);
      // The dashboard's content: the contact total and the recent inquiries (as bench:admin --browser).
      const shown = await Promise.all([
        page.getByTestId("contact-count").filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 }),
        page.getByRole("heading", { name: "Recent Service Inquiries" }).waitFor({ timeout: 15_000 }),
      ]).then(
        () => true,
        () => false,
      );
      // Milliseconds since the navigation started (the page's time origin).
      if (shown) times.push(await page.evaluate(() => performance.now()));
      await page.waitForLoadState("networkidle");
      const loaded = await Promise.all(transfers);
      first ??= {
        jsBytes: loaded.filter((t) => t.type === "script").reduce((sum, t) => sum + t.bytes, 0),
        cssBytes: loaded.filter((t) => t.type === "stylesheet").reduce((sum, t) => sum + t.bytes, 0),
      };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { ...first!, dashboardMs: times.length === RUNS ? median(times) : null };
}
