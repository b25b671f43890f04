import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_CLI, runAdminCli } from "../../tests/helpers/admin-cli.ts";
import { postLead } from "../../tests/helpers/lead-posts.ts";
import { runProcess, type ProcessResult } from "../../tests/helpers/run-process.ts";
import { createTestApp, signIn } from "../../tests/helpers/test-app.ts";
import {
  asPostgresAdmin,
  createTestDatabase,
  postgresUrlOf,
  type TestDatabase,
} from "../../tests/helpers/test-database.ts";
import { seedLeads } from "../db/seed-data.ts";

// compose.yaml's backup service (deploy/compose/backup-schedule.sh) and the restore drill of
// docs/deploy/container.md, on a real PostgreSQL: the script runs as the service runs it, with the site's CLI
// from the sources here (the image runs the compiled one). A backup with retention, a failing backup that
// keeps the older ones, the schedule making up a missed night and stopping on SIGTERM, the healthcheck, and
// the guide's restore into a drill database whose every table has the same rows (counts and checksums).

const SCRIPT = "deploy/compose/backup-schedule.sh";
// The script runs the CLI the way the tests do, from the sources (the image runs the compiled one).
const CLI = ADMIN_CLI.join(" ");
const DAY_MS = 86_400_000;

function runScript(args: string[], env: NodeJS.ProcessEnv): Promise<ProcessResult> {
  return runProcess("sh", [SCRIPT, ...args], {
    env: { ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, AGENCY_CLI: CLI, ...env },
  });
}

/** Every table of the site: its row count and an md5 of its rows in a fixed order. */
async function tableChecksums(url: string): Promise<Record<string, { rows: number; md5: string }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    );
    const result: Record<string, { rows: number; md5: string }> = {};
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ rows: string; md5: string | null }>(
        `select count(*) as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from "${name}" t`,
      );
      result[name] = { rows: Number(rows[0]!.rows), md5: rows[0]!.md5 ?? "" };
    }
    return result;
  } finally {
    await client.end();
  }
}

const backupsIn = (dir: string) => readdirSync(dir).filter((name) => /^agency-.*\.backup$/.test(name));
const ageFile = (path: string, days: number) => {
  const when = new Date(Date.now() - days * DAY_MS);
  utimesSync(path, when, when);
};

let source: TestDatabase;
let dir: string;
let url: string;

beforeAll(async () => {
  source = await createTestDatabase("postgres");
  if (source.database.kind !== "postgres") throw new Error("a PostgreSQL test database");
  url = source.database.url;
  dir = mkdtempSync(join(tmpdir(), "agency-compose-backup-"));
  // Leads as the site stores them: posted through the API, with a note, plus a seeded history.
  const { app, close } = await createTestApp({}, source);
  try {
    await seedLeads(app.db, { contacts: 40, inquiries: 25 });
    const id = await postLead(app, "contacts");
    const cookie = await signIn(app);
    const note = await app.inject({
      method: "POST",
      url: `/api/admin/leads/contacts/${id}/notes`,
      headers: { cookie },
      payload: { body: "Called back, wants a quote for the spring." },
    });
    expect(note.statusCode).toBe(201);
  } finally {
    await close();
  }
});

