import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { e2eAdmin, e2eTimings } from "../../playwright.config.ts";
import type { ServerConfig } from "../../server/config.ts";
import { signFormToken } from "../../server/lib/form-tokens.ts";
import { startServerProcess, type StartedServer } from "../helpers/server-process.ts";

// A server of a browser test's own (its environment: mail, IMAP, names), on a SQLite file in a temp folder,
// serving the e2e build: for the tests whose setup the shared e2e server cannot have.

export type OwnServer = {
  /** http://127.0.0.1:PORT */
  base: string;
  server: StartedServer;
  /** A form token as from a form opened a minute ago, signed with this server's secret (so a lead is not spam). */
  formToken(): string;
  close(): Promise<void>;
};

/** `prepare` runs on the database before the server starts (seeding it). */
export async function startOwnServer(
  name: string,
  env: NodeJS.ProcessEnv,
  prepare?: (database: ServerConfig["database"]) => Promise<void>,
): Promise<OwnServer> {
  const dir = mkdtempSync(join(tmpdir(), `agency-e2e-${name}-`));
  const database = { kind: "sqlite" as const, path: join(dir, `${name}.sqlite`) };
  await prepare?.(database);
  const server = await startServerProcess(database, {
    CLIENT_DIR: `${process.env.E2E_BUILD_DIR ?? "build-e2e"}/client`,
    ADMIN_EMAIL: e2eAdmin.email,
    ADMIN_PASSWORD: e2eAdmin.password,
    RATE_LIMIT_ENABLED: "false",
    FORM_MIN_FILL_MS: String(e2eTimings.minFillMs),
    PAGE_VIEW_FLUSH_MS: String(e2eTimings.pageViewFlushMs),
    ...env,
  });
  return {
    base: `http://127.0.0.1:${server.port}`,
    server,
    formToken() {
      const db = new SQLite(database.path, { readonly: true, fileMustExist: true });
      try {
        const { value } = db.prepare("select value from server_secrets where name = 'form-token'").get() as {
          value: string;
        };
        return signFormToken(value, Date.now() - 60_000);
      } finally {
        db.close();
      }
    },
    async close() {
      if (server.alive()) {
        server.child.kill("SIGTERM");
        await server.exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
