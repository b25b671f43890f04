import { onCleanUp } from "./cleanup.ts";
import { CHROMIUM } from "./options.ts";

// A visit of several pages in one browser (one cache, warm after the first page): what each page
// transferred over the network from our origin, headers and bodies as encoded (Chromium's own count,
// CDP Network.loadingFinished encodedDataLength: an answer from the cache counts 0). Third-party requests
// (the analytics script, the booking widget) fail to resolve: they weigh the same whatever our pages do.
// (Not refused with context.route: Playwright turns the browser's cache off while it intercepts.)
// Each page is left to load and go quiet, so what it fetches after the load event (the brand font) counts.

export type VisitStep = { path: string; bytes: number; requests: number };

export async function visitTransfer(origin: string, paths: string[]): Promise<VisitStep[]> {
  const { chromium } = await import("@playwright/test");
  const { hostname } = new URL(origin);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--disable-background-networking",
      "--disable-component-update",
      `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${hostname}`,
    ],
  });
  onCleanUp(() => void browser.close().catch(() => undefined));
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const urls = new Map<string, string>();
    let bytes = 0;
    let requests = 0;
    cdp.on("Network.requestWillBeSent", (event) => urls.set(event.requestId, event.request.url));
    cdp.on("Network.loadingFinished", (event) => {
      const url = urls.get(event.requestId);
      if (!url?.startsWith(origin) || event.encodedDataLength === 0) return;
      bytes += event.encodedDataLength;
      requests += 1;
    });
    const steps: VisitStep[] = [];
    for (const path of paths) {
      [bytes, requests] = [0, 0];
      await page.goto(`${origin}${path}`, { waitUntil: "load" });
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(500);
      steps.push({ path, bytes, requests });
    }
    await context.close();
    return steps;
  } finally {
    await browser.close();
  }
}
