import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { buildApp } from "../server/app.ts";
import { loadConfig, type ServerConfig } from "../server/config.ts";
import { leadNameKey, optimizeDatabase } from "../server/db/dialect.ts";
import { seedLeads } from "../server/db/seed-data.ts";
import { encodeLeadCursor } from "../contract/lead-cursor.ts";
import { leadChannels } from "../contract/lead-channels.ts";
import { BULK_LIMIT, type BulkResult } from "../contract/lead-triage.ts";
import { copyFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asPostgresAdmin, createTestDatabase, type TestDatabase } from "../tests/helpers/test-database.ts";
import { encodeActivityCursor } from "../server/repositories/activity/activity-repository.ts";
import { seedTeam } from "./bench-admin/team-seed.ts";

// npm run bench:admin [-- --contacts 100000 --inquiries 100000 --users 20 --activity 1000000 --runs 25 --only sqlite|postgres --browser 1 --calls <name prefix,…> --reuse-seed 1]
// Seeds a fresh database of each kind, then times every dashboard and inbox API call through the
// real app (Fastify inject: routing, validation, session, queries, serialisation; no network) and
// prints the median and 95th percentile against the 50 ms target.

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1] ?? "");
const CONTACTS = Number(args.get("contacts") ?? 100_000);
const INQUIRIES = Number(args.get("inquiries") ?? 100_000);
const RUNS = Number(args.get("runs") ?? 25);
const USERS = Number(args.get("users") ?? 20);
const ACTIVITY = Number(args.get("activity") ?? 1_000_000);
const TARGET_MS = 50;
/** The owner's numbers (issue 24) sum a period's leads: their target is 100 ms at the median. */
const REPORT_TARGET_MS = 100;
/** Issue 38's calls (a report cell's leads, note search, the export of "All leads") share the reports' target. */
const targetOf = (call: string) =>
  call.startsWith("reports:") || call.startsWith("issue 38:") ? REPORT_TARGET_MS : TARGET_MS;
/** --calls: time only the calls whose name starts with one of these comma-separated prefixes (e.g. "reports"). */
const ONLY_CALLS = args.get("calls")?.split(",");
/**
 * --reuse-seed 1: keep the seeded database (a file in the system's temporary folder, or a PostgreSQL database
 * named for the sizes) and start from a copy of it next time, for a change measured again in seconds instead of
 * minutes. Its leads' ages grow with the hours; the figures of record come from a fresh seed.
 */
const REUSE_SEED = args.get("reuse-seed") === "1";
const seedName = `agency_bench_seed_${CONTACTS}_${INQUIRIES}_${USERS}_${ACTIVITY}`;
/** Page views: two years of daily counts for 40 paths. */
const VIEW_PATHS = 40;
const VIEW_DAYS = 731;
const ADMIN = { email: "bench@example.com", password: "benchmark password 1" };

/** One timed request; `onAnswer` sees its body (the bulk action keeps what its Undo needs). */
type Request = { method: "GET" | "POST"; url: string; payload?: object; onAnswer?: (body: Buffer) => void };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A database already seeded by an earlier --reuse-seed run, copied; undefined when there is none. */
async function reusedSeed(kind: "sqlite" | "postgres"): Promise<TestDatabase | undefined> {
  if (kind === "sqlite") {
    const kept = join(tmpdir(), `${seedName}.sqlite`);
    return existsSync(kept) ? createTestDatabase("sqlite", { copyOf: kept }) : undefined;
  }
  const exists = await asPostgresAdmin((client) =>
    client.query("select 1 from pg_database where datname = $1", [seedName]),
  );
  return exists.rowCount === 0 ? undefined : createTestDatabase("postgres", { copyOf: seedName });
}

/** Keeps a freshly seeded database for the next --reuse-seed run (the app is closed). */
async function keepSeed(target: TestDatabase) {
  if (target.database.kind === "sqlite") {
    copyFileSync(target.database.path, join(tmpdir(), `${seedName}.sqlite`));
    return;
  }
  const name = new URL(target.database.url).pathname.slice(1);
  await asPostgresAdmin((client) => client.query(`create database ${seedName} template ${name}`));
}

