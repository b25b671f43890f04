import type { Kysely } from "kysely";
import { displayName } from "../../../contract/team.ts";
import type { Database } from "../../db/schema.ts";

// How a lead's history, notes and the Activity page name a user: their name, else their e-mail address;
// "Deleted user" once the account is gone (the records keep the id).

export type UserRef = { id: string; name: string };

export const DELETED_USER = "Deleted user";

/** The refs of the given user ids (nulls and repeats allowed), in one query. */
export async function userRefs(
  db: Kysely<Database>,
  ids: (string | null | undefined)[],
): Promise<(id: string | null | undefined) => UserRef | null> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const rows =
    wanted.length === 0
      ? []
      : await db.selectFrom("users").select(["id", "username", "name"]).where("id", "in", wanted).execute();
  const names = new Map(rows.map((row) => [row.id, displayName({ name: row.name, email: row.username })]));
  return (id) => (id ? { id, name: names.get(id) ?? DELETED_USER } : null);
}
