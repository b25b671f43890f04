import { closeSync, existsSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

// What backup and restore share: their errors (with the exit code a script can act on), the file's
// format read from its first bytes, and writing a file under a temporary name that gets the real one only
// once it is complete and verified (a crash or a full disk never leaves a file that looks like a backup).

/** 1: failed (no file, not a backup, no permission...); 3: the database is in use; 4: not empty, needs --force. */
export const EXIT = { failed: 1, usage: 2, inUse: 3, notEmpty: 4, newerBackup: 5 } as const;

export class BackupError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failed,
  ) {
    super(message);
  }
}

export type BackupFormat = "sqlite" | "pg_dump";

const SQLITE_MAGIC = Buffer.from("SQLite format 3\0", "latin1");
const PG_DUMP_MAGIC = Buffer.from("PGDMP", "latin1");

/** Says a filesystem error in words, with the path. */
export function fileProblem(error: unknown, path: string, doing: "read" | "write"): BackupError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return new BackupError(`${path} does not exist.`);
  if (code === "EACCES" || code === "EPERM") {
    return new BackupError(
      `Cannot ${doing} ${path}: permission denied. Run the command as the user that owns the backups and the database (e.g. sudo -u agency).`,
    );
  }
  if (code === "EISDIR") return new BackupError(`${path} is a folder; give the backup's file name.`);
  if (code === "ENOSPC") return new BackupError(`Cannot ${doing} ${path}: no space left on the device.`);
  return new BackupError(`Cannot ${doing} ${path}: ${(error as Error).message}`);
}

/** The format of a backup file from its first bytes (an SQLite database or a pg_dump custom-format archive). */
export function backupFormatOf(file: string): BackupFormat {
  let fd: number;
  try {
    if (statSync(file).isDirectory()) throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
    fd = openSync(file, "r");
  } catch (error) {
    throw fileProblem(error, file, "read");
  }
  const head = Buffer.alloc(16);
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read === 0) throw new BackupError(`${file} is empty: not a backup (perhaps a copy that was interrupted).`);
  if (read >= SQLITE_MAGIC.length && head.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) return "sqlite";
  if (head.subarray(0, PG_DUMP_MAGIC.length).equals(PG_DUMP_MAGIC)) return "pg_dump";
  throw new BackupError(
    `${file} is not a backup made by \`npm run admin -- backup\`: it is neither an SQLite database nor a pg_dump archive (custom format).` +
      ` A plain SQL dump is restored with psql instead.`,
  );
}

export const formatNames: Record<BackupFormat, string> = {
  sqlite: "an SQLite backup",
  pg_dump: "a PostgreSQL backup (pg_dump, custom format)",
};

/** Where a backup is written before it is complete: next to the file, so the final rename stays on one filesystem. */
export type PendingFile = { path: string; commit: () => void; discard: () => void };

/**
 * Checks that `file` may be written (its folder exists; it does not exist yet unless `force`; it is not
 * one of `protectedPaths`, the live database's files) and names the temporary file the caller writes.
 */
export function pendingFile(file: string, options: { force: boolean; protectedPaths: string[] }): PendingFile {
  const target = resolve(file);
  if (options.protectedPaths.map((path) => resolve(path)).includes(target)) {
    throw new BackupError(`${file} is the database itself; write the backup to another file.`);
  }
  const folder = dirname(target);
  if (!existsSync(folder))
    throw new BackupError(`The folder ${folder} does not exist; create it first (mkdir -p ${folder}).`);
  if (existsSync(target)) {
    if (statSync(target).isDirectory())
      throw new BackupError(`${file} is a folder; give the backup's file name, e.g. ${join(file, "agency.backup")}.`);
    if (!options.force)
      throw new BackupError(
        `${file} exists already; choose a new name (the timer uses dated names) or pass --force to replace it.`,
      );
  }
  const path = join(folder, `.${basename(target)}.partial-${process.pid}`);
  // Created empty first, readable by its owner only: a backup holds every lead's personal data.
  try {
    closeSync(openSync(path, "w", 0o600));
  } catch (error) {
    throw fileProblem(error, folder, "write");
  }
  return {
    path,
    commit: () => {
      syncFile(path);
      renameSync(path, target);
      syncFile(folder);
    },
    discard: () => rmSync(path, { force: true }),
  };
}

/** Forces a file's (or a folder's) data to the disk. */
export function syncFile(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
