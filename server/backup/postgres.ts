import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { MIGRATION_TABLE, countsQuery, describeContents, refuseNewerBackup, type Contents } from "./contents.ts";
import { BackupError, EXIT, pendingFile } from "./files.ts";

// PostgreSQL: pg_dump and pg_restore, PostgreSQL's own tools, in the custom format (compressed, restored
// table by table, checked by pg_restore before anything is written). pg_dump reads every table in one
// repeatable-read transaction: a consistent snapshot while the servers keep writing. Here it reads the
// snapshot this command exported and counted in, so the figures printed are exactly what the file holds.

type Tool = { path: string; major: number };

/** Folders that may hold PostgreSQL's client programs, newest first; then whatever PATH finds. */
function toolPaths(name: "pg_dump" | "pg_restore"): string[] {
  const dirs: string[] = [];
  if (process.env.PG_BIN_DIR) dirs.push(process.env.PG_BIN_DIR);
  const versioned = (root: string, prefix = "") =>
    existsSync(root)
      ? readdirSync(root)
          .filter((entry) => entry.startsWith(prefix))
          .sort((a, b) => Number(b.slice(prefix.length)) - Number(a.slice(prefix.length)))
          .map((entry) => join(root, entry, "bin"))
      : [];
  dirs.push(...versioned("/usr/lib/postgresql"), ...versioned("/usr", "pgsql-"));
  return [...dirs.map((dir) => join(dir, name)).filter((path) => existsSync(path)), name];
}

type Run = { code: number | null; stdout: string; stderr: string };

function run(path: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr: stderr.trim() }));
  });
}

async function versionOf(path: string): Promise<number | null> {
  try {
    const { code, stdout } = await run(path, ["--version"]);
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return code === 0 && match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The installed `name` of the server's own major version, else the newest: it must not be older than the
 * server (pg_dump refuses a newer server), and a newer pg_restore writes settings an older server refuses
 * (pg_restore 17 sets transaction_timeout, unknown to PostgreSQL 15).
 */
async function findTool(name: "pg_dump" | "pg_restore", serverMajor: number): Promise<Tool> {
  const found: Tool[] = [];
  for (const path of toolPaths(name)) {
    const major = await versionOf(path);
    if (major !== null) found.push({ path, major });
  }
  const best =
    found.find((tool) => tool.major === serverMajor) ??
    found.reduce<Tool | null>((newest, tool) => (newest === null || tool.major > newest.major ? tool : newest), null);
  const install = `Install PostgreSQL ${serverMajor}'s client programs (Debian/Ubuntu: sudo apt install postgresql-client-${serverMajor}, from apt.postgresql.org if your release lacks it), or set PG_BIN_DIR to the folder that holds them. In compose.yaml's setup the backup service has them (docker compose exec backup agency-backup-schedule now; docs/deploy/container.md, "Backups").`;
  if (best === null) throw new BackupError(`${name} is not installed. ${install}`);
  if (best.major < serverMajor)
    throw new BackupError(
      `${name} ${best.major} (${best.path}) is older than the server, PostgreSQL ${serverMajor}. ${install}`,
    );
  return best;
}

/** The URL for the client programs without its password, which goes in PGPASSWORD: arguments are visible to every user in `ps`. */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function databaseNameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) throw new BackupError("DATABASE_URL names no database (postgres://user@host:5432/<database>).");
  return name;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // A connection the server ends while this command runs fails its query; the 'error' event must not end the process.
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (error) {
    const where = new URL(url);
    throw new BackupError(
      `Cannot connect to PostgreSQL at ${where.host}${where.pathname}: ${(error as Error).message}`,
    );
  }
  return client;
}

async function serverMajorOf(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ server_version_num: string }>("show server_version_num");
  return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
}

/** Tables in the schema the server uses (the search path's first, public unless set otherwise). */
async function tablesOf(client: pg.Client): Promise<Set<string>> {
  const { rows } = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
  );
  return new Set(rows.map((row) => row.name));
}