afterAll(async () => {
  await source?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the backup service's script", () => {
  it("backs up now, keeps the file to its owner, and deletes only backups older than BACKUP_KEEP_DAYS", async () => {
    const old = join(dir, "agency-2026-01-01T031500Z.backup");
    const recent = join(dir, "agency-2026-11-20T031500Z.backup");
    const unrelated = join(dir, "notes.txt");
    for (const file of [old, recent, unrelated]) writeFileSync(file, "x");
    ageFile(old, 20);
    ageFile(recent, 5);
    ageFile(unrelated, 40);

    const run = await runScript(["now"], { DATABASE_URL: url, BACKUP_DIR: dir, BACKUP_KEEP_DAYS: "14" });
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/66 leads/);
    expect(run.out).toContain(`deleted ${old} (older than 14 days)`);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(unrelated)).toBe(true);
    const made = backupsIn(dir).filter((name) => join(dir, name) !== recent);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/^agency-\d{4}-\d\d-\d\dT\d{6}Z\.backup$/);
    expect(statSync(join(dir, made[0]!)).mode & 0o777).toBe(0o600);
    rmSync(recent);
  });

  it("keeps every older backup when a backup fails, and says why with a non-zero exit", async () => {
    const kept = join(dir, "agency-2025-12-01T031500Z.backup");
    writeFileSync(kept, "x");
    ageFile(kept, 60);
    const before = backupsIn(dir).sort();
    // A PostgreSQL that does not answer: the port of none.
    const run = await runScript(["now"], {
      DATABASE_URL: "postgres://agency@127.0.0.1:1/agency",
      BACKUP_DIR: dir,
      BACKUP_KEEP_DAYS: "14",
    });
    expect(run.code).not.toBe(0);
    expect(run.out).toMatch(/Cannot connect to PostgreSQL at 127\.0\.0\.1:1/);
    expect(backupsIn(dir).sort()).toEqual(before);
    rmSync(kept);
  });

  it("uses the PostgreSQL tools of the server's own version when a newer set is installed too", async () => {
    // A newer pg_dump and pg_restore first in the search (PG_BIN_DIR), which fail whatever they are asked to
    // do but say their version: a restore by a newer pg_restore sets what an older server refuses.
    const newer = mkdtempSync(join(tmpdir(), "agency-newer-pg-tools-"));
    const own = mkdtempSync(join(tmpdir(), "agency-compose-backup-own-"));
    try {
      for (const tool of ["pg_dump", "pg_restore"]) {
        writeFileSync(
          join(newer, tool),
          `#!/bin/sh\n[ "$1" = --version ] && echo "${tool} (PostgreSQL) 99.1" && exit 0\necho "the newer ${tool} ran" >&2; exit 1\n`,
          { mode: 0o755 },
        );
      }
      const run = await runScript(["now"], { DATABASE_URL: url, BACKUP_DIR: own, PG_BIN_DIR: newer });
      expect(run.code, run.out).toBe(0);
      const { rows } = await asPostgresAdmin((client) =>
        client.query<{ v: string }>("select current_setting('server_version_num') as v"),
      );
      expect(run.out).toContain(`(pg_dump ${Math.floor(Number(rows[0]!.v) / 10_000)}, custom format`);
      expect(run.out).not.toContain("the newer");
    } finally {
      rmSync(newer, { recursive: true, force: true });
      rmSync(own, { recursive: true, force: true });
    }
  });

  it("is healthy while the newest backup is under 26 hours old", async () => {
    const healthy = await runScript(["check"], { BACKUP_DIR: dir });
    expect(healthy.code).toBe(0);
    const stale = mkdtempSync(join(tmpdir(), "agency-compose-backup-stale-"));
    try {
      const file = join(stale, "agency-2026-11-01T031500Z.backup");
      writeFileSync(file, "x");
      ageFile(file, 27 / 24);
      expect((await runScript(["check"], { BACKUP_DIR: stale })).code).toBe(1);
    } finally {
      rmSync(stale, { recursive: true, force: true });
    }
  });

  it("waits until the next BACKUP_AT, today's or tomorrow's, and refuses a malformed time", async () => {
    const at = (offsetMinutes: number) => new Date(Date.now() + offsetMinutes * 60_000).toISOString().slice(11, 16);
    const soon = await runScript(["wait"], { BACKUP_AT: at(3) });
    expect(soon.code).toBe(0);
    expect(Number(soon.out)).toBeGreaterThan(60);
    expect(Number(soon.out)).toBeLessThanOrEqual(180);
    const past = await runScript(["wait"], { BACKUP_AT: at(-3) });
    expect(Number(past.out)).toBeGreaterThan(DAY_MS / 1000 - 240);
    expect(Number(past.out)).toBeLessThanOrEqual(DAY_MS / 1000 - 120);
    const wrong = await runScript(["wait"], { BACKUP_AT: "3:15" });
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain('BACKUP_AT must be a time of day as HH:MM (UTC), such as 03:15; it is "3:15".');
  });

  it("makes up a missed backup when it starts, then waits for BACKUP_AT and stops at once on SIGTERM", async () => {
    const fresh = mkdtempSync(join(tmpdir(), "agency-compose-backup-schedule-"));
    try {
      const child = spawn("sh", [SCRIPT], {
        env: { ...process.env, AGENCY_CLI: CLI, DATABASE_URL: url, BACKUP_DIR: fresh, BACKUP_AT: "03:15" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
      for (let waited = 0; !/next backup in \d+ s/.test(out); waited += 100) {
        if (waited > 15_000) throw new Error(`no backup within 15 s:\n${out}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(out).toContain("no backup from the last 24 hours: one now");
      expect(backupsIn(fresh)).toHaveLength(1);
      const stopping = Date.now();
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(10_000);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});

describe("the guide's restore drill (docs/deploy/container.md)", () => {
  it("restores the newest backup into a drill database with every table's rows and checksum equal", async () => {
    const file = join(dir, backupsIn(dir).sort().at(-1)!);
    const drill = `${new URL(url).pathname.slice(1)}_drill`;
    const drillUrl = postgresUrlOf(drill);
    try {
      // docker compose run --rm --no-deps -e DATABASE_URL=…/agency_drill backup node dist/server/cli/admin.js restore <file>
      const { code, out } = await runAdminCli(["restore", file], { kind: "postgres", url: drillUrl });
      expect(code, out).toBe(0);
      expect(out).toMatch(/66 leads/);

      const [original, restored] = await Promise.all([tableChecksums(url), tableChecksums(drillUrl)]);
      expect(Object.keys(restored)).toEqual(Object.keys(original));
      expect(original.contact_submissions!.rows).toBe(41);
      expect(restored).toEqual(original);
    } finally {
      await asPostgresAdmin((client) => client.query(`drop database if exists "${drill}" with (force)`));
    }
  });
});
