import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import SQLite from "better-sqlite3";
import { Migrator, sql } from "kysely";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaUpload } from "../../contract/media.ts";
import { fakeSiteRenderer } from "../../tests/helpers/fake-site-renderer.ts";
import { runAdminCli } from "../../tests/helpers/admin-cli.ts";
import { postLead } from "../../tests/helpers/lead-posts.ts";
import { createTestApp, signIn } from "../../tests/helpers/test-app.ts";
import { createTestDatabase, postgresAdminUrl, type TestDatabase } from "../../tests/helpers/test-database.ts";
import { createDatabase } from "../db/connection.ts";
import { backupDatabase, restoreDatabase } from "./backup.ts";
import { BackupError, EXIT } from "./files.ts";
import { migrations, pendingMigrations } from "../db/migrate.ts";

// `npm run admin -- backup` and `restore` on the test project's database: an empty database, what the
// server has written but not yet checkpointed, the refusals (each before anything is touched), --force, a
// backup from an older version, and files the command may not read or write. The command runs as a process
// where that matters (exit codes, another user, a server's connection open beside it), otherwise its module
// runs here (a process costs a second). The drill under load, and the refusal of a database a running
// server uses, are in backup-drill.test.ts.

/** One image and its alt text, as the admin's upload form posts them. */
function imageUpload(bytes: Buffer, alt: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = "backup-test-boundary";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\n${alt}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

let dir: string;
const databases: TestDatabase[] = [];
/** A database the test project's kind, dropped after the file's tests; `absent`: its name or path does not exist yet. */
async function database({ absent = false } = {}): Promise<TestDatabase> {
  const made = await createTestDatabase(undefined, { empty: true });
  if (absent) await made.drop();
  databases.push(made);
  return made;
}
const kind = () => databases[0]?.database.kind ?? "sqlite";
/** Databases a --force restore kept aside (PostgreSQL), dropped at the end. */
const asides: string[] = [];

let emptyBackup: string;
let fullBackup: string;
let withLeads: TestDatabase;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "agency-backup-test-"));
  // Read by the permission test's unprivileged user.
  chmodSync(dir, 0o755);
});
afterAll(async () => {
  for (const made of databases) await made.drop();
  if (asides.length > 0) {
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    for (const name of asides) await admin.query(`drop database if exists "${name}"`);
    await admin.end();
  }
  rmSync(dir, { recursive: true, force: true });
});

/** The command's work in this process, answered as the command would: its exit code and what it printed. */
async function inProcess(
  command: "backup" | "restore",
  file: string,
  target: TestDatabase,
  force = false,
): Promise<{ code: number; out: string }> {
  try {
    const result =
      command === "backup"
        ? await backupDatabase(target.database, file, { force })
        : await restoreDatabase(target.database, file, { force });
    return { code: 0, out: result.lines.join("\n") };
  } catch (error) {
    if (error instanceof BackupError) return { code: error.exitCode, out: error.message };
    throw error;
  }
}

async function exists(target: TestDatabase): Promise<boolean> {
  if (target.database.kind === "sqlite") return existsSync(target.database.path);
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    const name = new URL(target.database.url).pathname.slice(1);
    return (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  } finally {
    await admin.end();
  }
}

