import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { MIGRATION_TABLE, countsQuery, describeContents, refuseNewerBackup, type Contents } from "./contents.ts";
import { BackupError, EXIT, fileProblem, pendingFile } from "./files.ts";

// SQLite: the copy is made with VACUUM INTO, which reads the whole database inside one read transaction:
// a consistent snapshot of every committed transaction (the WAL's too), while the server keeps writing (in
// WAL mode a reader never blocks a writer). SQLite's backup API (better-sqlite3's db.backup()) copies 100
// pages per step and starts again from the first page whenever another process writes between two steps,
// so under a steady stream of leads it may never finish. VACUUM INTO also leaves a compact, self-contained
// file in rollback-journal mode (no -wal beside it) that the sqlite3 shell opens as it is.

type Db = SQLite.Database;

function tablesOf(db: Db): Set<string> {
  const rows = db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .pluck()
    .all() as string[];
  return new Set(rows);
}

function contentsOf(db: Db): Contents {
  const tables = tablesOf(db);
  const counts = db.prepare(countsQuery(tables)).get() as Omit<Contents, "migrations">;
  const migrations = tables.has(MIGRATION_TABLE)
    ? (db.prepare(`select name from ${MIGRATION_TABLE} order by name`).pluck().all() as string[])
    : [];
  return { ...counts, migrations };
}

/** The file's length against the page count its header gives: shorter means a copy that was cut off. */
function checkLength(file: string): void {
  const header = Buffer.alloc(100);
  const fd = openSync(file, "r");
  try {
    readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  const pages = header.readUInt32BE(28);
  // The page count is valid only when the "version-valid-for" number matches the change counter.
  const countValid = header.readUInt32BE(92) === header.readUInt32BE(24);
  const size = statSync(file).size;
  if (size < 100 || (countValid && size < pageSize * pages) || size % pageSize !== 0) {
    throw new BackupError(
      `${file} is incomplete: ${size} bytes where its header promises ${pages} pages of ${pageSize} bytes (an interrupted copy?). Use another backup.`,
    );
  }
}

/** Opens an SQLite file that must exist; a file the command may not open says so in the operator's words. */
function openExisting(path: string, { readonly, doing }: { readonly: boolean; doing: "read" | "write" }): Db {
  try {
    return new SQLite(path, { readonly, fileMustExist: true });
  } catch (error) {
    throw fileProblem(error, path, doing);
  }
}

/** Opens the backup read-only, checks it whole (integrity_check) and counts what it holds. */
export function inspectSqliteBackup(file: string): Contents {
  checkLength(file);
  const db = openExisting(file, { readonly: true, doing: "read" });
  try {
    const problems = db.pragma("integrity_check") as { integrity_check: string }[];
    if (problems[0]?.integrity_check !== "ok") {
      throw new BackupError(
        `${file} is damaged (SQLite's integrity_check: ${problems
          .slice(0, 3)
          .map((p) => p.integrity_check)
          .join("; ")}). Use another backup.`,
      );
    }
    const contents = contentsOf(db);
    if (!tablesOf(db).has(MIGRATION_TABLE)) {
      throw new BackupError(
        `${file} is an SQLite database but not one of this site (it has no ${MIGRATION_TABLE} table).`,
      );
    }
    return contents;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `${file} cannot be read as a database (${(error as Error).message}): an incomplete or damaged copy. Use another backup.`,
    );
  } finally {
    db.close();
  }
}

export type SqliteBackup = { bytes: number; contents: Contents };

