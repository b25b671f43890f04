import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { spawnServer } from "../tests/helpers/server-process.ts";

// npm run bench:sign-in [-- --seconds 30 --baseline-seconds 10 --attackers 40 --server-dir /tmp/old-main
//   --client-dir build/client]
// Issue 19 point 6: runs the real server (server/server.ts of --server-dir through tsx, no build needed)
// on a fresh SQLite file with an admin account (ADMIN_EMAIL/ADMIN_PASSWORD), then measures, first with no
// attack and then under it: the owner's own sign-in (known-device cookie, right password) about once a
// second, and p50/p99 of GET /, a public page and GET /api/form-token (sequential probes, 100 ms apart).
// The attack: `attackers` parallel loops of sign-ins with fresh usernames, each from a new
// X-Forwarded-For address, which the server believes (TRUST_PROXY=true), so neither the per-address nor
// the per-account limit stops it: only the bound on hashing work can. The owner, too, signs in from a new
// address each time (as a phone on the move would), so its own 10-a-quarter-hour address limit does not
// refuse it during the run. Extra server settings come from the environment (e.g. SIGN_IN_HASH_CONCURRENCY).
// The attack runs in a child process of its own, so its hundreds of requests a second do not delay the
// measuring loop's timers and callbacks (they still share the machine's cores with the server, as on a
// real attack against one machine they would not).
// Without --client-dir (or an existing build/client in the tree) the pages are small stand-ins written to
// the temporary folder: what is timed is the server's answer, not the size of the site.

const { values: options } = parseArgs({
  options: {
    seconds: { type: "string", default: "30" },
    "baseline-seconds": { type: "string", default: "10" },
    attackers: { type: "string", default: "40" },
    "server-dir": { type: "string", default: "." },
    "client-dir": { type: "string" },
    // Internal: the attack's child process (see attack()).
    "attack-url": { type: "string" },
  },
});
const SECONDS = Number(options.seconds);
const BASELINE_SECONDS = Number(options["baseline-seconds"]);
const ATTACKERS = Number(options.attackers);
const SERVER_DIR = resolve(options["server-dir"]);
const OWNER = { email: "owner@example.com", password: "the owner's own long password" };
const PROBE_PAUSE_MS = 100;

let addressCounter = 0;
/** A new address for every request: 10.x.y.z, never the same twice in a run. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** The child process: `ATTACKERS` loops of guesses for `SECONDS`; prints the count of each status as JSON. */
async function attackLoops(url: string) {
  const statuses: Record<number, number> = {};
  const deadline = performance.now() + SECONDS * 1000;
  const attacker = async (id: number) => {
    for (let n = 1; performance.now() < deadline; n += 1) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
        body: JSON.stringify({
          username: `guess-${id}-${n}-${Math.random().toString(36).slice(2)}@example.com`,
          password: `guess ${n}`,
        }),
      }).catch(() => null);
      await response?.arrayBuffer();
      const status = response?.status ?? 0;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: ATTACKERS }, (_, i) => attacker(i)));
  process.stdout.write(JSON.stringify(statuses));
}

if (options["attack-url"]) {
  await attackLoops(options["attack-url"]);
  process.exit(0);
}

/** Runs the attack in a child process; resolves with the count of each status it got. */
function attack(url: string): Promise<Map<number, number>> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      fileURLToPath(import.meta.url),
      "--attack-url",
      url,
      "--seconds",
      String(SECONDS),
      "--attackers",
      String(ATTACKERS),
    ],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((done, fail) =>
    child.once("exit", (code) => {
      if (code !== 0) return fail(new Error(`the attack process exited with ${code}`));
      done(
        new Map(
          Object.entries(JSON.parse(out) as Record<string, number>).map(([status, count]) => [Number(status), count]),
        ),
      );
    }),
  );
}

const workDir = mkdtempSync(join(tmpdir(), "bench-sign-in-"));

/** Small prerendered pages in the shape client.ts serves (x/index.html, admin/index.html, 404.html). */
function standInClient(): string {
  const dir = join(workDir, "client");
  const page = (title: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
    `<link rel="canonical" href="http://127.0.0.1/"></head><body><main><h1>${title}</h1>` +
    `${"<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p>".repeat(200)}</main></body></html>`;
  for (const [path, title] of [
    ["", "Home"],
    ["about", "About"],
    ["admin", "Admin"],
  ] as const) {
    mkdirSync(join(dir, path), { recursive: true });
    writeFileSync(join(dir, path, "index.html"), page(title));
  }
  writeFileSync(join(dir, "404.html"), page("Not found"));
  return dir;
}

const clientDir = options["client-dir"] ? resolve(options["client-dir"]) : standInClient();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

let ownerCounter = 0;
/** The owner's addresses, apart from the attackers': 172.16.y.z. */
function ownerAddress(): string {
  ownerCounter += 1;
  return `172.16.${(ownerCounter >> 8) & 255}.${ownerCounter & 255}`;
}

const server = spawnServer(
  {
    NODE_ENV: "production",
    DATABASE_URL: "",
    SQLITE_PATH: join(workDir, "bench.sqlite"),
    CLIENT_DIR: clientDir,
    TRUST_PROXY: "true",
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    LOG_LEVEL: "info",
  },
  SERVER_DIR,
);

type Timed = { ms: number; status: number };

async function timed(url: string, init: RequestInit = {}): Promise<Timed & { response: Response }> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status, response };
}

