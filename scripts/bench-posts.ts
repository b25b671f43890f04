import { sql } from "kysely";
import { buildApp } from "../server/app.ts";
import { loadConfig, type ServerConfig } from "../server/config.ts";
import { signFormToken } from "../server/lib/form-tokens.ts";
import { createTestDatabase } from "../tests/helpers/test-database.ts";

// npm run bench:posts [-- --concurrency 8 --posts 3000 --seconds 10]
// POST /api/contact throughput through real HTTP on loopback (the server listens on a free port; N
// loops post with fetch, each with its own Idempotency-Key, until `posts` are stored or `seconds` pass).
// Runs on a fresh SQLite file with synchronous=NORMAL and with FULL (the server's setting) in the same
// run, and on PostgreSQL for reference; prints leads/s and the FULL/NORMAL ratio. No assertions.

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1] ?? "");
const CONCURRENCY = Number(args.get("concurrency") ?? 8);
const POSTS = Number(args.get("posts") ?? 3000);
const SECONDS = Number(args.get("seconds") ?? 10);

type Setup = { name: string; kind: "sqlite" | "postgres"; synchronous?: "NORMAL" | "FULL" };

async function measure(setup: Setup): Promise<number> {
  const target = await createTestDatabase(setup.kind);
  const config: ServerConfig = {
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
    // One connection per SQLite app: the pragma set here is the one every post runs under.
    if (setup.synchronous) await sql.raw(`pragma synchronous = ${setup.synchronous}`).execute(app.db);
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    // A token per lead (each carries one) issued a minute ago, so the leads are stored as a person's would be.
    const secret = await app.repositories.serverSecrets.get("form-token");
    const body = (i: number) =>
      JSON.stringify({
        firstName: "Bench",
        lastName: `Lead ${i}`,
        email: `bench${i}@example.com`,
        phone: "(512) 555-0100",
        products: ["SEO Services"],
        formToken: signFormToken(secret, Date.now() - 60_000),
        elapsedMs: 9000,
      });

    let next = 0;
    let stored = 0;
    const deadline = performance.now() + SECONDS * 1000;
    const started = performance.now();
    const loop = async () => {
      while (next < POSTS && performance.now() < deadline) {
        const i = next++;
        const response = await fetch(`${address}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
          body: body(i),
        });
        await response.arrayBuffer();
        if (response.status !== 201) throw new Error(`POST answered ${response.status}`);
        stored += 1;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, loop));
    const seconds = (performance.now() - started) / 1000;
    const rate = stored / seconds;
    console.log(
      `${setup.name.padEnd(26)} ${String(stored).padStart(6)} leads in ${seconds.toFixed(2).padStart(6)} s  ${rate.toFixed(0).padStart(6)} leads/s`,
    );
    return rate;
  } finally {
    await app.close();
    await target.drop();
  }
}

console.log(
  `POST /api/contact over HTTP on loopback, ${CONCURRENCY} concurrent clients, up to ${POSTS} posts or ${SECONDS} s each\n`,
);
const normal = await measure({ name: "SQLite synchronous=NORMAL", kind: "sqlite", synchronous: "NORMAL" });
const full = await measure({ name: "SQLite synchronous=FULL", kind: "sqlite", synchronous: "FULL" });
try {
  await measure({ name: "PostgreSQL (reference)", kind: "postgres" });
} catch (error) {
  console.log(`PostgreSQL (reference)     skipped: ${(error as Error).message}`);
}
console.log(`\nFULL / NORMAL: ${(full / normal).toFixed(2)}`);