/** Copies the database at `sourcePath` (the server may be running on it) to `file`, verified. */
export function backupSqlite(sourcePath: string, file: string, options: { force: boolean }): SqliteBackup {
  if (sourcePath === ":memory:") throw new BackupError("SQLITE_PATH is :memory:; there is no file to back up.");
  try {
    statSync(sourcePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw fileProblem(error, sourcePath, "read");
    throw new BackupError(
      `There is no database at ${sourcePath} (SQLITE_PATH). Check the setting; the server creates the file when it first starts.`,
    );
  }
  const pending = pendingFile(file, {
    force: options.force,
    protectedPaths: [sourcePath, `${sourcePath}-wal`, `${sourcePath}-shm`],
  });
  try {
    const source = openExisting(sourcePath, { readonly: false, doing: "read" });
    try {
      // The server writes in short transactions; a checkpoint or a migration may hold a lock a moment.
      source.pragma("busy_timeout = 10000");
      if (!tablesOf(source).has(MIGRATION_TABLE)) {
        throw new BackupError(
          `${sourcePath} holds no tables of this site (the server has never started on it): nothing to back up.`,
        );
      }
      // Synchronous FULL on the source connection makes VACUUM INTO sync the copy as it writes it.
      source.pragma("synchronous = FULL");
      source.prepare("vacuum into ?").run(pending.path);
    } catch (error) {
      if (error instanceof BackupError) throw error;
      if ((error as { code?: string }).code === "SQLITE_FULL")
        throw new BackupError(`Cannot write ${file}: no space left on the device.`);
      throw new BackupError(`The copy of ${sourcePath} failed: ${(error as Error).message}`);
    } finally {
      source.close();
    }
    const contents = inspectSqliteBackup(pending.path);
    const bytes = statSync(pending.path).size;
    pending.commit();
    return { bytes, contents };
  } catch (error) {
    pending.discard();
    throw error;
  }
}

/**
 * Opens `path` and takes SQLite's exclusive lock on it without waiting, or says it is in use. Every
 * connection to a database in WAL mode (the server's) holds a shared lock on the file for as long as it
 * is open, so this fails while any process, the server above all, has it open; a stopped server holds
 * nothing. The caller ends the transaction and closes the connection.
 */
function lockExclusively(path: string): Db {
  const db = openExisting(path, { readonly: false, doing: "write" });
  try {
    db.pragma("busy_timeout = 0");
    db.pragma("locking_mode = exclusive");
    db.exec("begin exclusive");
    return db;
  } catch (error) {
    db.close();
    const code = (error as { code?: string }).code;
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") {
      throw new BackupError(
        `${path} is in use: another process (a running server?) has it open, and a restore must not change a database under it.\n` +
          `Either stop the server(s) first (sudo systemctl stop 'agency@*') and run the restore again, or restore into a new file ` +
          `(SQLITE_PATH=/srv/agency/data/agency-restored.sqlite npm run admin -- restore <file>), then point SQLITE_PATH at it and restart.`,
        EXIT.inUse,
      );
    }
    if (code === "SQLITE_NOTADB")
      throw new BackupError(`${path} exists and is not an SQLite database; restore into another path.`);
    throw new BackupError(`Cannot open ${path}: ${(error as Error).message}`);
  }
}

export type SqliteRestore = { contents: Contents; replacedAside: string | null };

/** Restores `file` (an SQLite backup) to `targetPath`, which must not be in use, and must be empty unless `force`. */
export function restoreSqlite(file: string, targetPath: string, options: { force: boolean }): SqliteRestore {
  if (targetPath === ":memory:")
    throw new BackupError("SQLITE_PATH is :memory:; set it to the file the server should use.");
  if (resolve(file) === resolve(targetPath))
    throw new BackupError(`${file} is the backup itself; restore into another path (SQLITE_PATH).`);
  const contents = inspectSqliteBackup(file);
  refuseNewerBackup(file, contents.migrations);
  const target = resolve(targetPath);
  mkdirSync(dirname(target), { recursive: true });

  let holdsData = false;
  if (existsSync(target)) {
    const db = lockExclusively(target);
    try {
      const tables = tablesOf(db);
      holdsData = tables.size > 0;
      if (holdsData && !options.force) {
        const existing = contentsOf(db);
        throw new BackupError(
          `${targetPath} already holds a database (${describeContents(existing)}). A restore replaces it entirely.\n` +
            `Restore into a new path instead (SQLITE_PATH=<new file> npm run admin -- restore <file>) and point the server at it, ` +
            `or pass --force to replace this one (it is kept beside, renamed *.replaced-<time>).`,
          EXIT.notEmpty,
        );
      }
      db.exec("commit");
      // Whatever the WAL holds goes into the file, so the copy kept aside is complete; the WAL is then
      // removed when this last connection closes.
      db.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      if (db.inTransaction) db.exec("rollback");
      db.close();
    }
  }

  const pending = pendingFile(target, { force: true, protectedPaths: [] });
  let replacedAside: string | null = null;
  try {
    const source = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      source.pragma("synchronous = FULL");
      source.prepare("vacuum into ?").run(pending.path);
    } finally {
      source.close();
    }
    const restored = inspectSqliteBackup(pending.path);
    if (JSON.stringify(restored) !== JSON.stringify(contents))
      throw new BackupError(`The restored copy differs from ${file}; nothing was replaced.`);
    if (holdsData) {
      replacedAside = `${target}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      renameSync(target, replacedAside);
    }
    // A WAL left beside the old file (or beside no file) must never be applied to the restored one.
    rmSync(`${target}-wal`, { force: true });
    rmSync(`${target}-shm`, { force: true });
    pending.commit();
  } catch (error) {
    pending.discard();
    if (error instanceof BackupError) throw error;
    throw fileProblem(error, target, "write");
  }
  return { contents, replacedAside };
}
