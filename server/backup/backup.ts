import { statSync } from "node:fs";
import { performance } from "node:perf_hooks";
import type { ServerConfig } from "../config.ts";
import { describeContents, migrationCheck, type Contents } from "./contents.ts";
import { BackupError, backupFormatOf, formatBytes, formatNames } from "./files.ts";
import { backupPostgres, restorePostgres } from "./postgres.ts";
import { backupSqlite, restoreSqlite } from "./sqlite.ts";

// `npm run admin -- backup <file>` and `restore <file>` (server/cli/admin.ts) on the database the server
// is configured for: SQLite (sqlite.ts) or PostgreSQL (postgres.ts). Each answers what it did in lines
// for the operator; a refusal or a failure is a BackupError with its exit code (files.ts).

type Database = ServerConfig["database"];

export type BackupResult = { file: string; bytes: number; ms: number; contents: Contents; lines: string[] };

export async function backupDatabase(
  database: Database,
  file: string,
  options: { force?: boolean } = {},
): Promise<BackupResult> {
  const force = options.force ?? false;
  const started = performance.now();
  const copy =
    database.kind === "sqlite"
      ? backupSqlite(database.path, file, { force })
      : await backupPostgres(database.url, file, { force });
  const ms = Math.round(performance.now() - started);
  const how =
    database.kind === "sqlite"
      ? `SQLite ${database.path} (VACUUM INTO, checked with integrity_check)`
      : `PostgreSQL (${"tool" in copy ? copy.tool : "pg_dump"}, custom format, checked with pg_restore)`;
  return {
    file,
    bytes: copy.bytes,
    ms,
    contents: copy.contents,
    lines: [
      `Backed up ${how} to ${file}`,
      `  ${describeContents(copy.contents)}`,
      `  ${formatBytes(copy.bytes)} in ${(ms / 1000).toFixed(2)} s`,
    ],
  };
}

export type RestoreResult = { file: string; ms: number; contents: Contents; pending: string[]; lines: string[] };

export async function restoreDatabase(
  database: Database,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const force = options.force ?? false;
  const started = performance.now();
  const format = backupFormatOf(file);
  if (format === "sqlite" && database.kind === "postgres") {
    throw new BackupError(
      `${file} is ${formatNames.sqlite}, but DATABASE_URL points at PostgreSQL. Restore it with DATABASE_URL unset and SQLITE_PATH set to a new file; this command does not move data between SQLite and PostgreSQL.`,
    );
  }
  if (format === "pg_dump" && database.kind === "sqlite") {
    throw new BackupError(
      `${file} is ${formatNames.pg_dump}, but the configured database is SQLite (DATABASE_URL is not set). Set DATABASE_URL to a new PostgreSQL database (it is created) and run the restore again.`,
    );
  }
  const lines: string[] = [];
  let contents: Contents;
  let target: string;
  let replacedAside: string | null;
  if (database.kind === "sqlite") {
    const restored = restoreSqlite(file, database.path, { force });
    ({ contents, replacedAside } = restored);
    target = `the SQLite file ${database.path}`;
    if (replacedAside)
      lines.push(`  The file it replaced is kept as ${replacedAside}; delete it once the restored site is checked.`);
  } else {
    const restored = await restorePostgres(file, database.url, { force });
    ({ contents, replacedAside } = restored);
    target = `the PostgreSQL database ${decodeURIComponent(new URL(database.url).pathname.slice(1))}${restored.created && !replacedAside ? " (created)" : ""}`;
    if (replacedAside)
      lines.push(
        `  The database it replaced is kept as ${replacedAside}; drop it (dropdb) once the restored site is checked.`,
      );
  }
  const ms = Math.round(performance.now() - started);
  const check = migrationCheck(contents.migrations);
  lines.unshift(
    `Restored ${file} (${formatBytes(statSync(file).size)}) into ${target} in ${(ms / 1000).toFixed(2)} s`,
    `  ${describeContents(contents)}`,
  );
  lines.push(`  ${check.message}`);
  if (process.getuid?.() === 0 && database.kind === "sqlite")
    lines.push(
      `  This ran as root: the restored file belongs to root. chown it to the server's user (e.g. chown agency:agency ${database.path}) before starting the server.`,
    );
  lines.push(
    `  Next: point the server at it (${database.kind === "sqlite" ? "SQLITE_PATH" : "DATABASE_URL"}) if it is not already, and start it.`,
  );
  return { file, ms, contents, pending: check.pending, lines };
}
