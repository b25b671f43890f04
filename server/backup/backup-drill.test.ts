import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LeadDetail, LeadKind } from "../../contract/admin-leads.ts";
import type { DeliveryState } from "../../contract/deliveries.ts";
import { MIN_HUMAN_FILL_MS } from "../../contract/fields.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../contract/idempotency-key.ts";
import { runAdminCli } from "../../tests/helpers/admin-cli.ts";
import { startServerProcess, type StartedServer } from "../../tests/helpers/server-process.ts";
import { startSmtpTestServer, type SmtpTestServer } from "../../tests/helpers/smtp-test-server.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-database.ts";
import { TEST_ADMIN, validContact, validInquiry } from "../../tests/helpers/test-app.ts";
import { createDatabase } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedLeads } from "../db/seed-data.ts";

// The backup drill (issue 21): a real server under a write load of visitors' leads (form tokens,
// Idempotency-Keys) with the owner adding notes and the leads being e-mailed to a real SMTP server; the
// backup command runs as an operator runs it while the load goes on; the restore goes into a fresh
// database, a server starts on it, and every lead acknowledged before the backup started is there through
// the admin API, with its notes and its deliveries (each as it was when the backup started, or further on).
// On the way, a restore onto the database the running server uses is refused.

const VISITORS = 6;
/** Leads already stored before the drill starts (0 in CI; the figures in docs/deploy/backups.md set 100000). */
const SEEDED = Number(process.env.BACKUP_DRILL_SEED_LEADS ?? 0);
const formPaths: Record<LeadKind, string> = { contacts: "/api/contact", inquiries: "/api/service-inquiry" };
const valid: Record<LeadKind, object> = { contacts: validContact, inquiries: validInquiry };
/** A delivery only moves forward: scheduled or pending, then sending (claimed), then sent (or failed). */
const progress: Record<DeliveryState, number> = {
  "not-configured": 0,
  scheduled: 0,
  pending: 0,
  sending: 1,
  sent: 2,
  failed: 2,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Acknowledged = { kind: LeadKind; id: string; at: number; ms: number };
type NoteAcknowledged = Acknowledged & { body: string };

let source: TestDatabase;
let target: TestDatabase;
let dir: string;
let smtp: SmtpTestServer;
const servers: StartedServer[] = [];

beforeAll(async () => {
  [source, target] = await Promise.all([
    createTestDatabase(undefined, { empty: true }),
    createTestDatabase(undefined, { empty: true }),
  ]);
  dir = mkdtempSync(join(tmpdir(), "agency-backup-drill-"));
  smtp = await startSmtpTestServer();
  // A little slower than instant, so some deliveries are pending or being sent when the backup starts.
  smtp.delayMs = 20;
});
afterAll(async () => {
  for (const server of servers) {
    if (server.alive()) server.child.kill("SIGKILL");
    await server.exited;
  }
  await smtp?.stop();
  await source?.drop();
  await target?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie()[0]!.split(";")[0]!;
}

async function stop(server: StartedServer): Promise<void> {
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

it("restores every lead acknowledged before a backup taken under load, with its notes and deliveries", async () => {
  if (SEEDED > 0) {
    const db = createDatabase(source.database);
    await migrateToLatest(db);
    await seedLeads(db, { contacts: SEEDED / 2, inquiries: SEEDED / 2 });
    await db.destroy();
  }
  const mail = {
    SMTP_URL: smtp.url,
    MAIL_FROM: "leads@summit.example",
    NOTIFY_EMAIL: "owner@summit.example",
    RATE_LIMIT_ENABLED: "false",
  };
  const server = await startServerProcess(source.database, {
    ...mail,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
  });
  servers.push(server);
  const base = `http://127.0.0.1:${server.port}`;
  const cookie = await signIn(base);

  // The load: form tokens fetched ahead (a token must be MIN_HUMAN_FILL_MS old, as a person's is), visitors
  // posting leads with an Idempotency-Key (every tenth sent twice, as a retry), the owner adding notes.
  const acknowledged: Acknowledged[] = [];
  const notes: NoteAcknowledged[] = [];
  const problems: string[] = [];
  const tokens: { token: string; at: number }[] = [];
  let loading = true;
  // A steady stream (one token every 15 ms), so the posts that follow 1.6 s later are steady too.
  const tokenSupply = async () => {
    while (loading) {
      await sleep(15);
      if (tokens.length >= 300) continue;
      const response = await fetch(`${base}/api/form-token`);
      tokens.push({ token: ((await response.json()) as { token: string }).token, at: Date.now() });
    }
  };
  const visitor = async (v: number) => {
    for (let n = 0; loading;) {
      const next = tokens[0];
      if (!next || Date.now() - next.at < MIN_HUMAN_FILL_MS + 100) {
        await sleep(20);
        continue;
      }
      tokens.shift();
      n += 1;
      const kind: LeadKind = (v + n) % 2 === 0 ? "contacts" : "inquiries";
      const key = randomUUID();
      const send = () =>
        fetch(`${base}${formPaths[kind]}`, {
          method: "POST",
          headers: { "content-type": "application/json", [IDEMPOTENCY_KEY_HEADER]: key },
          body: JSON.stringify({ ...valid[kind], lastName: `Drill${v}x${n}`, formToken: next.token }),
        });
      const sent = Date.now();
      const response = await send();
      if (response.status !== 201) {
        problems.push(`lead: ${response.status} ${await response.text()}`);
        continue;
      }
      const { id } = (await response.json()) as { id: string };
      acknowledged.push({ kind, id, at: Date.now(), ms: Date.now() - sent });
      if (n % 10 === 0) {
        const retry = await send();
        const again = retry.status === 201 ? ((await retry.json()) as { id: string }).id : `${retry.status}`;
        if (again !== id) problems.push(`retry of ${id} answered ${again}`);
      }
    }
  };
  const owner = async () => {
    for (let i = 1; loading; i += 1) {
      await sleep(30);
      const lead = acknowledged[Math.floor(Math.random() * acknowledged.length)];
      if (!lead) continue;
      const body = `Drill note ${i}: called back, wants a quote.`;
      const response = await fetch(`${base}/api/admin/leads/${lead.kind}/${lead.id}/notes`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ body }),
      });
      if (response.status === 201) notes.push({ ...lead, body, at: Date.now() });
      else problems.push(`note: ${response.status} ${await response.text()}`);
    }
  };
  const load = Promise.all([tokenSupply(), ...Array.from({ length: VISITORS }, (_, v) => visitor(v)), owner()]);

  try {
    while (acknowledged.length < 60 || notes.length < 10 || smtp.received.length < 10) await sleep(50);

    // Each delivery's state now: in the restored database it must be this or further on.
    const db = createDatabase(source.database);
    const deliveriesBefore = await db
      .selectFrom("leadDeliveries")
      .select(["id", "leadId", "state"])
      .execute()
      .finally(() => db.destroy());
    const backupStartedAt = Date.now();
    const file = join(dir, "drill.backup");
    const backup = await runAdminCli(["backup", file], source.database);
    const backupEndedAt = Date.now();
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/Backed up/);
    const leadsInBackup = Number(/([\d,]+) leads/.exec(backup.out)![1]!.replace(/,/g, ""));

    // The running server's database is in use: a restore onto it is refused, even with --force.
    const refused = await runAdminCli(["restore", file, "--force"], source.database);
    expect(refused.code, refused.out).toBe(3);
    expect(refused.out).toMatch(/is in use/);
    expect(refused.out).toMatch(/stop (the|every) server/i);
    expect(refused.out).toMatch(/restore into a new (file|database)/);

    loading = false;
    await load;
    await stop(server);
    expect(problems).toEqual([]);
    expect(server.logs.join("\n")).not.toMatch(/"level":50/);
    const before = acknowledged.filter((lead) => lead.at < backupStartedAt);
    const during = acknowledged.filter((lead) => lead.at >= backupStartedAt && lead.at <= backupEndedAt);
    const notesBefore = notes.filter((note) => note.at < backupStartedAt);
    // The load went on while the backup ran.
    expect(during.length).toBeGreaterThan(0);
    expect(leadsInBackup - SEEDED).toBeGreaterThanOrEqual(before.length);
    expect(leadsInBackup - SEEDED).toBeLessThanOrEqual(acknowledged.length);

    const restore = await runAdminCli(["restore", file], target.database);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain(`${leadsInBackup.toLocaleString("en-US")} leads`);
    expect(restore.out).toMatch(/up to date/);

    // A server on the restored database; the owner's account came back with the backup.
    const restored = await startServerProcess(target.database, mail);
    servers.push(restored);
    const restoredBase = `http://127.0.0.1:${restored.port}`;
    const restoredCookie = await signIn(restoredBase);
    const missing: string[] = [];
    const wrong: string[] = [];
    for (const lead of before) {
      const response = await fetch(`${restoredBase}/api/admin/leads/${lead.kind}/${lead.id}`, {
        headers: { cookie: restoredCookie },
      });
      if (response.status !== 200) {
        missing.push(`${lead.kind}/${lead.id}: ${response.status}`);
        continue;
      }
      const detail = (await response.json()) as LeadDetail;
      const bodies = detail.notes.map((note) => note.body);
      for (const note of notesBefore.filter((n) => n.id === lead.id))
        if (!bodies.includes(note.body)) wrong.push(`${lead.id}: note "${note.body}" missing`);
      if (!detail.deliveries.some((delivery) => delivery.channel === "owner-email"))
        wrong.push(`${lead.id}: no owner e-mail delivery`);
      for (const was of deliveriesBefore.filter((d) => d.leadId === lead.id)) {
        const now = detail.deliveries.find((delivery) => delivery.id === was.id);
        if (!now) wrong.push(`${lead.id}: delivery ${was.id} missing`);
        else if (progress[now.state] < progress[was.state as DeliveryState])
          wrong.push(`${lead.id}: delivery ${was.id} ${was.state} before the backup, ${now.state} restored`);
      }
    }
    expect(missing).toEqual([]);
    expect(wrong).toEqual([]);
    await stop(restored);
    expect(restored.logs.join("\n")).not.toMatch(/"level":50/);

    const p99 = (leads: Acknowledged[]) =>
      leads.map((lead) => lead.ms).sort((a, b) => a - b)[Math.floor(leads.length * 0.99)];
    const states = deliveriesBefore.reduce<Record<string, number>>(
      (tally, d) => ({ ...tally, [d.state]: (tally[d.state] ?? 0) + 1 }),
      {},
    );
    console.log(
      `backup drill (${source.database.kind}${SEEDED ? `, ${SEEDED} leads seeded` : ""}): ${acknowledged.length} leads acknowledged, ${before.length} before the backup started (all restored with ` +
        `${notesBefore.length} notes), ${during.length} while the command ran (${backupEndedAt - backupStartedAt} ms as a process; post p99 ${p99(during)} ms, before it ${p99(before)} ms); ` +
        `backup held ${leadsInBackup - SEEDED} of the drill's; ` +
        `${statSync(file).size} bytes; deliveries at the start ${JSON.stringify(states)}; restore ${restore.ms} ms as a process`,
    );
  } finally {
    loading = false;
    await load;
  }
}, 60_000);
