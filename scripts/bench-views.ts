import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { Pool } from "undici";
import { buildApp } from "../server/app.ts";
import { loadConfig, type ServerConfig } from "../server/config.ts";
import { createTestDatabase } from "../tests/helpers/test-database.ts";

// npm run bench:views [-- --connections 32 --seconds 8]
// POST /api/views (the page-view beacon, issue 24) throughput through real HTTP on loopback, on one
// instance: the server in this thread, the load from a worker thread (undici, kept-alive connections),
// so each has a core. Against a baseline in the same run: GET /healthz on the same server, the
// cheapest route there is. Then the counts written are checked against the views sent. SQLite (the
// target: at least 5,000 views/s), then PostgreSQL for reference. Prints figures; asserts nothing.

type Load = { url: string; method: "GET" | "POST"; body?: string; connections: number; seconds: number };

const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PATHS = ["/", "/contact", "/home-services", "/personal-injury", "/plumbing", "/hvac", "/services/seo", "/blog"];

if (!isMainThread) {
  // The load: `connections` loops, each sending one request after another until the time is up.
  const load = workerData as Load;
  const origin = new URL(load.url).origin;
  const path = new URL(load.url).pathname;
  const pool = new Pool(origin, { connections: load.connections, pipelining: 1 });
  let sent = 0;
  let failed = 0;
  const deadline = performance.now() + load.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: load.connections }, async (_, c) => {
      let i = c;
      while (performance.now() < deadline) {
        const body = load.body ?? JSON.stringify({ path: PATHS[i++ % PATHS.length], ref: "www.google.com" });
        const response = await pool.request({
          path,
          method: load.method,
          headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": PERSON },
          ...(load.method === "POST" ? { body } : {}),
        });
        await response.body.dump();
        if (response.statusCode >= 400) failed += 1;
        else sent += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  parentPort!.postMessage({ sent, failed, seconds });
} else {
  const args = new Map<string, string>();
  for (let i = 2; i < process.argv.length; i += 2)
    args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1] ?? "");
  const CONNECTIONS = Number(args.get("connections") ?? 32);
  const SECONDS = Number(args.get("seconds") ?? 8);

  const runLoad = (load: Load) =>
    new Promise<{ sent: number; failed: number; seconds: number }>((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: load, execArgv: process.execArgv });
      worker.once("message", resolve);
      worker.once("error", reject);
    });

  async function measure(kind: "sqlite" | "postgres") {
    const target = await createTestDatabase(kind);
    const config: ServerConfig = {
      // Limits off: one address sends everything here (the per-address limit is tested, not benchmarked).
      ...loadConfig({
        NODE_ENV: "production",
        LOG_LEVEL: "silent",
        RATE_LIMIT_ENABLED: "false",
        CLIENT_DIR: "/nonexistent",
      }),
      database: target.database,
    };
    const app = await buildApp(config);
    try {
      const address = await app.listen({ port: 0, host: "127.0.0.1" });
      const baseline = await runLoad({
        url: `${address}/healthz`,
        method: "GET",
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
      const views = await runLoad({
        url: `${address}/api/views`,
        method: "POST",
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
      await app.repositories.pageViews.flush();
      const stored = await app.db
        .selectFrom("pageViews")
        .select((eb) => eb.fn.sum<number>("views").as("n"))
        .executeTakeFirstOrThrow();
      const baseRate = baseline.sent / baseline.seconds;
      const viewRate = views.sent / views.seconds;
      console.log(
        `${kind.padEnd(10)} GET /healthz ${baseRate.toFixed(0).padStart(7)} req/s   POST /api/views ${viewRate.toFixed(0).padStart(7)} views/s   ratio ${(viewRate / baseRate).toFixed(2)}   errors ${views.failed}   counted ${Number(stored.n)} of ${views.sent}`,
      );
    } finally {
      await app.close();
      await target.drop();
    }
  }

  console.log(
    `Page-view beacon throughput over HTTP on loopback, ${CONNECTIONS} connections, ${SECONDS} s per measure (target: 5,000 views/s on SQLite)\n`,
  );
  await measure("sqlite");
  try {
    await measure("postgres");
  } catch (error) {
    console.log(`postgres   skipped: ${(error as Error).message}`);
  }
}