async function contentsOf(client: pg.Client): Promise<Contents> {
  const tables = await tablesOf(client);
  const { rows } = await client.query<Omit<Contents, "migrations">>(countsQuery(tables));
  const counts = Object.fromEntries(Object.entries(rows[0]!).map(([key, value]) => [key, Number(value)])) as Omit<
    Contents,
    "migrations"
  >;
  const migrations = tables.has(MIGRATION_TABLE)
    ? (await client.query<{ name: string }>(`select name from ${MIGRATION_TABLE} order by name`)).rows.map(
        (row) => row.name,
      )
    : [];
  return { ...counts, migrations };
}

/**
 * pg_restore reads the archive's table of contents (a file that is not an archive, or one from a newer
 * pg_dump, fails here), then every data block into /dev/null (a file cut short fails here).
 */
async function verifyArchive(file: string, pgRestore: string): Promise<void> {
  const list = await run(pgRestore, ["--list", file]);
  if (list.code !== 0) {
    const why = list.stderr || `exit code ${list.code}`;
    if (/end of file/i.test(why))
      throw new BackupError(`${file} is incomplete (an interrupted copy?): ${why}. Use another backup.`);
    throw new BackupError(
      `${file} cannot be read by pg_restore: ${why}. Use another backup (or a newer pg_restore if it says "unsupported version").`,
    );
  }
  if (!new RegExp(`\\bTABLE \\S+ ${MIGRATION_TABLE}\\b`).test(list.stdout)) {
    throw new BackupError(
      `${file} is a pg_dump archive but not of this site's database (it has no ${MIGRATION_TABLE} table).`,
    );
  }
  const whole = await run(pgRestore, ["--file=/dev/null", file]);
  if (whole.code !== 0)
    throw new BackupError(
      `${file} is incomplete or damaged: ${whole.stderr || `pg_restore exit code ${whole.code}`}. Use another backup.`,
    );
}

/** The migrations recorded in the archive: its kysely_migration rows, as pg_restore writes them (COPY text). */
async function migrationsInArchive(file: string, pgRestore: string): Promise<string[]> {
  const data = await run(pgRestore, ["--data-only", `--table=${MIGRATION_TABLE}`, "--file=-", file]);
  if (data.code !== 0)
    throw new BackupError(`pg_restore cannot read ${file}'s migrations: ${data.stderr || `exit code ${data.code}`}`);
  const lines = data.stdout.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`COPY `) && line.includes(MIGRATION_TABLE));
  if (start === -1) return [];
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === "\\.") break;
    names.push(line.split("\t")[0]!);
  }
  return names;
}

export type PostgresBackup = { bytes: number; contents: Contents; tool: string };

export async function backupPostgres(url: string, file: string, options: { force: boolean }): Promise<PostgresBackup> {
  const pending = pendingFile(file, { force: options.force, protectedPaths: [] });
  let client: pg.Client | undefined;
  try {
    client = await connect(url);
    const serverMajor = await serverMajorOf(client);
    const pgDump = await findTool("pg_dump", serverMajor);
    const pgRestore = await findTool("pg_restore", serverMajor);
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot");
    if (!(await tablesOf(client)).has(MIGRATION_TABLE)) {
      throw new BackupError(
        `The database ${databaseNameOf(url)} holds no tables of this site (the server has never started on it): nothing to back up.`,
      );
    }
    const contents = await contentsOf(client);
    const target = libpqTarget(url);
    const dump = await run(
      pgDump.path,
      ["--format=custom", `--snapshot=${rows[0]!.snapshot}`, `--file=${pending.path}`, `--dbname=${target.dbname}`],
      target.env,
    );
    if (dump.code !== 0) throw new BackupError(`pg_dump failed: ${dump.stderr || `exit code ${dump.code}`}`);
    await client.query("commit");
    await verifyArchive(pending.path, pgRestore.path);
    const bytes = statSync(pending.path).size;
    pending.commit();
    return { bytes, contents, tool: `pg_dump ${pgDump.major}` };
  } catch (error) {
    pending.discard();
    throw error;
  } finally {
    await client?.end().catch(() => undefined);
  }
}

export type PostgresRestore = { contents: Contents; replacedAside: string | null; created: boolean };

