import type { Kysely } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { leadExportColumns, type LeadExportColumn } from "../../../contract/lead-export.ts";
import { fromCents } from "../../../contract/money.ts";
import { zoneOffsetMs } from "../../../contract/time-zones.ts";
import type { Database } from "../../db/schema.ts";
import { csvLine } from "../../lib/csv.ts";
import { userRefs } from "../users/user-names.ts";
import { leadFilter, leadSearch, type ScopedFilters } from "./filters.ts";
import { leadTables, leadView, wholeRow, type LeadRows } from "./lead-tables.ts";

// The lead export that carries the work (issue 38, docs/decisions/047-clients-and-money.md): one column
// set for both kinds (contract/lead-export.ts), with what the team did to each lead (status, value,
// assignee, follow-up, notes) and every time in the owner's time zone with its offset. Built while it is
// sent: a batch of leads at a time per kind, walked newest first by (created_at, id) (the list's index),
// the two kinds merged in that order, each batch's notes and user names read in one query each. Memory
// stays one batch whatever the size; the first bytes leave before the last lead is read.

export const EXPORT_MAX_ROWS = 100_000;
const BATCH = 1000;

type Row = LeadRows[LeadKind];
type Batch = { kind: LeadKind; rows: Row[] };

/** An instant as ISO 8601 in the zone with its offset (2026-03-04T09:15:00-05:00); offsets cached per quarter hour. */
export function zonedIsoFormatter(timeZone: string): (instant: string | null) => string {
  const offsets = new Map<number, number>();
  return (instant) => {
    if (!instant) return "";
    const ms = Date.parse(instant);
    const bucket = Math.floor(ms / 900_000);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      offset = zoneOffsetMs(ms, timeZone);
      offsets.set(bucket, offset);
    }
    const local = new Date(ms + offset).toISOString().slice(0, 19);
    const minutes = Math.round(Math.abs(offset) / 60_000);
    const sign = offset < 0 ? "-" : "+";
    return `${local}${sign}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  };
}

/** The header line. */
export const leadExportHeader = (): string => csvLine(leadExportColumns);

/**
 * The CSV lines (without line ends) of every lead of `kinds` the filter matches, newest first, up to
 * EXPORT_MAX_ROWS; `done(rows)` is called with how many once the last was given.
 */
export async function* leadExportLines(
  db: Kysely<Database>,
  kinds: readonly LeadKind[],
  filters: ScopedFilters,
  timeZone: string,
  done?: (rows: number) => Promise<void>,
): AsyncGenerator<string> {
  const zoned = zonedIsoFormatter(timeZone);
  const searches = new Map(
    await Promise.all(kinds.map(async (kind) => [kind, await leadSearch(db, kind, filters)] as const)),
  );

  async function nextBatch(kind: LeadKind, after: Row | undefined): Promise<Batch> {
    const search = searches.get(kind);
    let query = leadView(db)
      .selectFrom(leadTables[kind])
      .selectAll()
      .where((eb) => leadFilter(eb, kind, filters, search))
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(BATCH);
    if (after)
      query = query.where((eb) =>
        eb.or([
          eb("createdAt", "<", after.createdAt),
          eb.and([eb("createdAt", "=", after.createdAt), eb("id", "<", after.id)]),
        ]),
      );
    return { kind, rows: (await query.execute()).map((row) => wholeRow(kind, row)) };
  }

  /** The lines of one batch, with its notes and names. */
  async function linesOf({ kind, rows }: Batch): Promise<Map<string, string>> {
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
    const ref = await userRefs(db, [...rows.map((row) => row.assigneeId), ...notes.map((note) => note.authorId)]);
    const notesOf = new Map<string, string[]>();
    for (const note of notes) {
      const author = ref(note.authorId)?.name;
      const text = `${zoned(note.createdAt)}${author ? ` ${author}` : ""}: ${note.body}`;
      const list = notesOf.get(note.leadId);
      if (list) list.push(text);
      else notesOf.set(note.leadId, [text]);
    }
    return new Map(
      rows.map((row) => {
        const r = row as Row & Partial<LeadRows["contacts"]> & Partial<LeadRows["inquiries"]>;
        const cells: Record<LeadExportColumn, unknown> = {
          id: r.id,
          kind,
          receivedAt: zoned(r.createdAt),
          status: r.status,
          value: r.wonValueCents === null ? "" : fromCents(r.wonValueCents).toFixed(2),
          assignee: ref(r.assigneeId)?.name ?? "",
          readAt: zoned(r.readAt),
          firstName: r.firstName,
          lastName: r.lastName,
          email: r.email,
          phone: r.phone,
          company: r.company,
          products: r.products === undefined ? "" : (JSON.parse(r.products) as string[]),
          serviceType: r.serviceType ?? "",
          budget: r.budget ?? "",
          message: r.message ?? "",
          meetingDate: r.meetingDate ?? "",
          meetingTime: r.meetingTime ?? "",
          timezone: r.timezone ?? "",
          channel: r.channel ?? "",
          campaign: r.utmCampaign,
          landingPage: r.landingPath ?? r.pagePath,
          pagePath: r.pagePath,
          formName: r.formName,
          utmSource: r.utmSource,
          utmMedium: r.utmMedium,
          utmTerm: r.utmTerm,
          utmContent: r.utmContent,
          referrer: r.referrer,
          followUpAt: zoned(r.followUpAt),
          followUpNote: r.followUpNote,
          answeredAt: zoned(r.answeredAt),
          notes: (notesOf.get(r.id) ?? []).join("\n"),
          spamReason: r.spamReason,
        };
        return [r.id, csvLine(leadExportColumns.map((column) => cells[column]))] as const;
      }),
    );
  }

  // One cursor per kind: its batch, the position in it, the batch's lines (made when first needed).
  const cursors = await Promise.all(
    kinds.map(async (kind) => ({
      batch: await nextBatch(kind, undefined),
      at: 0,
      lines: null as Map<string, string> | null,
    })),
  );
  let written = 0;
  while (written < EXPORT_MAX_ROWS) {
    // The newest lead at the head of any kind's batch (ids break ties, as the list's order does).
    let pick: (typeof cursors)[number] | undefined;
    for (const cursor of cursors) {
      const head = cursor.batch.rows[cursor.at];
      if (!head) continue;
      const best = pick?.batch.rows[pick.at];
      if (!best || head.createdAt > best.createdAt || (head.createdAt === best.createdAt && head.id > best.id))
        pick = cursor;
    }
    if (!pick) break;
    pick.lines ??= await linesOf(pick.batch);
    const row = pick.batch.rows[pick.at]!;
    yield pick.lines.get(row.id)!;
    written++;
    pick.at++;
    if (pick.at === pick.batch.rows.length && pick.batch.rows.length === BATCH) {
      pick.batch = await nextBatch(pick.batch.kind, row);
      pick.at = 0;
      pick.lines = null;
    }
  }
  await done?.(written);
}
