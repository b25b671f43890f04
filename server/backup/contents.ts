import { migrations } from "../db/migrate.ts";
import { BackupError, EXIT } from "./files.ts";

// What a backup holds, counted the same way on both databases, and what its migrations say about the
// code that will open it.

export type Contents = { contacts: number; inquiries: number; notes: number; deliveries: number; migrations: string[] };

/** The tables counted, by what the summary calls them. A table an older version did not have counts 0. */
export const countedTables = {
  contacts: "contact_submissions",
  inquiries: "service_inquiries",
  notes: "lead_notes",
  deliveries: "lead_deliveries",
} as const;

/** The table Kysely's migrator keeps: every database the server ever started on has it. */
export const MIGRATION_TABLE = "kysely_migration";

/** `select` of the four counts, over the tables that exist. */
export function countsQuery(existing: ReadonlySet<string>): string {
  const parts = Object.entries(countedTables).map(
    ([key, table]) => `${existing.has(table) ? `(select count(*) from ${table})` : "0"} as ${key}`,
  );
  return `select ${parts.join(", ")}`;
}

const number = (n: number) => n.toLocaleString("en-US");

export function describeContents(contents: Contents): string {
  const leads = contents.contacts + contents.inquiries;
  return (
    `${number(leads)} leads (${number(contents.contacts)} contact submissions, ${number(contents.inquiries)} service inquiries), ` +
    `${number(contents.notes)} notes, ${number(contents.deliveries)} deliveries; schema at ${contents.migrations.at(-1) ?? "no migration"}`
  );
}

/** What the server will do with this database at start-up, compared with the migrations this code has. */
export function migrationCheck(applied: string[]): { pending: string[]; unknown: string[]; message: string } {
  const known = Object.keys(migrations);
  const pending = known.filter((name) => !applied.includes(name));
  const unknown = applied.filter((name) => !known.includes(name));
  let message: string;
  if (unknown.length > 0) {
    message =
      `The backup was made by a newer version of the site (migrations this code does not know: ${unknown.join(", ")}). ` +
      `This version's server will refuse to start on it: deploy that version or a newer one before starting the server.`;
  } else if (pending.length > 0) {
    message = `The backup was made by an older version: the server applies ${pending.length} migration${pending.length === 1 ? "" : "s"} (${pending.join(", ")}) when it starts.`;
  } else {
    message = "Migrations: up to date with this version; the server starts on it as it is.";
  }
  return { pending, unknown, message };
}

/**
 * Refuses, before anything is written, a backup made by a newer version of the site: this version's server
 * would refuse to start on it, so restoring it here would only take the site down.
 */
export function refuseNewerBackup(file: string, applied: string[]): void {
  const { unknown } = migrationCheck(applied);
  if (unknown.length === 0) return;
  throw new BackupError(
    `${file} was made by a newer version of the site (migrations this code does not know: ${unknown.join(", ")}), ` +
      `and this version's server would refuse to start on it. Nothing was restored. Restore it with that version ` +
      `or a newer one (deploy it first, then run its npm run admin -- restore).`,
    EXIT.newerBackup,
  );
}