/** Restores `file` (a pg_dump archive) into DATABASE_URL's database: created when missing; refused when in use, or not empty without `force`. */
export async function restorePostgres(
  file: string,
  url: string,
  options: { force: boolean },
): Promise<PostgresRestore> {
  const name = databaseNameOf(url);
  const maintenanceUrl = new URL(url);
  maintenanceUrl.pathname = "/postgres";
  const admin = await connect(maintenanceUrl.toString());
  let replacedAside: string | null = null;
  let created = false;
  try {
    const pgRestore = await findTool("pg_restore", await serverMajorOf(admin));
    await verifyArchive(file, pgRestore.path);
    refuseNewerBackup(file, await migrationsInArchive(file, pgRestore.path));

    const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
    if (exists) {
      // Every session on the database but this command's own (which is on the maintenance database).
      const { rows } = await admin.query<{ sessions: string; apps: string | null }>(
        "select count(*) as sessions, string_agg(distinct nullif(application_name, ''), ', ') as apps from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [name],
      );
      const sessions = Number(rows[0]!.sessions);
      if (sessions > 0)
        throw inUse(
          name,
          `${sessions} session${sessions === 1 ? " is" : "s are"} connected to it${rows[0]!.apps ? ` (${rows[0]!.apps})` : ""}`,
        );
      const target = await connect(url);
      let existing: Contents | null = null;
      try {
        if ((await tablesOf(target)).size > 0) existing = await contentsOf(target);
      } finally {
        await target.end();
      }
      if (existing) {
        if (!options.force) {
          throw new BackupError(
            `The database ${name} already holds data (${describeContents(existing)}). A restore replaces it entirely.\n` +
              `Restore into a new database instead (DATABASE_URL=postgres://…/${name}_restored npm run admin -- restore <file>; it is created) and point the servers at it, ` +
              `or pass --force to replace this one (it is kept, renamed ${name}_replaced_<time>).`,
            EXIT.notEmpty,
          );
        }
        replacedAside = `${name.slice(0, 40)}_replaced_${new Date().toISOString().replace(/[-:]/g, "").slice(0, 15).replace("T", "_")}`;
        try {
          // Fails while anyone is connected: the in-use check holds to the last moment.
          await admin.query(`alter database ${quoteIdent(name)} rename to ${quoteIdent(replacedAside)}`);
        } catch (error) {
          if ((error as { code?: string }).code === "55006") throw inUse(name, "a session connected just now");
          throw new BackupError(
            `Cannot set the database ${name} aside (${(error as Error).message}); restore into a new database instead.`,
          );
        }
      }
    }
    if (!exists || replacedAside) {
      try {
        await admin.query(`create database ${quoteIdent(name)}`);
        created = true;
      } catch (error) {
        throw new BackupError(
          `Cannot create the database ${name}: ${(error as Error).message}. Create it (empty) as a user who may, or grant CREATEDB.`,
        );
      }
    }

    const target = libpqTarget(url);
    // Objects belong to the user restoring (the servers' user), whoever owned them before; all or nothing.
    const restore = await run(
      pgRestore.path,
      ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${target.dbname}`, file],
      target.env,
    );
    if (restore.code !== 0) {
      const aside = replacedAside ? ` The database it replaced is kept as ${replacedAside}.` : "";
      throw new BackupError(
        `pg_restore failed, nothing was restored into ${name}: ${restore.stderr || `exit code ${restore.code}`}.${aside}`,
      );
    }
    const restored = await connect(url);
    try {
      // pg_restore does not gather the planner's statistics; without them the first queries plan blind.
      await restored.query("analyze");
      return { contents: await contentsOf(restored), replacedAside, created };
    } finally {
      await restored.end();
    }
  } finally {
    await admin.end().catch(() => undefined);
  }
}

function inUse(name: string, why: string): BackupError {
  return new BackupError(
    `The database ${name} is in use: ${why}. A restore must not change a database under a running server.\n` +
      `Either stop every server on it first (sudo systemctl stop 'agency@*') and run the restore again, or restore into a new database ` +
      `(DATABASE_URL=postgres://…/${name}_restored npm run admin -- restore <file>; it is created), then point DATABASE_URL at it and restart the servers.`,
    EXIT.inUse,
  );
}
