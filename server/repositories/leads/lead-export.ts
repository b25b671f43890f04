import type { Kysely } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { leadExportColumns } from "../../../contract/lead-export.ts";
import { fromCents } from "../../../contract/money.ts";
import { DAY_MS, zoneOffsetMs } from "../../../contract/time-zones.ts";
import type { Database } from "../../db/schema.ts";
import { csvCell, csvLine } from "../../lib/csv.ts";
import { userRefs } from "../users/user-names.ts";
import { leadFilter, leadSearch, type ScopedFilters } from "./filters.ts";
import { leadExportCells } from "./export-cells.ts";
import { leadTables, leadView } from "./lead-tables.ts";

// The lead export that carries the work (issue 38, docs/decisions/047-clients-and-money.md): one column
// set for both kinds (contract/lead-export.ts), with what the team did to each lead (status, value,
// assignee, follow-up, notes) and every time in the owner's time zone with its offset. Each line is the
// lead's stored cells (export-cells.ts, decision 050) between the cells that change, made here. Built while it is
// sent: a batch of leads at a time per kind, walked newest first by (created_at, id) (the list's index),
// the two kinds merged in that order, each batch's notes and user names read in one query each, the next
// batch read while one is written. Memory stays two batches per kind whatever the size; the first bytes leave
// before the last lead is read.

export const EXPORT_MAX_ROWS = 100_000;
const BATCH = 1000;

/** A lead's row as the database names its columns: read without the camelCase plugin, whose per-row key mapping cost more than the query. */
type Row = Record<string, unknown> & { id: string; created_at: string };
type Batch = { kind: LeadKind; rows: Row[] };

const twoDigits = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, "0"));

/**
 * An instant as ISO 8601 in the zone with its offset (2026-03-04T09:15:00-05:00). Offsets are cached per UTC day
 * when the day starts and ends on the same one (a zone changes its offset at most once a day), else per quarter
 * hour (offsets like +05:45 and changes at half past): a zone lookup costs a hundred times the formatting.
 * The local date's text is cached per day and the time of day made from two-digit strings: an export formats
 * 30,000 times, and Date's toISOString for each cost more than the rest of the line.
 */
export function zonedIsoFormatter(timeZone: string): (instant: string | null) => string {
  type Offset = { ms: number; suffix: string };
  const offsetOf = (ms: number): Offset => {
    const minutes = Math.round(Math.abs(ms) / 60_000);
    const sign = ms < 0 ? "-" : "+";
    return {
      ms,
      suffix: `${sign}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`,
    };
  };
  const days = new Map<number, Offset | null>();
  const quarters = new Map<number, Offset>();
  const dates = new Map<number, string>();
  return (instant) => {
    if (!instant) return "";
    const ms = Date.parse(instant);
    const day = Math.floor(ms / DAY_MS);
    let offset = days.get(day);
    if (offset === undefined) {
      const start = zoneOffsetMs(day * DAY_MS, timeZone);
      offset = start === zoneOffsetMs((day + 1) * DAY_MS - 1000, timeZone) ? offsetOf(start) : null;
      days.set(day, offset);
    }
    if (offset === null) {
      const quarter = Math.floor(ms / 900_000);
      offset = quarters.get(quarter);
      if (!offset) {
        offset = offsetOf(zoneOffsetMs(ms, timeZone));
        quarters.set(quarter, offset);
      }
    }
    const local = Math.floor((ms + offset.ms) / 1000);
    const localDay = Math.floor(local / 86_400);
    let date = dates.get(localDay);
    if (date === undefined) {
      date = new Date(localDay * DAY_MS).toISOString().slice(0, 11);
      dates.set(localDay, date);
    }
    const second = local - localDay * 86_400;
    return `${date}${twoDigits[Math.floor(second / 3600)]}:${twoDigits[Math.floor(second / 60) % 60]}:${twoDigits[second % 60]}${offset.suffix}`;
  };
}

/** A timestamp as the driver gives it (PostgreSQL: a Date; SQLite: the stored ISO text), as ISO text. */
const instant = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

/** The header line. */
export const leadExportHeader = (): string => csvLine(leadExportColumns);

/**
 * The CSV lines (without line ends) of every lead of `kinds` the filter matches, newest first, up to
 * EXPORT_MAX_ROWS, a batch at a time; `done(rows)` is called with how many once the last was given.
 */
