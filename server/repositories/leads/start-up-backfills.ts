import { sql, type Kysely } from "kysely";
import { leadKinds } from "../../../contract/admin-leads.ts";
import { isPostgres } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { writeMissingExportCells } from "./export-cells.ts";
import { writeMissingDeadlineKeys } from "./deadline-keys.ts";
import { leadTables, leadView } from "./lead-tables.ts";
import { writeMissingPersonKeys } from "./person-keys.ts";
import { writeMissingReplyBy } from "./reply-by-backfill.ts";

// The derived columns of the leads stored before they existed (or by an older instance during a rolling
// deploy), written in one step when the server starts, before it answers (plugins/app/repositories.ts):
// reads never write them (issue 34). A new lead gets every one of them when stored (write.ts).
// The steps run in a fixed order, each in batches of BATCH rows, each batch its own transaction, so
// 20,000 old leads hold no long transaction; on PostgreSQL each batch holds an advisory lock and picks its
// rows under it, so instances starting together take turns and no row is written twice. A usual start
// finds nothing pending (an index seek per column and table) and takes no lock.

/** Rows per batch (and per transaction). */
const BATCH = 500;
/** pg_advisory_xact_lock's key for the start-up steps (any constant of ours). */
const BACKFILL_LOCK = 330_020;

/** What the step wrote, per column set: how many leads. */
export type BackfillCounts = { personKeys: number; replyBy: number; deadlineKeys: number; exportCells: number };

type Step = {
  /** The column whose null marks a lead the step has still to write. */
  column: "personId" | "replyBy" | "deadlineKey" | "exportCells";
  /** Writes up to `limit` of those leads (per kind, or of both kinds in one order), answers how many. */
  write: (trx: Kysely<Database>, limit: number) => Promise<number>;
};

// The order matters once: the deadline key of a waiting lead follows its reply_by, so reply_by comes first.
const STEPS = {
  personKeys: { column: "personId", write: writeMissingPersonKeys },
  replyBy: { column: "replyBy", write: writeMissingReplyBy },
  deadlineKeys: { column: "deadlineKey", write: writeMissingDeadlineKeys },
  exportCells: { column: "exportCells", write: writeMissingExportCells },
} as const satisfies Record<keyof BackfillCounts, Step>;

async function pending(db: Kysely<Database>, column: Step["column"]): Promise<boolean> {
  const found = await Promise.all(
    leadKinds.map((kind) =>
      leadView(db).selectFrom(leadTables[kind]).select("id").where(column, "is", null).limit(1).executeTakeFirst(),
    ),
  );
  return found.some((row) => row !== undefined);
}

/** Runs one step to its end, a batch per transaction; answers how many leads it wrote. */
export async function runBackfillStep(db: Kysely<Database>, step: keyof BackfillCounts): Promise<number> {
  const { column, write } = STEPS[step];
  if (!(await pending(db, column))) return 0;
  let written = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      // Another instance may be writing the same batch: wait for it, then pick what is left.
      if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${BACKFILL_LOCK})`.execute(trx);
      return write(trx, BATCH);
    });
    if (batch === 0) return written;
    written += batch;
  }
}

/** Every start-up step, in order; answers what each wrote (all 0 on a usual start). */
export async function backfillDerivedColumns(db: Kysely<Database>): Promise<BackfillCounts> {
  const counts: BackfillCounts = { personKeys: 0, replyBy: 0, deadlineKeys: 0, exportCells: 0 };
  for (const step of Object.keys(STEPS) as (keyof BackfillCounts)[]) counts[step] = await runBackfillStep(db, step);
  return counts;
}
