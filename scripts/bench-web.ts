import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// npm run bench:web: builds, starts the real server, and prints what a first visit to each page costs:
// HTML bytes, the compressed JavaScript and CSS the page names for its first render, and requests.
// The baseline in the same run is the 404 page (the frame alone); the budget is the home page target.

const PAGES = ["/", "/services", "/contact", "/ultimate-website-offer"];
const BASELINE = "/404-bench-baseline";
const JS_BUDGET_BYTES = 90 * 1024;

type Measure = { path: string; htmlBytes: number; htmlBrBytes: number; jsBytes: number; cssBytes: number; requests: number };

async function compressedSize(url: string): Promise<number> {
  const response = await fetch(url, { headers: { "accept-encoding": "br" } });
  if (!response.ok && response.status !== 404) throw new Error(`${url}: ${response.status}`);
  // fetch decodes the body; the transfer size is the Content-Length of the encoded answer.
  const length = Number(response.headers.get("content-length"));
  const body = await response.arrayBuffer();
  return Number.isFinite(length) && length > 0 ? length : body.byteLength;
}

async function measure(origin: string, path: string): Promise<Measure> {
  const html = await (await fetch(`${origin}${path}`)).text();
  const assets = new Set<string>();
  for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)) assets.add(match[1]!);
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) assets.add(match[1]!);
  let jsBytes = 0;
  let cssBytes = 0;
  for (const asset of assets) {
    const size = await compressedSize(`${origin}${asset}`);
    if (asset.endsWith(".js")) jsBytes += size;
    else cssBytes += size;
  }
  return {
    path,
    htmlBytes: Buffer.byteLength(html),
    htmlBrBytes: await compressedSize(`${origin}${path}`),
    jsBytes,
    cssBytes,
    requests: 1 + assets.size,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  if (!process.argv.includes("--no-build")) {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const dataDir = mkdtempSync(join(tmpdir(), "agency-bench-"));
  const server = spawn(process.execPath, ["dist/server/server.js"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", SQLITE_PATH: join(dataDir, "bench.sqlite"), DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      server.stdout!.on("data", (chunk: Buffer) => {
        const match = /"address":"(http:\/\/[^"]+)".*"msg":"server ready"|"msg":"server ready".*"address":"(http:\/\/[^"]+)"/.exec(chunk.toString());
        if (match) resolve((match[1] ?? match[2])!);
      });
      server.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    });

    const baseline = await measure(origin, BASELINE);
    const rows = [];
    for (const path of PAGES) rows.push(await measure(origin, path));

    console.log(`\nFirst-load weight (brotli, as served) against the frame-only 404 page and the home-page JS budget of ${kb(JS_BUDGET_BYTES)}`);
    console.table(
      [...rows, { ...baseline, path: "404 (baseline)" }].map((row) => ({
        page: row.path,
        "HTML": kb(row.htmlBytes),
        "HTML (br)": kb(row.htmlBrBytes),
        "JS (br)": kb(row.jsBytes),
        "CSS (br)": kb(row.cssBytes),
        requests: row.requests,
        "JS / baseline": (row.jsBytes / baseline.jsBytes).toFixed(2),
        "JS / budget": (row.jsBytes / JS_BUDGET_BYTES).toFixed(2),
      })),
    );
    const home = rows[0]!;
    console.log(`home page first-load JS: ${kb(home.jsBytes)} (${home.jsBytes <= JS_BUDGET_BYTES ? "within" : "over"} the ${kb(JS_BUDGET_BYTES)} budget)`);
  } finally {
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
