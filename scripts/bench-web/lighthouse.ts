import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { onCleanUp } from "./cleanup.ts";
import { median } from "./median.ts";
import { CHROMIUM, options, RUNS } from "./options.ts";
import type { StockPhotoStandIn } from "./stock-photos.ts";

// Lighthouse: mobile, simulated throttling (its defaults), the median of RUNS runs.

/** transferBytes: Lighthouse's total byte weight, every response of the load as transferred (headers included). */
export type Scores = {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
};

export async function lighthouseScores(
  origin: string,
  paths: string[],
  photoStandIn: StockPhotoStandIn | null,
): Promise<Map<string, Scores>> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  // A fresh Chromium (and profile) for every run, as the lighthouse CLI does: a browser kept across runs
  // remembers the page's favicon and requests it at the navigation's start on the next run, which put one
  // more round trip in front of the simulated LCP of every run but the first (about 1.06 s against 0.91 s).
  const launch = () =>
    chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-component-update",
        ...(photoStandIn?.chromeFlags ?? []),
      ],
    });
  // A run that fails to record its trace (NO_NAVSTART, seen on a busy machine) is repeated, twice at most.
  const lighthouseRun = async (
    url: string,
    attempt = 1,
  ): Promise<NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"]> => {
    const chrome = await launch();
    onCleanUp(() => chrome.kill());
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    }).finally(() => chrome.kill());
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    const reason = lhr?.runtimeError?.message ?? "no result";
    if (attempt >= 3) throw new Error(`Lighthouse on ${url}: ${reason}`);
    console.error(`Lighthouse on ${url}: ${reason}; running it again`);
    return lighthouseRun(url, attempt + 1);
  };
  const results = new Map<string, Scores>();
  for (const path of paths) {
    const runs: Scores[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const lhr = await lighthouseRun(`${origin}${path}`);
      if (options["save-reports"]) {
        mkdirSync(options["save-reports"], { recursive: true });
        const name = `${new URL(origin).port}${path.replace(/\//g, "_")}-${i + 1}.json`;
        writeFileSync(join(options["save-reports"], name), JSON.stringify(lhr));
      }
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      runs.push({
        performance: score("performance"),
        lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
        transferBytes: lhr.audits["total-byte-weight"]?.numericValue ?? Number.NaN,
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
      });
    }
    const pick = (key: keyof Scores) => median(runs.map((scores) => scores[key]));
    // Progress on stderr: every route, three runs each, takes a while.
    console.error(`Lighthouse ${origin}${path}: LCP ${runs.map((scores) => Math.round(scores.lcpMs)).join(", ")} ms`);
    results.set(path, {
      performance: pick("performance"),
      lcpMs: pick("lcpMs"),
      tbtMs: pick("tbtMs"),
      cls: pick("cls"),
      transferBytes: pick("transferBytes"),
      accessibility: pick("accessibility"),
      bestPractices: pick("bestPractices"),
      seo: pick("seo"),
    });
  }
  return results;
}
