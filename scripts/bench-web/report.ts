import { writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import type { AdminFigures } from "./admin.ts";
import type { Interaction } from "./interaction.ts";
import type { Scores } from "./lighthouse.ts";
import { RUNS, VISIT } from "./options.ts";
import type { StockPhotoStandIn } from "./stock-photos.ts";
import { TARGETS } from "./targets.ts";
import type { PublishFigures } from "./publish.ts";
import type { Throughput } from "./throughput.ts";
import type { VisitStep } from "./visit.ts";
import { onDemand, withPage, type PageWeight } from "./weights.ts";

// The report: tables on stdout, and (--log) the same as a Markdown log page in docs/benchmarks/.

export type Figures = {
  pages: string[];
  weights: Map<string, PageWeight>;
  interaction: Map<string, Interaction>;
  /** Per Lighthouse version (LIGHTHOUSE_VERSIONS' order: the first is the one compared elsewhere), each route's medians. */
  lighthouse: Array<{ version: string; scores: Map<string, Scores> }>;
  admin: AdminFigures | null;
  photoStandIn: StockPhotoStandIn | null;
  visit: VisitStep[];
  throughput: Throughput[];
  /** This tree's edit-and-publish rounds (issue 37); null for the baseline. */
  published: PublishFigures | null;
};

/** The same build with the stylesheet inlined into every page (CSS_DELIVERY=inline): the arrangement compared. */
export type CssVariantFigures = { visit: VisitStep[]; firstPage: Scores | undefined };

/** The first version's scores: the ones the visit table and the inline-CSS comparison use. */
const firstScores = (figures: Figures) => figures.lighthouse[0]?.scores ?? new Map<string, Scores>();

const lines: string[] = [];
function out(line = "") {
  console.log(line);
  lines.push(line);
}

/** Rows as an aligned text table (console.table quotes every string). */
function printTable(rows: Array<Record<string, string>>) {
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) =>
    `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ")}`;
  out(line(columns));
  out(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) out(line(columns.map((column) => row[column] ?? "")));
}

const kb = (bytes: number | undefined) => (bytes === undefined ? "–" : `${(bytes / 1024).toFixed(1)} KB`);
const ratio = (now: number | undefined | null, old: number | undefined | null) =>
  now === undefined || now === null || old === undefined || old === null || old === 0
    ? "–"
    : `${(now / old).toFixed(2)}×`;