describe("backup", () => {
  it("copies a database that holds no leads yet, and it restores into a database that does not exist yet", async () => {
    const empty = await database();
    await (await createTestApp({}, empty)).close();
    emptyBackup = join(dir, "empty.backup");
    const backup = await runAdminCli(["backup", emptyBackup], empty.database);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/Backed up (SQLite|PostgreSQL)/);
    expect(backup.out).toContain(
      `0 leads (0 contact submissions, 0 service inquiries), 0 notes, 0 deliveries; schema at ${Object.keys(migrations).at(-1)}`,
    );
    expect(backup.out).toMatch(/\d+(\.\d)? (B|KB|MB) in \d+\.\d\d s/);

    const fresh = await database({ absent: true });
    const restore = await runAdminCli(["restore", emptyBackup], fresh.database);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain("0 leads");
    if (kind() === "postgres") expect(restore.out).toContain("(created)");
    // The owner's account came with it.
    const t = await createTestApp({ adminBootstrap: null }, fresh);
    try {
      await signIn(t.app);
    } finally {
      await t.close();
    }
  }, 30_000);

  it("holds every lead the server has stored, also those still in SQLite's WAL (not checkpointed) while it runs", async () => {
    withLeads = await database();
    const t = await createTestApp({}, withLeads);
    try {
      for (let i = 0; i < 12; i += 1)
        await postLead(t.app, i % 3 === 0 ? "inquiries" : "contacts", { lastName: `Wal${i}` });
      if (withLeads.database.kind === "sqlite") {
        const wal = readFileSync(`${withLeads.database.path}-wal`);
        expect(wal.length, "the leads are in the WAL, as a running server leaves them").toBeGreaterThan(4096);
      }
      fullBackup = join(dir, "full.backup");
      const backup = await runAdminCli(["backup", fullBackup], withLeads.database);
      expect(backup.code, backup.out).toBe(0);
      expect(backup.out).toContain("12 leads (8 contact submissions, 4 service inquiries)");
      expect(backup.out).toContain("12 deliveries");
    } finally {
      await t.close();
    }
  }, 30_000);

  it("holds the site's content: a restore publishes the same posts, settings, redirects and page copy (issue 37)", async () => {
    const source = await database();
    const t = await createTestApp({}, source, { siteRenderer: fakeSiteRenderer() });
    try {
      const cookie = await signIn(t.app);
      const created = await t.app.inject({
        method: "POST",
        url: "/api/admin/content/posts",
        headers: { cookie },
        payload: {
          slug: "kept-by-the-backup",
          title: "An Article the Backup Must Carry Across",
          description:
            "An article written in the admin and published, then backed up and restored into a new database.",
          body: "The lead.",
          author: "Jordan Reeves",
          category: "Local SEO",
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ id: string }>().id;
      expect(
        (
          await t.app.inject({
            method: "POST",
            url: `/api/admin/content/posts/${id}/publish`,
            headers: { cookie },
            payload: {},
          })
        ).statusCode,
      ).toBe(200);
      const page = await t.app.inject({
        method: "PUT",
        url: "/api/admin/content/pages/home",
        headers: { cookie, "if-match": "0" },
        payload: { fields: { "hero.title": "Booked Jobs, Not Clicks" } },
      });
      expect(page.statusCode, page.body).toBe(200);
      expect(
        (await t.app.inject({ method: "POST", url: "/api/admin/content/pages/home/publish", headers: { cookie } }))
          .statusCode,
      ).toBe(200);
      const published = await t.app.content.loadPublished();
      const file = join(dir, "content.backup");
      expect((await inProcess("backup", file, source)).code).toBe(0);
      const restored = await database({ absent: true });
      expect((await inProcess("restore", file, restored)).code).toBe(0);
      const again = await createTestApp({ adminBootstrap: null }, restored, { siteRenderer: fakeSiteRenderer() });
      try {
        const restoredContent = await again.app.content.loadPublished();
        expect(restoredContent).toEqual(published);
        expect(restoredContent.posts.map((post) => post.slug)).toContain("kept-by-the-backup");
        expect(restoredContent.pages.home).toEqual({ "hero.title": "Booked Jobs, Not Clicks" });
      } finally {
        await again.close();
      }
    } finally {
      await t.close();
    }
  }, 30_000);

  it("holds uploaded images: a restore serves the same bytes at the same address", async () => {
    const source = await database();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#c0ffee" } })
      .png()
      .toBuffer();
    let url: string;
    let served: Buffer;
    const t = await createTestApp({}, source);
    try {
      const { payload, headers } = imageUpload(png, "The backup drill's test image");
      const answer = await t.app.inject({
        method: "POST",
        url: "/api/admin/media",
        payload,
        headers: { ...headers, cookie: await signIn(t.app) },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      url = answer.json<MediaUpload>().url;
      served = (await t.app.inject({ method: "GET", url })).rawPayload;
      const file = join(dir, "media.backup");
      expect((await inProcess("backup", file, source)).code).toBe(0);
      const restored = await database({ absent: true });
      expect((await inProcess("restore", file, restored)).code).toBe(0);
      const again = await createTestApp({ adminBootstrap: null }, restored);
      try {
        const response = await again.app.inject({ method: "GET", url });
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.equals(served)).toBe(true);
      } finally {
        await again.close();
      }
    } finally {
      await t.close();
    }
  }, 30_000);

  it("refuses to replace an existing file without --force, and never writes over the database itself", async () => {
    const again = await runAdminCli(["backup", fullBackup], withLeads.database);
    // The exit code as a process; the rest in this process.
    expect(again.code).toBe(1);
    expect(again.out).toContain("exists already");
    const forced = await inProcess("backup", fullBackup, withLeads, true);
    expect(forced.code, forced.out).toBe(0);
    if (withLeads.database.kind === "sqlite") {
      const onItself = await inProcess("backup", withLeads.database.path, withLeads, true);
      expect(onItself.code).toBe(1);
      expect(onItself.out).toContain("is the database itself");
    }
    const noFolder = await inProcess("backup", join(dir, "missing-folder", "x.backup"), withLeads);
    expect(noFolder.code).toBe(1);
    expect(noFolder.out).toContain("does not exist; create it first");
    expect(existsSync(join(dir, `.full.backup.partial-${process.pid}`))).toBe(false);
  }, 30_000);
});

describe("restore", () => {
  it("refuses a missing file, a file that is not a backup, an empty or partial one, and the other database's backup, touching nothing", async () => {
    const target = await database({ absent: true });
    const write = (name: string, content: string | Buffer) => {
      writeFileSync(join(dir, name), content);
      return join(dir, name);
    };
    const whole = readFileSync(fullBackup);
    const other =
      kind() === "sqlite"
        ? write("other.backup", Buffer.concat([Buffer.from("PGDMP"), Buffer.alloc(200)]))
        : (() => {
            const db = new SQLite(join(dir, "other.sqlite"));
            db.exec("create table t (x)");
            db.close();
            return join(dir, "other.sqlite");
          })();
    const cases: [file: string, message: RegExp][] = [
      [join(dir, "no-such.backup"), /no-such\.backup does not exist/],
      [
        write("notes.txt", "these are not the leads you are looking for\n"),
        /is not a backup made by `npm run admin -- backup`/,
      ],
      [write("empty.file", ""), /is empty: not a backup/],
      [write("partial.backup", whole.subarray(0, Math.floor(whole.length / 2))), /is incomplete/],
      [
        other,
        kind() === "sqlite"
          ? /is a PostgreSQL backup .* but the configured database is SQLite/
          : /is an SQLite backup, but DATABASE_URL points at PostgreSQL/,
      ],
      [dir, /is a folder/],
    ];
    for (const [file, message] of cases) {
      const result = await inProcess("restore", file, target);
      expect(result.code, result.out).toBe(1);
      expect(result.out).toMatch(message);
      expect(await exists(target), `${file} created the target`).toBe(false);
    }
  }, 60_000);

  it("refuses a database that holds data unless --force, which keeps the old one aside", async () => {
    const refused = await runAdminCli(["restore", emptyBackup], withLeads.database);
    expect(refused.code, refused.out).toBe(4);
    expect(refused.out).toMatch(/already holds (a database|data) \(12 leads/);
    expect(refused.out).toContain("--force");

    const forced = await inProcess("restore", emptyBackup, withLeads, true);
    expect(forced.code, forced.out).toBe(0);
    expect(forced.out).toContain("0 leads");
    const aside = /kept as (\S+);/.exec(forced.out)?.[1];
    expect(aside).toBeDefined();
    if (withLeads.database.kind === "sqlite") {
      expect(existsSync(aside!)).toBe(true);
      const old = new SQLite(aside!, { readonly: true });
      expect(old.prepare("select count(*) as n from contact_submissions").get()).toEqual({ n: 8 });
      old.close();
    } else {
      asides.push(aside!);
    }
    const db = createDatabase(withLeads.database);
    try {
      expect(
        await db
          .selectFrom("contactSubmissions")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirst(),
      ).toEqual({ n: 0 });
    } finally {
      await db.destroy();
    }
  }, 30_000);

  it("restores a backup from an older version, and the server migrates it when it starts; a newer one is flagged", async () => {
    const older = await database();
    const db = createDatabase(older.database);
    try {
      const migrated = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(
        "0013-abuse-resistance",
      );
      expect(migrated.error).toBeUndefined();
    } finally {
      await db.destroy();
    }
    const file = join(dir, "older.backup");
    const backup = await inProcess("backup", file, older);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain("schema at 0013-abuse-resistance");

    const fresh = await database({ absent: true });
    const restore = await inProcess("restore", file, fresh);
    expect(restore.code, restore.out).toBe(0);
    // Every migration after 0013, whatever the latest is now.
    const after = Object.keys(migrations).filter((name) => name > "0013-abuse-resistance");
    expect(restore.out).toContain(
      `made by an older version: the server applies ${after.length} migrations (${after.join(", ")}) when it starts`,
    );
    const t = await createTestApp({}, fresh);
    try {
      expect(await pendingMigrations(t.app.db)).toEqual([]);
      // A migration this code does not know: a backup from a newer version.
      await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '2030-01-01T00:00:00.000Z')`.execute(
        t.app.db,
      );
    } finally {
      await t.close();
    }
    const newer = join(dir, "newer.backup");
    expect((await inProcess("backup", newer, fresh)).code).toBe(0);
    // An older version refuses it before writing anything (issue 35): its server would not start on it.
    const target = await database({ absent: true });
    const restoreNewer = await inProcess("restore", newer, target);
    expect(restoreNewer.code, restoreNewer.out).toBe(EXIT.newerBackup);
    expect(restoreNewer.out).toContain(
      "was made by a newer version of the site (migrations this code does not know: 9999-from-the-future)",
    );
    expect(restoreNewer.out).toContain("Nothing was restored.");
    expect(await exists(target)).toBe(false);
  }, 60_000);

  it("says so when it may not read the backup or write the file (exit 1)", async () => {
    const locked = join(dir, "locked");
    mkdirSync(locked, { mode: 0o700 });
    const secret = join(dir, "secret.backup");
    writeFileSync(secret, readFileSync(fullBackup), { mode: 0o600 });
    // As root (CI containers), run the command as nobody; otherwise take the permission away from ourselves.
    const asRoot = process.getuid?.() === 0;
    const as = asRoot ? { uid: 65534, gid: 65534 } : {};
    if (!asRoot) {
      chmodSync(secret, 0o000);
      chmodSync(locked, 0o500);
    }
    const target = await database({ absent: true });
    const read = await runAdminCli(["restore", secret], target.database, as);
    expect(read.code, read.out).toBe(1);
    expect(read.out).toContain(`Cannot read ${secret}: permission denied`);
    const backup = () => runAdminCli(["backup", join(locked, "x.backup")], withLeads.database, as);
    if (withLeads.database.kind === "sqlite" && asRoot) {
      // The test database's folder is its owner's only: nobody cannot read the database either, and that comes first.
      const closed = await backup();
      expect(closed.code, closed.out).toBe(1);
      expect(closed.out).toContain(`Cannot read ${withLeads.database.path}: permission denied`);
      chmodSync(dirname(withLeads.database.path), 0o755);
    }
    const write = await backup();
    expect(write.code, write.out).toBe(1);
    expect(write.out).toContain(`Cannot write ${locked}: permission denied`);
    chmodSync(locked, 0o700);
  }, 30_000);
});