async function benchmark(kind: "sqlite" | "postgres") {
  const reused = REUSE_SEED ? await reusedSeed(kind) : undefined;
  const target = reused ?? (await createTestDatabase(kind));
  const config: ServerConfig = {
    ...loadConfig({
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_ENABLED: "false",
      CLIENT_DIR: "/nonexistent",
    }),
    database: target.database,
  };
  let app = await buildApp(config);
  await app.ready();
  try {
    if (reused) console.log(`\n${kind}: the seed of an earlier run (--reuse-seed)`);
    else await seed();
  } catch (error) {
    await app.close();
    await target.drop();
    throw error;
  }
  async function seed() {
    const seeding = performance.now();
    await seedLeads(app.db, { contacts: CONTACTS, inquiries: INQUIRIES });
    const adminId = (
      await app.db.selectFrom("users").select("id").where("username", "=", ADMIN.email).executeTakeFirstOrThrow()
    ).id;
    await seedTeam(app.db, adminId, { users: USERS, activityRows: ACTIVITY });
    await seedPageViews(app.db);
    await seedMoney(app);
    // Fresh planner statistics, as autovacuum (PostgreSQL) or the server's start (SQLite) would give.
    if (kind === "postgres") await sql`vacuum analyze`.execute(app.db);
    else await optimizeDatabase(app.db);
    console.log(
      `\n${kind}: seeded ${CONTACTS} contacts + ${INQUIRIES} inquiries, ${USERS} users, ${ACTIVITY} activity rows and ${VIEW_PATHS * VIEW_DAYS} page-view days in ${Math.round(performance.now() - seeding)} ms`,
    );
    if (REUSE_SEED) {
      // Kept before any call changes it; closing the app checkpoints SQLite's WAL into the file.
      await app.close();
      await keepSeed(target);
      app = await buildApp(config);
      await app.ready();
    }
  }
  try {
    const login = await app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: ADMIN.email, password: ADMIN.password },
    });
    const cookie = `${config.session.cookieName}=${login.cookies[0]!.value}`;

    // A deep page: the cursor of the lead at position 50,000 of the newest-first list.
    const deep = await app.db
      .selectFrom("contactSubmissions")
      .select(["createdAt", "id"])
      .where("status", "!=", "spam")
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .offset(Math.floor(CONTACTS / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    // An export of about 10,000 rows: the first day of the newest days that hold that many leads.
    const exportStart = async (table: "contactSubmissions" | "serviceInquiries", count: number) => {
      const row = await app.db
        .selectFrom(table)
        .select("createdAt")
        .where("status", "!=", "spam")
        .orderBy("createdAt", "desc")
        .offset(Math.min(10_000, Math.floor(count / 2)))
        .limit(1)
        .executeTakeFirstOrThrow();
      return row.createdAt.slice(0, 10);
    };
    const exportFrom = await exportStart("contactSubmissions", CONTACTS);
    const inquiryExportFrom = await exportStart("serviceInquiries", INQUIRIES);

    // A lead well inside the A-to-Z list (a G name): its neighbours, and a deep page by name from it.
    const middle = await app.inject({
      method: "GET",
      url: `/api/admin/leads/contacts?sort=name&limit=1&q=grace.kowalski`,
      headers: { cookie },
    });
    const middleId = middle.json<{ items: { id: string }[] }>().items[0]!.id;
    const nameKey = await app.db
      .selectFrom("contactSubmissions")
      .select(leadNameKey(app.db).as("key"))
      .where("id", "=", middleId)
      .executeTakeFirstOrThrow();
    // The bulk action: the 1,000 newest unread leads (each one changes), marked read then put back
    // (restore), in turn.
    // The combined list (issue 20): a deep page from the contact at the middle of the newest-first list
    // (both tables walk from it), and from the middle of the reply-deadline order.
    const deadlineMiddle = await app.db
      .selectFrom("contactSubmissions")
      .select(["deadlineKey", "id"])
      .where("status", "!=", "spam")
      .orderBy("deadlineKey")
      .orderBy("id")
      .offset(Math.floor(CONTACTS / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    const allDeep = encodeLeadCursor({ sort: "newest", ...deep });
    const allDeadlineDeep = encodeLeadCursor({
      sort: "deadline",
      deadline: deadlineMiddle.deadlineKey!,
      id: deadlineMiddle.id,
    });
    const bulkIds = (
      await app.db
        .selectFrom("contactSubmissions")
        .select("id")
        .where("status", "!=", "spam")
        .where("readAt", "is", null)
        .orderBy("createdAt", "desc")
        .limit(BULK_LIMIT)
        .execute()
    ).map((row) => row.id);

    // The team (issue 23): another user's leads, and the activity page deep in the year (record 500,000).
    // The sixth of seedTeam's users (member5@bench.example), or the last.
    const someone = (
      await app.db
        .selectFrom("users")
        .select("id")
        .where("username", "in", [`member${Math.min(5, USERS - 1)}@bench.example`, ADMIN.email])
        .orderBy("username", "desc")
        .executeTakeFirstOrThrow()
    ).id;
    const deepActivity = await app.db
      .selectFrom("activity")
      .select(["createdAt", "id"])
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .offset(Math.floor(ACTIVITY / 2))
      .limit(1)
      .executeTakeFirst();
    const activityCursor = deepActivity ? encodeActivityCursor(deepActivity) : "";

    const today = new Date().toISOString().slice(0, 10);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const [days7, days30, days90] = [daysAgo(6), daysAgo(29), daysAgo(89)];
    // "All leads" over ~10,000 rows: both kinds' newest ~5,000 each.
    const allExportFrom = [
      await exportStart("contactSubmissions", 10_000),
      await exportStart("serviceInquiries", 10_000),
    ]
      .sort()
      .at(-1)!;
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const allCalls: [string, string][] = [
      ["dashboard: status", "/api/admin/status"],
      ["dashboard: stats (tiles, chart)", "/api/admin/stats"],
      ["dashboard: 5 newest contacts", "/api/contact-submissions?limit=5"],
      ["dashboard: 5 newest inquiries", "/api/service-inquiries?limit=5"],
      ["inbox: first page (contacts)", "/api/admin/leads/contacts"],
      ["inbox: first page (inquiries)", "/api/admin/leads/inquiries"],
      ["inbox: search, common word", "/api/admin/leads/contacts?q=plumbing"],
      ["inbox: search, rare name", "/api/admin/leads/contacts?q=grace.kowalski.4"],
      ["inbox: search inquiry messages", "/api/admin/leads/inquiries?q=car%20accident"],
      ["inbox: filter status", "/api/admin/leads/contacts?status=qualified"],
      ["inbox: filter product", "/api/admin/leads/contacts?product=Podcast%20Marketing"],
      ["inbox: filter form", "/api/admin/leads/contacts?form=contact-page"],
      ["inbox: filter unread", "/api/admin/leads/contacts?unread=true"],
      ["inbox: spam view", "/api/admin/leads/contacts?view=spam"],
      [
        "inbox: deep page (row 50,000)",
        `/api/admin/leads/contacts?cursor=${encodeLeadCursor({ sort: "newest", ...deep })}`,
      ],
      ["inbox: sort oldest first", "/api/admin/leads/contacts?sort=oldest"],
      ["inbox: sort by name", "/api/admin/leads/contacts?sort=name"],
      [
        "inbox: sort by name, deep page",
        `/api/admin/leads/contacts?sort=name&cursor=${encodeLeadCursor({ sort: "name", name: nameKey.key, id: middleId })}`,
      ],
      ["inbox: counts per view (contacts)", "/api/admin/leads/contacts/counts"],
      ["inbox: counts per view (inquiries)", "/api/admin/leads/inquiries/counts"],
      [
        "inbox: counts per view, last 30 days",
        `/api/admin/leads/contacts/counts?from=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`,
      ],
      ["inbox: counts per view, one form", "/api/admin/leads/contacts/counts?form=contact-page"],
      ["inbox: counts per view, search", "/api/admin/leads/contacts/counts?q=plumbing"],
      ["detail: neighbours (newest)", `/api/admin/leads/contacts/${middleId}/neighbours`],
      [
        "detail: neighbours (by name, unread)",
        `/api/admin/leads/contacts/${middleId}/neighbours?sort=name&unread=true`,
      ],
      ["all leads: first page", "/api/admin/leads/all"],
      ["all leads: deep page (cursor at contact 50,000)", `/api/admin/leads/all?cursor=${allDeep}`],
      ["all leads: sort by deadline", "/api/admin/leads/all?sort=deadline"],
      ["all leads: sort by deadline, deep page", `/api/admin/leads/all?sort=deadline&cursor=${allDeadlineDeep}`],
      ["all leads: search, common word", "/api/admin/leads/all?q=plumbing"],
      ["all leads: search, rare name, by deadline", "/api/admin/leads/all?q=grace.kowalski.4&sort=deadline"],
      ["all leads: filter form, by deadline", "/api/admin/leads/all?form=home-services-audit&sort=deadline"],
      ["all leads: counts per view", "/api/admin/leads/all/counts"],
      ["all leads: neighbours (by deadline)", `/api/admin/leads/all/${middleId}/neighbours?sort=deadline`],
      ["follow-ups: due (contacts)", "/api/admin/leads/contacts?followUp=due"],
      ["follow-ups: due, all leads", "/api/admin/leads/all?followUp=due"],
      ["follow-ups: due, all leads, by deadline", "/api/admin/leads/all?followUp=due&sort=deadline"],
      ["follow-ups: counts per view, due", "/api/admin/leads/all/counts?followUp=due"],
      ["dashboard: today (now, due soon, overdue, needs a reply, follow-ups)", "/api/admin/today"],
      ["dashboard: a member's day (assignee=me)", "/api/admin/today?assignee=me"],
      ["dashboard: pulse (newest lead)", "/api/admin/pulse"],
      ["team: assigned to me (contacts)", "/api/admin/leads/contacts?assignee=me"],
      ["team: assigned to a user (inquiries)", `/api/admin/leads/inquiries?assignee=${someone}`],
      ["team: unassigned (contacts)", "/api/admin/leads/contacts?assignee=none"],
      ["team: all leads, assigned to me", "/api/admin/leads/all?assignee=me"],
      ["team: all leads, assigned to me, by deadline", "/api/admin/leads/all?assignee=me&sort=deadline"],
      ["team: all leads, unassigned, by deadline", "/api/admin/leads/all?assignee=none&sort=deadline"],
      ["team: all leads, a user, unread", `/api/admin/leads/all?assignee=${someone}&unread=true`],
      ["team: counts, assigned to me", "/api/admin/leads/all/counts?assignee=me"],
      ["team: counts, unassigned", "/api/admin/leads/all/counts?assignee=none"],
      ["activity: first page", "/api/admin/activity"],
      ["activity: by user", `/api/admin/activity?user=${someone}`],
      ["activity: by kind (exports)", "/api/admin/activity?kind=export"],
      ["activity: by user and kind (status changes)", `/api/admin/activity?user=${someone}&kind=status`],
      ["activity: deep page (record 500,000)", `/api/admin/activity?cursor=${activityCursor}`],
      ["activity: a user's deep page", `/api/admin/activity?user=${someone}&cursor=${activityCursor}`],
      ["reports: sources by channel, last 30 days", "/api/admin/reports/sources?period=30d&by=channel"],
      ["reports: sources by campaign, last 90 days", "/api/admin/reports/sources?period=90d&by=campaign"],
      ["reports: sources by landing page, last 90 days", "/api/admin/reports/sources?period=90d&by=landing"],
      ["reports: sources by form, last 90 days", "/api/admin/reports/sources?period=90d&by=form"],
      ["reports: sources by week, last 90 days", "/api/admin/reports/sources?period=90d&by=week"],
      ["reports: sources this week (dashboard)", "/api/admin/reports/sources?period=week&by=channel"],
      [
        `reports: sources by channel, a year (${yearAgo} to ${today})`,
        `/api/admin/reports/sources?from=${yearAgo}&to=${today}&by=channel`,
      ],
      [
        "reports: sources CSV by landing page, last 90 days",
        "/api/admin/reports/sources?period=90d&by=landing&format=csv",
      ],
      ["reports: speed to lead, last 30 days", "/api/admin/reports/speed?period=30d"],
      ["reports: speed to lead, last 90 days", "/api/admin/reports/speed?period=90d"],
      ["reports: speed this week (dashboard)", "/api/admin/reports/speed?period=week"],
      ["reports: related leads of a lead", `/api/admin/leads/contacts/${middleId}/related`],
      ["reports: all leads, one row per person", "/api/admin/leads/all?group=person"],
      ["reports: all leads, one row per person, counts", "/api/admin/leads/all/counts?group=person"],
      // Issue 38: the report cells' lead lists (the same period, channel, campaign, landing page, outcome),
      // the new report figures with spend, note search, the saved views, the spend, the export of "All leads".
      ["issue 38: sources by channel with spend, last 90 days", "/api/admin/reports/sources?period=90d&by=channel"],
      [
        "issue 38: sources by campaign with spend, a year",
        `/api/admin/reports/sources?from=${yearAgo}&to=${today}&by=campaign`,
      ],
      [
        "issue 38: cell, channel, 90 days",
        `/api/admin/leads/all?view=inbox&from=${days90}&to=${today}&channel=paid-search`,
      ],
      [
        "issue 38: cell, channel won, 90 days",
        `/api/admin/leads/all?view=inbox&from=${days90}&to=${today}&channel=paid-search&outcome=won`,
      ],
      [
        "issue 38: cell, campaign qualified, a year",
        `/api/admin/leads/all?view=inbox&from=${yearAgo}&to=${today}&campaign=roof-repair-leads&outcome=qualified`,
      ],
      [
        "issue 38: cell, no campaign, 30 days",
        `/api/admin/leads/all?view=inbox&from=${days30}&to=${today}&campaign=(none)`,
      ],
      [
        "issue 38: cell, landing page won, 90 days",
        `/api/admin/leads/all?view=inbox&from=${days90}&to=${today}&landingPath=/home-services&outcome=won`,
      ],
      ["issue 38: cell, form, a week", `/api/admin/leads/all?view=inbox&from=${days7}&to=${today}&form=contact-page`],
      ["issue 38: filter channel, no period (contacts)", "/api/admin/leads/contacts?channel=email"],
      ["issue 38: filter outcome won, no period", "/api/admin/leads/all?outcome=won"],
      ["issue 38: counts, channel and outcome", "/api/admin/leads/all/counts?channel=paid-social&outcome=lost"],
      ["issue 38: search a note's word", "/api/admin/leads/all?q=storm-damage"],
      ["issue 38: search an inquiry's service", "/api/admin/leads/inquiries?q=website%20design"],
      ["issue 38: saved views", "/api/admin/saved-views"],
      ["issue 38: spend", "/api/admin/settings/spend"],
      [
        `issue 38: export all leads ~10,000 (from ${allExportFrom})`,
        `/api/admin/leads/all/export.csv?from=${allExportFrom}`,
      ],
      [
        `inbox: export ~10,000 contacts (from ${exportFrom})`,
        `/api/admin/leads/contacts/export.csv?from=${exportFrom}`,
      ],
      [
        `inbox: export ~10,000 inquiries (from ${inquiryExportFrom})`,
        `/api/admin/leads/inquiries/export.csv?from=${inquiryExportFrom}`,
      ],
    ];
    const calls = allCalls.filter(([name]) => !ONLY_CALLS || ONLY_CALLS.some((prefix) => name.startsWith(prefix)));
    // The bulk action on 1,000 leads, each run the other way: mark read, then restore what it answered.
    let undo: BulkResult["previous"] | undefined;
    const bulkCall = (): Request => {
      const payload = undo ? { action: "restore", items: undo } : { action: "markRead", ids: bulkIds };
      return {
        method: "POST",
        url: "/api/admin/leads/contacts/bulk",
        payload,
        onAnswer: (body) => (undo = undo ? undefined : (JSON.parse(body.toString("utf8")) as BulkResult).previous),
      };
    };
    const requests: [string, () => Request][] = [
      ...calls.map(([name, url]): [string, () => Request] => [name, () => ({ method: "GET", url })]),
      ...(ONLY_CALLS
        ? []
        : [[`inbox: bulk on ${bulkIds.length} leads (mark read / restore)`, bulkCall] as [string, () => Request]]),
    ];

    const rows = [];
    for (const [name, next] of requests) {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < RUNS + 3; run += 1) {
        const { method, url, payload, onAnswer } = next();
        // Timed to the last byte of the answer, as a client receives it (not decoded into a string:
        // light-my-request would otherwise decode every answer, 5 ms of the 2.3 MB export).
        const started = performance.now();
        const response = await app.inject({
          method,
          url,
          headers: { cookie },
          payloadAsStream: true,
          ...(payload ? { payload } : {}),
        });
        const chunks: Buffer[] = [];
        for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
        const elapsed = performance.now() - started;
        const body = Buffer.concat(chunks);
        if (response.statusCode !== 200)
          throw new Error(`${url}: ${response.statusCode} ${body.toString("utf8", 0, 200)}`);
        onAnswer?.(body);
        bytes = body.length;
        if (run >= 3) times.push(elapsed); // the first runs warm caches and statements
      }
      times.sort((a, b) => a - b);
      const median = percentile(times, 50);
      rows.push({
        call: name,
        "median ms": median.toFixed(1),
        "p95 ms": percentile(times, 95).toFixed(1),
        "target ms": targetOf(name),
        "median / target": (median / targetOf(name)).toFixed(2),
        "answer KB": (bytes / 1024).toFixed(1),
      });
    }
    console.table(rows);
    if (args.get("browser")) await browserTiming(target.database);
    const over = rows.filter((row) => Number(row["median ms"]) > row["target ms"]);
    console.log(
      `${kind}: ${rows.length - over.length} of ${rows.length} calls under their target at the median${over.length ? ` (over: ${over.map((r) => r.call).join("; ")})` : ""}`,
    );
  } finally {
    await app.close();
    await target.drop();
  }
}

/**
 * Issue 38: a value on most won leads, notes on 2,000 leads (500 of them saying "storm-damage", found by
 * the search), a year of spend per channel and campaign, and a few saved views.
 */
async function seedMoney(app: Awaited<ReturnType<typeof buildApp>>) {
  const db = app.db;
  for (const table of ["contact_submissions", "service_inquiries"]) {
    await sql`update ${sql.table(table)} set won_value_cents = 50000 + (length(cast(id as text)) * 997 + length(email) * 7919) % 900000
      where status = 'won' and length(email) % 5 <> 0`.execute(db);
  }
  const leads = await db
    .selectFrom("contactSubmissions")
    .select(["id"])
    .orderBy("createdAt", "desc")
    .limit(2000)
    .execute();
  const notes = leads.map((lead, i) => ({
    id: randomUUID(),
    leadKind: "contacts",
    leadId: lead.id,
    body: i % 4 === 0 ? `Roof storm-damage on the north side (${i})` : `Called back, left a message (${i})`,
    createdAt: new Date().toISOString(),
    authorId: null,
  }));
  for (let i = 0; i < notes.length; i += 500)
    await db
      .insertInto("leadNotes")
      .values(notes.slice(i, i + 500))
      .execute();
  // The search text as the app writes it when a note is added (leads/search-text.ts).
  for (const note of notes)
    await sql`update contact_submissions set search_text = search_text || ' ' || ${note.body.toLowerCase()} where id = ${note.leadId}`.execute(
      db,
    );
  const lines = [];
  for (let m = 0; m < 13; m++) {
    const date = new Date();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() - m);
    const month = date.toISOString().slice(0, 7);
    for (const channel of leadChannels) lines.push({ month, channel, campaign: "", amountCents: 100_000 + m * 1000 });
    for (const campaign of ["spring-seo", "roof-repair-leads", "hvac-tuneup"])
      lines.push({ month, channel: "paid-search", campaign, amountCents: 40_000 });
  }
  await db
    .insertInto("spend")
    .values(lines.map((line) => ({ ...line, updatedAt: new Date().toISOString(), updatedBy: null })))
    .execute();
  const user = await db.selectFrom("users").select("id").where("username", "=", ADMIN.email).executeTakeFirstOrThrow();
  await db
    .insertInto("savedViews")
    .values(
      ["My overdue", "Paid search this month", "Won this year"].map((name, i) => ({
        id: randomUUID(),
        userId: user.id,
        name,
        list: "all",
        query: ["assignee=me&followUp=due", "channel=paid-search&outcome=won", "outcome=won"][i]!,
        createdAt: new Date().toISOString(),
      })),
    )
    .execute();
}

