import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { ServerConfig } from "../../server/config.ts";

// A fresh, empty database for one test file, on the dialect the test project names
// (TEST_DATABASE=sqlite|postgres), and a function that removes it afterwards.

export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type TestDatabase = { database: ServerConfig["database"]; drop: () => Promise<void> };

export function testDatabaseKind(): "sqlite" | "postgres" {
  return process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
}

/** A fresh database of the test project's dialect, or of `kind` (the admin benchmark uses both). */
export async function createTestDatabase(kind: "sqlite" | "postgres" = testDatabaseKind()): Promise<TestDatabase> {
  if (kind === "sqlite") {
    // A real file (not :memory:) so WAL and the connection settings are exercised as in production.
    const dir = mkdtempSync(join(tmpdir(), "agency-test-"));
    return {
      database: { kind: "sqlite", path: join(dir, "test.sqlite") },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }

  const name = `agency_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: "postgres", url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresAdminUrl });
      await client.connect();
      try {
        // A closed pool's last connections may still be saying goodbye; wait for them rather than
        // force them out (FORCE would make the server kill them, an error in a pool that is gone).
        for (let attempt = 0; ; attempt += 1) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== "55006" || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