/** A module's name without its content hash, as it stays from build to build. */
const moduleName = (path: string) => path.replace(/^\/assets\//, "").replace(/[.-][\w-]{8}\.js$/, ".js");

export function header(text: string): void {
  out(text);
}

export function report(
  now: Figures,
  old: Figures | null,
  nowName: string,
  oldName: string,
  cssVariant: CssVariantFigures | null,
): void {
  const existing = (figures: Figures | null, path: string) =>
    figures?.weights.get(path)?.status === 200 ? figures.weights.get(path) : undefined;

  for (const { version, scores } of now.lighthouse) {
    const oldScores = old?.lighthouse.find((entry) => entry.version === version)?.scores;
    out(
      `\n${version}, mobile, simulated throttling, third-party hosts blocked (analytics, booking), median of ${RUNS} runs: ${nowName}, (${oldName}), new/old`,
    );
    printTable(
      now.pages.map((path) => {
        const a = scores.get(path);
        const b = oldScores?.get(path);
        const pair = (x: number | undefined, y: number | undefined, format: (v: number) => string) =>
          `${x === undefined ? (existing(now, path) ? "–" : "404") : format(x)} (${y === undefined ? "–" : format(y)})`;
        const seconds = (ms: number) => (ms / 1000).toFixed(2);
        return {
          page: path,
          performance: pair(a?.performance, b?.performance, String),
          "LCP s": pair(a?.lcpMs, b?.lcpMs, seconds),
          "LCP new/old": ratio(a?.lcpMs, b?.lcpMs),
          "FCP s": pair(a?.fcpMs, b?.fcpMs, seconds),
          "TBT ms": pair(a?.tbtMs, b?.tbtMs, (ms) => String(Math.round(ms))),
          CLS: pair(a?.cls, b?.cls, (cls) => cls.toFixed(3)),
          transfer: pair(a?.transferBytes, b?.transferBytes, (bytes) => kb(bytes)),
          accessibility: pair(a?.accessibility, b?.accessibility, String),
          "best practices": pair(a?.bestPractices, b?.bestPractices, String),
          SEO: pair(a?.seo, b?.seo, String),
        };
      }),
    );
    targetSummary(version, now.pages, scores);
  }

  for (const [name, figures] of [
    [nowName, now],
    [oldName, old],
  ] as const) {
    const standIn = figures?.photoStandIn;
    if (!standIn) continue;
    const photos = [...standIn.served].map(([size, bytes]) => `${size} ${kb(bytes)}`).join(", ");
    out(
      `  ${name}: ${standIn.hosts.join(", ")} answered by a local HTTPS stand-in (offline machine): generated photos, ${photos || "none requested"}`,
    );
  }

  out(
    `\nWeight, brotli as served: ${nowName}, (${oldName}), new/old. "JS with page": module scripts (inline ones too, also part of the HTML), islands and their static imports; "on demand": import() targets`,
  );
  printTable(
    now.pages.map((path) => {
      const a = existing(now, path);
      const b = existing(old, path);
      return {
        page: path,
        "JS with page": `${a ? kb(withPage(a)) : "404"} (${b ? kb(withPage(b)) : "–"})`,
        "JS new/old": ratio(a && withPage(a), b && withPage(b)),
        "JS on demand": `${a ? kb(onDemand(a)) : "–"} (${b ? kb(onDemand(b)) : "–"})`,
        CSS: `${kb(a?.cssBytes)} (${kb(b?.cssBytes)})`,
        HTML: `${kb(a?.htmlBytes)} (${kb(b?.htmlBytes)})`,
        "HTML new/old": ratio(a?.htmlBytes, b?.htmlBytes),
      };
    }),
  );

  // Measured unless --lighthouse-only.
  if (now.interaction.size > 0) interactionReport(now, old, nowName, oldName);

  for (const [name, figures] of [
    [nowName, now],
    [oldName, old],
  ] as const) {
    if (!figures) continue;
    out(`\nWhat each page's JavaScript weighs, ${name} (brotli; * = on demand):`);
    for (const path of figures.pages) {
      const weight = existing(figures, path);
      if (!weight) continue;
      const parts = [...weight.modules]
        .sort((x, y) => y.bytes - x.bytes)
        .map((m) => `${moduleName(m.path)}${m.load === "dynamic" ? "*" : ""} ${kb(m.bytes)}`);
      out(`  ${path}: ${parts.length > 0 ? parts.join(", ") : "no JavaScript"}`);
    }
  }

  if (now.admin) adminReport(now.admin, old?.admin ?? undefined, nowName, oldName);
  visitReport(now, cssVariant);
  throughputReport(now.throughput, old?.throughput ?? []);
  publishReport(now.published);
}

function interactionReport(now: Figures, old: Figures | null, nowName: string, oldName: string) {
  out(
    `\nJavaScript a visitor loads (our origin, brotli as served, inline scripts included): ${nowName}, (${oldName}), new/old`,
  );
  out(
    "  before touching a form: the page loaded, read to the bottom at 390 px, quiet; after focus: then one focus in its first form",
  );
  printTable(
    now.pages.map((path) => {
      const a = now.interaction.get(path);
      const b = old?.interaction.get(path);
      return {
        page: path,
        "JS before touching a form": `${a ? kb(a.beforeBytes) : "–"} (${b ? kb(b.beforeBytes) : "–"})`,
        "new/old": ratio(a?.beforeBytes, b?.beforeBytes),
        "JS after first focus": `${a ? kb(a.afterFocusBytes ?? undefined) : "–"} (${b ? kb(b.afterFocusBytes ?? undefined) : "–"})`,
        "scripts before": `${a ? a.scripts.length : "–"} (${b ? b.scripts.length : "–"})`,
      };
    }),
  );
}

function adminReport(now: AdminFigures, old: AdminFigures | undefined, nowName: string, oldName: string) {
  out(`\nAdmin, signed in, cold cache, /admin/submissions: ${nowName}, (${oldName}), new/old`);
  const dashboard = (ms: number | null | undefined) =>
    ms === undefined ? "–" : ms === null ? "not shown" : `${Math.round(ms)} ms`;
  printTable([
    {
      "first load JS": `${kb(now.jsBytes)} (${kb(old?.jsBytes)})`,
      "JS new/old": ratio(now.jsBytes, old?.jsBytes),
      "first load CSS": `${kb(now.cssBytes)} (${kb(old?.cssBytes)})`,
      [`dashboard content (median of ${RUNS})`]: `${dashboard(now.dashboardMs)} (${dashboard(old?.dashboardMs)})`,
      "time new/old": ratio(now.dashboardMs, old?.dashboardMs),
    },
  ]);
}

/** The first request after each publish: the page rendered afresh (issue 37: under 100 ms). */
function publishReport(published: PublishFigures | null) {
  if (!published) return;
  const times = [...published.firstRequestMs].sort((a, b) => a - b);
  out(
    `\nThe first GET ${published.path} after each of ${times.length} publishes (edited and published through the API, then fetched at once): ${published.firstRequestMs.map((ms) => `${ms.toFixed(1)} ms`).join(", ")}; median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms`,
  );
}

/** Which routes miss which of issue 22's targets, with one Lighthouse version. */
function targetSummary(version: string, pages: string[], scores: Map<string, Scores>) {
  const measured = pages.filter((path) => scores.has(path));
  const missing = (miss: (scores: Scores) => boolean) => measured.filter((path) => miss(scores.get(path)!));
  const checks = [
    [`performance ${TARGETS.performance}`, missing((s) => s.performance < TARGETS.performance)],
    [`LCP ≤ ${(TARGETS.lcpMs / 1000).toFixed(1)} s`, missing((s) => s.lcpMs > TARGETS.lcpMs)],
    [`CLS ≤ ${TARGETS.cls}`, missing((s) => s.cls > TARGETS.cls)],
    [`TBT ≤ ${TARGETS.tbtMs} ms`, missing((s) => s.tbtMs > TARGETS.tbtMs)],
  ] as const;
  out(`\nTargets (issues 22 and 39) on the ${measured.length} routes measured with ${version}, this tree:`);
  for (const [target, misses] of checks)
    out(`  ${target}: ${misses.length === 0 ? "every route" : `missed on ${misses.join(", ")}`}`);
}

function visitReport(now: Figures, cssVariant: CssVariantFigures | null) {
  if (now.visit.length === 0) return;
  out(
    `\nA ${VISIT.length}-page visit (${VISIT.join(", then ")}; one browser, warm cache after the first page): bytes transferred from our origin (headers and bodies as encoded; third parties refused)`,
  );
  const arrangements: Array<[string, VisitStep[], Scores | undefined]> = [
    ["this tree (CSS as one cached file)", now.visit, firstScores(now).get(VISIT[0]!)],
  ];
  if (cssVariant)
    arrangements.push(["CSS inlined into every page (CSS_DELIVERY=inline)", cssVariant.visit, cssVariant.firstPage]);
  printTable(
    arrangements.map(([name, steps, first]) => ({
      arrangement: name,
      ...Object.fromEntries(steps.map((step) => [step.path, `${kb(step.bytes)} (${step.requests})`])),
      visit: kb(steps.reduce((sum, step) => sum + step.bytes, 0)),
      [`${VISIT[0]} LCP (median of ${RUNS})`]: first ? `${(first.lcpMs / 1000).toFixed(2)} s` : "–",
      [`${VISIT[0]} performance`]: first ? String(first.performance) : "–",
    })),
  );
  out("  (n): requests that went over the network");
}

function throughputReport(current: Throughput[], baseline: Throughput[]) {
  const figures = [
    ...current,
    ...baseline.slice(0, 1).map((figure) => ({ ...figure, name: `baseline: ${figure.name}` })),
  ];
  if (figures.length === 0) return;
  out(
    "\nGET / throughput, the same build, in this run (keep-alive connections, one request in flight on each, Accept-Encoding: gzip, deflate, br, zstd)",
  );
  printTable(
    figures.map((figure) =>
      "skipped" in figure
        ? { server: figure.name, "requests/s": figure.skipped, "bytes per answer": "–", errors: "–" }
        : {
            server: figure.name,
            "requests/s": Math.round(figure.requestsPerSecond).toLocaleString("en"),
            "bytes per answer": kb(figure.bytesPerResponse),
            errors: String(figure.errors),
          },
    ),
  );
  const [ours, nginx] = current;
  if (ours && nginx && !("skipped" in ours) && !("skipped" in nginx))
    out(`  ours / nginx: ${(ours.requestsPerSecond / nginx.requestsPerSecond).toFixed(1)}×`);
  const [old] = baseline;
  if (ours && old && !("skipped" in ours) && !("skipped" in old))
    out(`  ours / baseline's: ${(ours.requestsPerSecond / old.requestsPerSecond).toFixed(2)}×`);
}

/** Writes what was printed as a Markdown log page: the command, the machine and its load, the tables. */
export function writeLog(file: string, command: string, loadBefore: number[]): void {
  const cpu = cpus();
  const load = (figures: number[]) => figures.map((figure) => figure.toFixed(2)).join(", ");
  const page = [
    `# bench:web, ${new Date().toISOString().slice(0, 10)}`,
    "",
    `Command: \`${command}\``,
    "",
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}. ` +
      `Load average (1, 5, 15 min) at the start: ${load(loadBefore)}; at the end: ${load(loadavg())}. ` +
      "Other work shared the machine: Lighthouse's simulated throttling still reflects CPU contention (TBT first).",
    "",
    "```text",
    ...lines,
    "```",
    "",
  ].join("\n");
  writeFileSync(file, page);
}
