import { onCleanUp } from "./cleanup.ts";
import { CHROMIUM } from "./options.ts";
import { inlineModules, servedSize, type PageWeight } from "./weights.ts";

// The JavaScript a visitor loads before touching a form, and after the first focus in one.

export type Interaction = { beforeBytes: number; afterFocusBytes: number | null; scripts: string[] };

/** Every script of our origin a page requests while it loads, is read to the bottom, then (if it has a form) gets a focus. */
export async function interactionFigures(
  origin: string,
  paths: string[],
  weights: Map<string, PageWeight>,
): Promise<Map<string, Interaction>> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--disable-background-networking", "--disable-component-update"],
  });
  onCleanUp(() => void browser.close().catch(() => undefined));
  const weighed = new Map<string, number>();
  const weigh = async (urls: Iterable<string>) => {
    let bytes = 0;
    for (const url of urls) {
      if (!weighed.has(url)) weighed.set(url, (await servedSize(url)).bytes);
      bytes += weighed.get(url)!;
    }
    return bytes;
  };
  const results = new Map<string, Interaction>();
  try {
    for (const path of paths) {
      const weight = weights.get(path);
      if (weight?.status !== 200) continue;
      const inline = inlineModules(weight.html).reduce((sum, m) => sum + m.bytes, 0);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on("request", (request) => {
        if (request.resourceType() === "script" && request.url().startsWith(origin)) scripts.add(request.url());
      });
      await page.goto(`${origin}${path}`, { waitUntil: "load" });
      await page.waitForLoadState("networkidle");
      // A reader scrolls the whole page (islands that wake on visibility would load now), then it goes quiet.
      for (let y = 0, height = await page.evaluate(() => document.body.scrollHeight); y < height; y += 600) {
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(100);
      }
      await page.waitForTimeout(1500);
      await page.waitForLoadState("networkidle");
      const before = [...scripts];
      const beforeBytes = inline + (await weigh(before));
      let afterFocusBytes: number | null = null;
      const field = page.locator("form input:not([type=hidden]):not([tabindex='-1'])").first();
      if ((await field.count()) > 0) {
        await field.focus();
        await page.waitForTimeout(500);
        await page.waitForLoadState("networkidle");
        afterFocusBytes = inline + (await weigh(scripts));
      }
      results.set(path, { beforeBytes, afterFocusBytes, scripts: before.map((url) => new URL(url).pathname) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