async function main() {
  const port = await server.ready;
  // The server's log (two lines a request) is read and dropped from here on: keeping and splitting
  // thousands of lines a second would slow this process's own timing.
  server.child.stdout!.removeAllListeners("data");
  server.child.stdout!.resume();
  const base = `http://127.0.0.1:${port}`;
  console.log(`server: ${SERVER_DIR} (port ${port}), SQLite in ${workDir}, pages from ${clientDir}`);

  let deviceCookie = "";
  async function ownerSignIn(): Promise<Timed> {
    const result = await timed(`${base}/api/admin/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": ownerAddress(),
        ...(deviceCookie ? { cookie: deviceCookie } : {}),
      },
      body: JSON.stringify({ username: OWNER.email, password: OWNER.password }),
    });
    // The device token is renewed at every sign-in: the browser keeps the newest.
    const device = result.response.headers.getSetCookie().find((cookie) => cookie.startsWith("agency_session_device="));
    if (device) deviceCookie = device.split(";")[0]!;
    return { ms: result.ms, status: result.status };
  }

  const first = await ownerSignIn();
  if (first.status !== 200 || !deviceCookie) throw new Error(`the owner's first sign-in answered ${first.status}`);

  type Phase = {
    name: string;
    owner: Timed[];
    probes: Map<string, Timed[]>;
    attack: Map<number, number>;
    attempts: number;
    seconds: number;
  };

  async function phase(name: string, seconds: number, attackers: number): Promise<Phase> {
    const deadline = performance.now() + seconds * 1000;
    const running = () => performance.now() < deadline;
    const result: Phase = { name, owner: [], probes: new Map(), attack: new Map(), attempts: 0, seconds };

    // The attack's process takes a moment to start and reach its pace: measurements begin 2 s in, and
    // it runs on past the measuring window.
    const warmUp = () => new Promise((done) => setTimeout(done, attackers > 0 ? 2000 : 200));
    const probe = async (label: string, url: string) => {
      const times: Timed[] = [];
      result.probes.set(label, times);
      await warmUp();
      while (running()) {
        const { ms, status } = await timed(`${base}${url}`, { headers: { "accept-encoding": "gzip, br" } });
        times.push({ ms, status });
        await new Promise((done) => setTimeout(done, PROBE_PAUSE_MS));
      }
    };
    const owner = async () => {
      await warmUp();
      while (running()) {
        result.owner.push(await ownerSignIn());
        await new Promise((done) => setTimeout(done, 1000));
      }
    };
    const attacked = attackers > 0 ? attack(`${base}/api/admin/login`) : Promise.resolve(new Map<number, number>());
    await Promise.all([
      probe("GET /", "/"),
      probe("GET /about", "/about"),
      probe("GET /api/form-token", "/api/form-token"),
      owner(),
    ]);
    result.attack = await attacked;
    result.attempts = [...result.attack.values()].reduce((sum, count) => sum + count, 0);
    return result;
  }

  const phases = [
    await phase("no attack", BASELINE_SECONDS, 0),
    await phase(`attack (${ATTACKERS} parallel, own process)`, SECONDS, ATTACKERS),
  ];

  const fmt = (ms: number) => `${Math.round(ms)} ms`.padStart(8);
  for (const p of phases) {
    console.log(`\n== ${p.name}, ${p.seconds} s ==`);
    if (p.attempts > 0) {
      const statuses = [...p.attack.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${count}`)
        .join(", ");
      const answered = p.attack.get(401) ?? 0;
      console.log(
        `attack: ${p.attempts} attempts (${(p.attempts / p.seconds).toFixed(1)}/s), ${(answered / p.seconds).toFixed(1)} passwords checked/s; statuses ${statuses}`,
      );
    }
    const ownerMs = p.owner.map((t) => t.ms).sort((a, b) => a - b);
    const ownerStatuses = [...new Set(p.owner.map((t) => t.status))].join(",");
    console.log(
      `owner sign-in (known device): n=${ownerMs.length} statuses ${ownerStatuses}  min ${fmt(ownerMs[0] ?? NaN)}  p50 ${fmt(percentile(ownerMs, 50))}  p99 ${fmt(percentile(ownerMs, 99))}  max ${fmt(ownerMs.at(-1) ?? NaN)}  within 1 s: ${ownerMs.filter((ms) => ms <= 1000).length}/${ownerMs.length}`,
    );
    for (const [label, times] of p.probes) {
      const ms = times.map((t) => t.ms).sort((a, b) => a - b);
      const statuses = [...new Set(times.map((t) => t.status))].join(",");
      console.log(
        `${label.padEnd(22)} n=${String(ms.length).padStart(4)} statuses ${statuses}  p50 ${fmt(percentile(ms, 50))}  p99 ${fmt(percentile(ms, 99))}  max ${fmt(ms.at(-1) ?? NaN)}`,
      );
    }
  }
}

try {
  await main();
} finally {
  server.child.kill("SIGTERM");
  await server.exited;
  rmSync(workDir, { recursive: true, force: true });
}
