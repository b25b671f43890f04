import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPrivatePostgres, type PrivatePostgres } from "../../tests/helpers/private-postgres.ts";
import { parseMetrics, valueOf } from "../../tests/helpers/prometheus-text.ts";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app.ts";
import { DATABASE_READ_TIMEOUT_MS } from "./app-metrics.ts";

// A PostgreSQL that hangs (its processes stopped, connections open, nothing answers): a scrape still answers
// within the read's time limit and says the database is down, and it is up again once PostgreSQL runs
// (that scrapes in a row share the one query waiting on it: app-metrics.unit.test.ts). The instance is the test's own; the shared cluster is never frozen.

const TOKEN = "test-metrics-token-0123456789abcdef";
let postgres: PrivatePostgres;
let t: TestApp;

beforeAll(async () => {
  postgres = await createPrivatePostgres();
  await postgres.start();
  const admin = new pg.Client({ connectionString: postgres.url("postgres") });
  await admin.connect();
  await admin.query("create database agency");
  await admin.end();
  const database = { kind: "postgres" as const, url: postgres.url("agency") };
  t = await createTestApp({ database, metrics: { token: TOKEN, listen: null } }, { database, drop: async () => {} });
}, 60_000);

afterAll(async () => {
  postgres?.thaw();
  await t?.close();
  await postgres?.destroy();
}, 30_000);

async function timedScrape() {
  const started = Date.now();
  const response = await t.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return { ms: Date.now() - started, samples: parseMetrics(response.body) };
}

it("answers within the time limit while the database hangs, with the database down, and up again once it runs", async () => {
  expect(valueOf((await timedScrape()).samples, "agency_database_up")).toBe(1);

  postgres.freeze();
  for (let scrape = 0; scrape < 3; scrape += 1) {
    const { ms, samples } = await timedScrape();
    // A bound, not a speed target: a scrape that waited on the frozen server would never answer.
    expect(ms).toBeLessThan(DATABASE_READ_TIMEOUT_MS + 5_000);
    expect(valueOf(samples, "agency_database_up")).toBe(0);
    expect(valueOf(samples, "agency_deliveries_pending")).toBeUndefined();
  }
  postgres.thaw();

  // The query the scrapes shared was waiting on the frozen server: it finishes now, and the next scrape reads anew.
  const deadline = Date.now() + 10_000;
  let up = 0;
  while (up !== 1 && Date.now() < deadline) up = valueOf((await timedScrape()).samples, "agency_database_up") ?? 0;
  expect(up).toBe(1);
}, 60_000);
