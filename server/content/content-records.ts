import type { Kysely } from "kysely";
import { postFieldsOf, type PostFields, type PublishedPost } from "../../contract/content.ts";
import type { Database } from "../db/schema.ts";
import { recordActivity, type ActivityActor } from "../repositories/activity/activity-repository.ts";

// What the content stores share (migration 0025, contract/content.ts): the version of what is live, the
// revisions table, the Activity records, the answers a change gives. content-store.ts puts the stores together.

export const STATE = "content";
export const SITE = "site";
/** A page's copy changes: the document "page:<key>" (EditablePageInfo.key), made at its first save. */
export const PAGE_PREFIX = "page:";

/** A post's public address. */
export const postPath = (slug: string) => `/blog/${slug}`;

/** The live version of a post as stored: the fields, and when they were published (the public page's "updated"). */
export type StoredLive = PostFields & { updatedAt: string };

export const fieldsOf = (value: PostFields | PublishedPost): PostFields => postFieldsOf(value);

/** What a change answers when it could not be made; `post` and friends when it was. */
export type NotFound = { notFound: true };
export type Conflict<T> = { conflict: T };
export type SlugTaken = { slugTaken: string };

export type ContentActor = ActivityActor;

/** The version of what is live (0 before the first change). */
export async function readContentVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("contentState").select("version").where("id", "=", STATE).executeTakeFirst();
  return Number(row?.version ?? 0);
}

export async function bumpVersion(trx: Kysely<Database>): Promise<void> {
  await trx
    .updateTable("contentState")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", STATE)
    .execute();
}

export async function insertRevision(
  trx: Kysely<Database>,
  entityKind: "post" | "site" | "page",
  entityId: string,
  revision: number,
  data: string,
  action: string,
  userId: string | null,
  at: string,
): Promise<void> {
  await trx
    .insertInto("contentRevisions")
    .values({ entityKind, entityId, revision, data, action, userId, createdAt: at })
    .execute();
}

/** One saved revision's data (post fields, site settings or page copy), parsed; null when there is none. */
export async function revisionData(
  trx: Kysely<Database>,
  entityKind: "post" | "site" | "page",
  entityId: string,
  revision: number,
): Promise<unknown> {
  const row = await trx
    .selectFrom("contentRevisions")
    .select("data")
    .where("entityKind", "=", entityKind)
    .where("entityId", "=", entityId)
    .where("revision", "=", revision)
    .executeTakeFirst();
  return row ? (JSON.parse(row.data) as unknown) : null;
}

/** Adds a change's Activity record ("content") in the change's own transaction. */
export function contentRecorder(clock: () => Date) {
  return (trx: Kysely<Database>, actor: ActivityActor, summary: string, data: Record<string, unknown>) =>
    recordActivity(trx, [{ actor, kind: "content", summary, data }], clock());
}
