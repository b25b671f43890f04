import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

// Secrets every instance must share (created by migrations, e.g. 0008-form-token-secret).

/** "totp-key": encrypts TOTP secrets at rest (migration 0016); the VAPID pair signs web pushes (0021). */
export type ServerSecretName = "form-token" | "totp-key" | "vapid-public-key" | "vapid-private-key";

export function createServerSecretsRepository(db: Kysely<Database>) {
  return {
    async get(name: ServerSecretName): Promise<string> {
      const row = await db.selectFrom("serverSecrets").select("value").where("name", "=", name).executeTakeFirst();
      if (!row) throw new Error(`The server secret "${name}" is missing: were the migrations applied?`);
      return row.value;
    },
  };
}
