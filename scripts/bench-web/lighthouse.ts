import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type * as LighthouseApi from "lighthouse";
import { createRequire } from "node:module";
import { join } from "node:path";
import { onCleanUp } from "./cleanup.ts";
import { median } from "./median.ts";
import { CHROMIUM, options, RUNS } from "./options.ts";
import type { StockPhotoStandIn } from "./stock-photos.ts";
import { blockedUrlPatterns } from "./targets.ts";
import type { PageWeight } from "./weights.ts";

// Lighthouse: mobile, simulated throttling (its defaults), the median of RUNS runs, with each of the two
// versions a visitor's tool may be (issue 39 point 6: 12.8 and 13.5 simulate the same trace differently),
// and the third-party hosts that are not content blocked, as a user's Lighthouse with an ad blocker or a
// refused host would see them: the analytics hosts and the booking frame's (the stock photos are content:
// the local stand-in answers them, stock-photos.ts).

/** transferBytes: Lighthouse's total byte weight, every response of the load as transferred (headers included). */
export type Scores = {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
};

type LighthouseModule = typeof LighthouseApi;

/** The Lighthouse versions measured: the devDependency `lighthouse` (the first: the one compared with the
 * baseline's and the inline-CSS variant's) and its npm alias `lighthouse-12`. */
export const LIGHTHOUSE_VERSIONS = [
  { packageName: "lighthouse", load: (): Promise<LighthouseModule> => import("lighthouse") },
  { packageName: "lighthouse-12", load: () => import("lighthouse-12") as unknown as Promise<LighthouseModule> },
].map((entry) => ({ ...entry, name: `Lighthouse ${installedVersion(entry.packageName)}` }));

export type LighthouseVersion = (typeof LIGHTHOUSE_VERSIONS)[number];

function installedVersion(packageName: string): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve(`${packageName}/package.json`);
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

export async function lighthouseScores(
  version: LighthouseVersion,
  origin: string,
  paths: string[],
  weights: Map<string, PageWeight>,
  photoStandIn: StockPhotoStandIn | null,
): Promise<Map<string, Scores>> {
  const { default: lighthouse } = await version.load();
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
    blocked: string[],
    attempt = 1,
  ): Promise<NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"]> => {
    const chrome = await launch();
    onCleanUp(() => chrome.kill());
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      blockedUrlPatterns: blocked,
    }).finally(() => chrome.kill());
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    const reason = lhr?.runtimeError?.message ?? "no result";
    if (attempt >= 3) throw new Error(`${version.name} on ${url}: ${reason}`);
    console.error(`${version.name} on ${url}: ${reason}; running it again`);
    return lighthouseRun(url, blocked, attempt + 1);
  };
  const results = new Map<string, Scores>();
  for (const path of paths) {
    const runs: Scores[] = [];
    const blocked = blockedUrlPatterns(weights.get(path)?.html);
    for (let i = 0; i < RUNS; i += 1) {
      const lhr = await lighthouseRun(`${origin}${path}`, blocked);
      if (options["save-reports"]) {
        mkdirSync(options["save-reports"], { recursive: true });
        const name = `${version.packageName}-${new URL(origin).port}${path.replace(/\//g, "_")}-${i + 1}.json`;
        writeFileSync(join(options["save-reports"], name), JSON.stringify(lhr));
      }
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      runs.push({
        performance: score("performance"),
        lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
        fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
        transferBytes: lhr.audits["total-byte-weight"]?.numericValue ?? Number.NaN,
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
      });
    }
    const pick = (key: keyof Scores) => median(runs.map((scores) => scores[key]));
    // Progress on stderr: every route, three runs each, two versions, takes a while.
    console.error(
      `${version.name} ${origin}${path}: LCP ${runs.map((scores) => Math.round(scores.lcpMs)).join(", ")} ms`,
    );
    results.set(path, {
      performance: pick("performance"),
      lcpMs: pick("lcpMs"),
      fcpMs: pick("fcpMs"),
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
