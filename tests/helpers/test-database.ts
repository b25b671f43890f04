import { createHash, randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createDatabase } from "../../server/db/connection.ts";
import { migrateToLatest, migrations } from "../../server/db/migrate.ts";
import type { ServerConfig } from "../../server/config.ts";

// A fresh database for one test file, on the dialect the test project names (TEST_DATABASE=sqlite|postgres),
// and a function that removes it afterwards. By default it already has every migration: it is a copy of a
// template migrated once per set of migrations (a file copy on SQLite, CREATE DATABASE … TEMPLATE on
// PostgreSQL), where migrating each test's database took 120 ms on SQLite and 350 ms on PostgreSQL, for
// hundreds of apps. The app's start then finds nothing pending, as at every restart in production; the tests
// of migrating itself (server/db/*-upgrade.test.ts, migrations.test.ts, the backups) ask for an empty one.

export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type TestDatabase = { database: ServerConfig["database"]; drop: () => Promise<void> };

export function testDatabaseKind(): "sqlite" | "postgres" {
  return process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
}

/**
 * Names the migrations by their code, so a template made before a migration changed is never used.
 * Function sources stand for each migration's code (up and down).
 */
const migrationsDigest = createHash("sha256")
  .update(
    Object.entries(migrations)
      .map(([name, migration]) => `${name}\n${String(migration.up)}\n${String(migration.down)}`)
      .join("\n"),
  )
  .digest("hex")
  .slice(0, 12);

async function migrate(database: ServerConfig["database"]): Promise<void> {
  const db = createDatabase(database);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** The migrated SQLite file each test copies; made once (atomically: written aside, then renamed into place). */
let sqliteTemplate: Promise<string> | undefined;
function sqliteTemplatePath(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const path = join(tmpdir(), `agency-test-template-${migrationsDigest}.sqlite`);
    if (existsSync(path)) return path;
    const dir = mkdtempSync(join(tmpdir(), "agency-test-template-"));
    const made = join(dir, "template.sqlite");
    // Closing the last connection checkpoints the WAL into the file, so the file alone is the database.
    await migrate({ kind: "sqlite", path: made });
    renameSync(made, path);
    rmSync(dir, { recursive: true, force: true });
    return path;
  })();
  return sqliteTemplate;
}

export async function asPostgresAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function postgresUrlOf(name: string): string {
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The migrated PostgreSQL database each test's is created from. Workers of one run (and runs side by side)
 * make it once: under an advisory lock, the first makes it and drops the templates of other migrations
 * made over a day ago.
 */
const TEMPLATE_KEPT_MS = 24 * 60 * 60 * 1000;
let postgresTemplate: Promise<string> | undefined;
function postgresTemplateName(): Promise<string> {
  postgresTemplate ??= asPostgresAdmin(async (client) => {
    const name = `agency_test_template_${migrationsDigest}`;
    await client.query("select pg_advisory_lock(330034)");
    try {
      const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
      if (exists.rowCount === 0) {
        const building = `${name}_${randomBytes(4).toString("hex")}`;
        await client.query(`CREATE DATABASE ${building}`);
        await migrate({ kind: "postgres", url: postgresUrlOf(building) });
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        // Stamped, and only templates over a day old are dropped: a run of other code beside this one (a CI
        // clone of another commit) still creates its databases from its own template.
        await client.query(`COMMENT ON DATABASE ${name} IS 'made ${Date.now()}'`);
        const older = await client.query<{ datname: string; note: string | null }>(
          "select datname, shobj_description(oid, 'pg_database') as note from pg_database " +
            "where datname like 'agency\\_test\\_template\\_%' and datname <> $1",
          [name],
        );
        const stale = older.rows.filter(({ note }) => {
          const made = Number(/^made (\d+)$/.exec(note ?? "")?.[1]);
          return !(made > Date.now() - TEMPLATE_KEPT_MS);
        });
        for (const { datname } of stale) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      return name;
    } finally {
      await client.query("select pg_advisory_unlock(330034)");
    }
  });
  return postgresTemplate;
}

/**
 * A fresh database of the test project's dialect, or of `kind` (the admin benchmark uses both): migrated to
 * the latest schema, or `empty` for a test that migrates it itself, or a copy of `copyOf` (a SQLite file or a
 * PostgreSQL database with no connections: the admin benchmark's kept seed).
 */
export async function createTestDatabase(
  kind: "sqlite" | "postgres" = testDatabaseKind(),
  { empty = false, copyOf }: { empty?: boolean; copyOf?: string } = {},
): Promise<TestDatabase> {
  if (kind === "sqlite") {
    // A real file (not :memory:) so WAL and the connection settings are exercised as in production.
    const dir = mkdtempSync(join(tmpdir(), "agency-test-"));
    const path = join(dir, "test.sqlite");
    if (copyOf) copyFileSync(copyOf, path);
    else if (!empty) copyFileSync(await sqliteTemplatePath(), path);
    return {
      database: { kind: "sqlite", path },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }

  const name = `agency_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const template = copyOf ?? (empty ? undefined : await postgresTemplateName());
  await asPostgresAdmin((client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`));
  return {
    database: { kind: "postgres", url: postgresUrlOf(name) },
    drop: () =>
      asPostgresAdmin(async (client) => {
        // A closed pool's last connections may still be saying goodbye; wait for them rather than
        // force them out (FORCE would make the server kill them, an error in a pool that is gone).
        for (let attempt = 0; ; attempt += 1) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== "55006" || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      }),
  };
}