/** Two years of daily view counts for 40 paths (issue 24), as the beacon would have written them. */
async function seedPageViews(db: Parameters<typeof seedLeads>[0]) {
  const paths = Array.from({ length: VIEW_PATHS }, (_, i) => (i === 0 ? "/" : `/page-${i}`));
  paths[1] = "/contact";
  paths[2] = "/home-services";
  for (let day = 0; day < VIEW_DAYS; day += 10) {
    const rows = [];
    for (let d = day; d < Math.min(day + 10, VIEW_DAYS); d += 1) {
      const date = new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
      for (const [i, path] of paths.entries())
        rows.push({ day: date, path, views: 20 + ((d * 7 + i * 13) % 180), entrances: 5 + ((d + i) % 40) });
    }
    await db.insertInto("pageViews").values(rows).execute();
  }
}

/**
 * With --browser 1 (after `npm run build`): the built server on the same seeded database, and the
 * system Chromium timing the dashboard from navigation to its tiles and lists on screen.
 */
async function browserTiming(database: ServerConfig["database"]) {
  const { chromium } = await import("@playwright/test");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    RATE_LIMIT_ENABLED: "false",
    DATABASE_URL: "",
    SQLITE_PATH: "",
  };
  if (database.kind === "postgres") env.DATABASE_URL = database.url;
  else env.SQLITE_PATH = database.path;
  const server = spawn(process.execPath, ["dist/server/server.js"], { env, stdio: ["ignore", "pipe", "inherit"] });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--disable-background-networking", "--disable-component-update"],
  });
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      server.stdout!.on("data", (chunk: Buffer) => {
        const match = /"address":"(http:\/\/[^"]+)"/.exec(chunk.toString());
        if (match && chunk.toString().includes("server ready")) resolve(match[1]!);
      });
      server.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    });
    const page = await browser.newPage();
    await page.goto(`${origin}/admin/login`);
    await page.getByLabel("Email Address").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Form Submissions Dashboard" }).waitFor();
    const times: number[] = [];
    for (let run = 0; run < 7; run += 1) {
      const started = performance.now();
      await page.goto(`${origin}/admin/submissions`);
      await page.getByTestId("contact-count").filter({ hasText: /\d/ }).waitFor();
      await page.getByRole("heading", { name: "Recent Service Inquiries" }).waitFor();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `dashboard in the browser, navigation to tiles and lists on screen: median ${percentile(times, 50).toFixed(0)} ms, worst ${times.at(-1)!.toFixed(0)} ms (target 1000 ms)`,
    );
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }
}

async function main() {
  const only = args.get("only");
  for (const kind of ["sqlite", "postgres"] as const) if (!only || only === kind) await benchmark(kind);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
