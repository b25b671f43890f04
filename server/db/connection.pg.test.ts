import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, humanSignals, signIn, validContact, type TestApp } from "../../tests/helpers/test-app.ts";
import { postgresAdminUrl } from "../../tests/helpers/test-database.ts";

// PostgreSQL only (vitest.config.ts): the database may end connections the pool holds idle (a restart,
// a failover, an administrator, a proxy's idle timeout). The server must shrug that off and keep
// storing leads, not crash on the pool's error event.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it("keeps storing and listing leads after PostgreSQL terminates its idle connections", async () => {
  const human = await humanSignals(t.app);
  const post = () => t.app.inject({ method: "POST", url: "/api/contact", payload: { ...validContact, ...human } });
  expect((await post()).statusCode).toBe(201);

  const database = new URL((t.config.database as { url: string }).url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.ended)).toBe(true);
  } finally {
    await admin.end();
  }
  // Let the pool notice the closed sockets (an 'error' event on each idle client).
  await new Promise((resolve) => setTimeout(resolve, 300));

  expect((await post()).statusCode).toBe(201);
  const cookie = await signIn(t.app);
  const list = await t.app.inject({ method: "GET", url: "/api/contact-submissions", headers: { cookie } });
  expect(list.statusCode).toBe(200);
  expect(list.json()).toHaveLength(2);
});

it("plans with the session settings the pool asks for: SSD page costs, no parallel workers", async () => {
  // Each is measured (connection.ts): the default page cost made exports sort, parallel workers tripled a
  // year's report on two cores.
  const { rows } = await sql<{ cost: string; workers: string }>`
    select current_setting('random_page_cost') as cost,
      current_setting('max_parallel_workers_per_gather') as workers`.execute(t.app.db);
  expect(rows).toEqual([{ cost: "1.1", workers: "0" }]);
});
