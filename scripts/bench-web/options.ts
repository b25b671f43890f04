import { parseArgs } from "node:util";

// npm run bench:web [-- --runs 3 --baseline a4b5035 --skip-baseline --no-build --port 4310 --pages /,/about
//   --analytics-id G-XXXX (default G-BENCH000001; "" builds without analytics) --save-reports /tmp/lhr
//   --skip-css-comparison --lighthouse-only --throughput-seconds 5 --connections 32 --log docs/benchmarks/web-2026-11-26.md]
// --pages: default every public route of the build (its prerendered pages but the admin's).
// --save-reports: each Lighthouse run's JSON report there, to see why a figure is what it is.
// --lighthouse-only: only the Lighthouse tables (and their pass/fail): no JavaScript, admin, visit,
//   throughput or publish figures (with --skip-baseline --skip-css-comparison, the quick check of issue 39).
// --log: also write the report as a Markdown log page (the command, the machine and its load, the tables).

export const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    baseline: { type: "string", default: "a4b5035" },
    "skip-baseline": { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    // This tree is served at 127.0.0.1:port, the baseline at port + 1, this tree's inline-CSS variant at
    // port + 2, nginx at port + 3 (the builds carry their origin).
    port: { type: "string", default: "4310" },
    pages: { type: "string", default: "" },
    "analytics-id": { type: "string", default: "G-BENCH000001" },
    "save-reports": { type: "string" },
    "skip-css-comparison": { type: "boolean", default: false },
    "lighthouse-only": { type: "boolean", default: false },
    "throughput-seconds": { type: "string", default: "5" },
    connections: { type: "string", default: "32" },
    log: { type: "string" },
  },
});

export const RUNS = Number(options.runs);
/** The pages asked for on the command line, or null: every public route of the build. */
export const ASKED_PAGES = options.pages
  ? options.pages
      .split(",")
      .map((page) => page.trim())
      .filter(Boolean)
  : null;
export const BUILD_DIR = "build-bench";
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ADMIN = { email: "bench-web@example.com", password: "bench web password 1" };
export const SEED = ["--contacts", "500", "--inquiries", "500"];
/** The three-page visit of issue 22: a first page, then two more with a warm cache. */
export const VISIT = ["/", "/services", "/contact"];