export async function* leadExportLines(
  db: Kysely<Database>,
  kinds: readonly LeadKind[],
  filters: ScopedFilters,
  timeZone: string,
  done?: (rows: number) => Promise<void>,
): AsyncGenerator<string[]> {
  const zoned = zonedIsoFormatter(timeZone);
  const searches = new Map(
    await Promise.all(kinds.map(async (kind) => [kind, await leadSearch(db, kind, filters)] as const)),
  );

  const raw = db.withoutPlugins();
  async function nextBatch(kind: LeadKind, after: Row | undefined): Promise<Batch> {
    const search = searches.get(kind);
    // The filter's WHERE clause is the list's (camelCase names, turned to the columns by the plugin): the
    // query is compiled through the plugin and run without it, so the rows keep their column names (the
    // plugin's per-row key mapping cost more than the query). Read in the filter's own pass: picking ids
    // first and reading their rows by id cost 50 ms per 10,000 leads on SQLite.
    // The columns that change and the stored cells (export-cells.ts), not the whole row: making a string of
    // every column of 10,000 rows is what cost.
    let query = leadView(db)
      .selectFrom(leadTables[kind])
      .select([
        "id",
        "createdAt",
        "status",
        "wonValueCents",
        "assigneeId",
        "readAt",
        "followUpAt",
        "followUpNote",
        "answeredAt",
        "spamReason",
        "exportCells",
      ])
      .where((eb) => leadFilter(eb, kind, filters, search))
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(BATCH);
    // The next batch as a row-value comparison, which both databases walk as a range of the index (an `or`
    // of the two cases made SQLite read every earlier batch again).
    if (after)
      query = query.where((eb) =>
        eb(eb.refTuple("createdAt", "id"), "<", eb.tuple(instant(after.created_at), after.id)),
      );
    const { rows } = await raw.executeQuery<Row>(query.compile());
    if (rows.length === 0) return { kind, rows };
    // A lead stored before migration 0028 whose cells the start-up step has not written yet: made from its row.
    const missing = rows.filter((row) => row.export_cells === null).map((row) => row.id);
    if (missing.length > 0) {
      const whole = await leadView(db).selectFrom(leadTables[kind]).selectAll().where("id", "in", missing).execute();
      const cells = new Map(whole.map((lead) => [lead.id, leadExportCells(kind, lead)]));
      for (const row of rows) row.export_cells ??= cells.get(row.id);
    }
    return { kind, rows };
  }

  /** The lines of one batch, with its notes and names. */
  async function linesOf({ kind, rows }: Batch): Promise<string[]> {
    const ids = rows.map((row) => row.id);
    const notes =
      ids.length === 0
        ? []
        : await db
            .selectFrom("leadNotes")
            .select(["leadId", "body", "createdAt", "authorId"])
            .where("leadKind", "=", kind)
            .where("leadId", "in", ids)
            .orderBy("createdAt", "asc")
            .execute();
    const ref = await userRefs(db, [
      ...rows.map((row) => row.assignee_id as string | null),
      ...notes.map((note) => note.authorId),
    ]);
    const notesOf = new Map<string, string[]>();
    for (const note of notes) {
      const author = ref(note.authorId)?.name;
      const line = `${zoned(note.createdAt)}${author ? ` ${author}` : ""}: ${note.body}`;
      const list = notesOf.get(note.leadId);
      if (list) list.push(line);
      else notesOf.set(note.leadId, [line]);
    }
    // Written out in the columns' order (export-cells.ts checks it against the contract at start): ids, kinds, statuses
    // and times never need quoting, so only the free text goes through csvCell.
    const time = (value: unknown) => (value === null || value === undefined ? "" : zoned(instant(value)));
    const lines: string[] = [];
    for (const r of rows) {
      const cents = r.won_value_cents === null || r.won_value_cents === undefined ? null : Number(r.won_value_cents);
      const value = cents === null ? "" : csvCell(fromCents(cents).toFixed(2));
      const assignee = csvCell(ref(r.assignee_id as string | null)?.name);
      const notes = notesOf.get(r.id);
      lines.push(
        `${r.id},${kind},${time(r.created_at)},${r.status as string},${value},${assignee},${time(r.read_at)},${r.export_cells as string},${time(r.follow_up_at)},${csvCell(r.follow_up_note)},${time(r.answered_at)},${notes ? csvCell(notes.join("\n")) : ""},${csvCell(r.spam_reason)}`,
      );
    }
    return lines;
  }

  /**
   * A batch with its lines under way. Started before they are needed, a failure must not count as unhandled
   * (the export may be abandoned first): it is thrown where the lines are awaited.
   */
  type Loading = Promise<{ batch: Batch; lines: Promise<string[]> }>;
  const settled = <T>(promise: Promise<T>): Promise<T> => {
    promise.catch(() => undefined);
    return promise;
  };
  const load = (kind: LeadKind, after: Row | undefined): Loading =>
    settled(nextBatch(kind, after).then((batch) => ({ batch, lines: settled(linesOf(batch)) })));

  // One cursor per kind: its batch, the position in it, its lines, and the next batch, read (on PostgreSQL, by
  // the database beside this process) while this one is written. At most two batches per kind are held. The
  // lines stay a promise until the batch's first pick, which asks for the next batch before they are in:
  // waiting for them first (and not per line) cost PostgreSQL's inbox exports 5-8 %.
  const cursors = await Promise.all(
    kinds.map(async (kind) => {
      const { batch, lines } = await load(kind, undefined);
      return { batch, lines, at: 0, next: null as Loading | null };
    }),
  );
  let written = 0;
  // Given a batch of lines at a time: a yield per line cost more than making it.
  let out: string[] = [];
  while (written < EXPORT_MAX_ROWS) {
    // The newest lead at the head of any kind's batch (ids break ties, as the list's order does).
    let pick: (typeof cursors)[number] | undefined;
    for (const cursor of cursors) {
      const head = cursor.batch.rows[cursor.at];
      if (!head) continue;
      const best = pick?.batch.rows[pick.at];
      if (
        !best ||
        instant(head.created_at) > instant(best.created_at) ||
        (instant(head.created_at) === instant(best.created_at) && head.id > best.id)
      )
        pick = cursor;
    }
    if (!pick) break;
    const { rows } = pick.batch;
    if (pick.at === 0 && rows.length === BATCH) pick.next = load(pick.batch.kind, rows[BATCH - 1]);
    const lines = await pick.lines;
    out.push(lines[pick.at]!);
    if (out.length === BATCH) {
      yield out;
      out = [];
    }
    written++;
    pick.at++;
    if (pick.at === rows.length && pick.next) {
      ({ batch: pick.batch, lines: pick.lines } = await pick.next);
      pick.at = 0;
      pick.next = null;
    }
  }
  if (out.length > 0) yield out;
  await done?.(written);
}
