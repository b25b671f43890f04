import { buildApp } from "../server/app.ts";
import { loadConfig, type ServerConfig } from "../server/config.ts";
import { signFormToken } from "../server/lib/form-tokens.ts";
import { startSmtpTestServer } from "../tests/helpers/smtp-test-server.ts";
import { createTestDatabase } from "../tests/helpers/test-database.ts";

// npm run bench:delivery [-- --posts 300 --leads 50]
// On SQLite and PostgreSQL, in the same run:
// 1. POST /api/contact (Fastify inject, one at a time) with delivery configured (a real SMTP server on
//    loopback) and not configured, interleaved: median and p95 of each and their ratio (target ≤ 1.1);
// 2. the time from the 201 to the SMTP server accepting the owner's e-mail, one lead at a time on an idle
//    server: median and p95 (target: p95 under 2 s). No assertions: figures only.

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1] ?? "");
const POSTS = Number(args.get("posts") ?? 300);
const LEADS = Number(args.get("leads") ?? 50);

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function app(kind: "sqlite" | "postgres", delivery: ServerConfig["delivery"] | null) {
  const database = await createTestDatabase(kind);
  const base = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    RATE_LIMIT_ENABLED: "false",
    CLIENT_DIR: "/nonexistent",
  });
  const instance = await buildApp({ ...base, database: database.database, ...(delivery ? { delivery } : {}) });
  await instance.ready();
  const secret = await instance.repositories.serverSecrets.get("form-token");
  let n = 0;
  const post = async () => {
    n += 1;
    const started = performance.now();
    const response = await instance.inject({
      method: "POST",
      url: "/api/contact",
      payload: {
        firstName: "Bench",
        lastName: `Lead${n}`,
        email: `bench${n}@example.com`,
        phone: "(512) 555-0100",
        products: ["SEO Services"],
        formToken: signFormToken(secret, Date.now() - 60_000),
        elapsedMs: 9000,
      },
    });
    if (response.statusCode !== 201) throw new Error(`POST answered ${response.statusCode}: ${response.body}`);
    return performance.now() - started;
  };
  return {
    instance,
    post,
    close: async () => {
      await instance.close();
      await database.drop();
    },
  };
}

async function run(kind: "sqlite" | "postgres") {
  const sink = await startSmtpTestServer();
  const delivery: ServerConfig["delivery"] = {
    mail: { transport: { kind: "smtp", url: sink.url }, from: "leads@bench.example" },
    notify: ["owner@bench.example"],
    autoReply: false,
    webhook: null,
    ownerTimeZone: "America/New_York",
    business: { companyName: "Bench", phone: "(512) 555-0100", phoneHref: "tel:+15125550100" },
  };
  const plain = await app(kind, null);
  const delivering = await app(kind, delivery);
  try {
    // Warm-up, then interleaved so drift of the machine hits both alike.
    for (let i = 0; i < 20; i += 1) {
      await plain.post();
      await delivering.post();
    }
    await sink.waitFor(20, 30_000);
    const off: number[] = [];
    const on: number[] = [];
    for (let i = 0; i < POSTS; i += 1) {
      off.push(await plain.post());
      on.push(await delivering.post());
    }
    await sink.waitFor(20 + POSTS, 60_000);

    // Speed to lead on an idle server: one lead at a time, from its 201 to the SMTP server's acceptance.
    const latency: number[] = [];
    for (let i = 0; i < LEADS; i += 1) {
      const before = sink.received.length;
      const started = performance.now();
      await delivering.post();
      await sink.waitFor(before + 1, 10_000);
      latency.push(performance.now() - started);
    }
    const [offMedian, onMedian, offP95, onP95] = [
      quantile(off, 0.5),
      quantile(on, 0.5),
      quantile(off, 0.95),
      quantile(on, 0.95),
    ];
    console.log(`\n${kind}: POST /api/contact, ${POSTS} each, interleaved`);
    console.log(`  delivery not configured  median ${ms(offMedian)}  p95 ${ms(offP95)}`);
    console.log(`  delivery configured      median ${ms(onMedian)}  p95 ${ms(onP95)}`);
    console.log(
      `  ratio configured / not   median ${(onMedian / offMedian).toFixed(2)}  p95 ${(onP95 / offP95).toFixed(2)}  (target ≤ 1.1)`,
    );
    console.log(`${kind}: 201 → SMTP server accepted the owner's e-mail, ${LEADS} leads one at a time`);
    console.log(`  median ${ms(quantile(latency, 0.5))}  p95 ${ms(quantile(latency, 0.95))}  (target: p95 under 2 s)`);
  } finally {
    await plain.close();
    await delivering.close();
    await sink.stop();
  }
}

await run("sqlite");
await run("postgres");
