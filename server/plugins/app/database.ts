import fp from "fastify-plugin";
import { createDatabase } from "../../db/connection.ts";
import { optimizeDatabase } from "../../db/dialect.ts";
import { migrateToLatest, pendingMigrations } from "../../db/migrate.ts";
import { waitForDatabase } from "../../db/startup-wait.ts";
import { pingDatabase } from "../../db/unavailable.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Resolves when the database answers `select 1` (readiness, metrics): routes ask this, never `app.db`. */
    pingDatabase: () => Promise<void>;
  }
}

/**
 * Opens the database once it answers (waiting up to DATABASE_STARTUP_TIMEOUT_SECONDS), applies
 * pending migrations before the server accepts requests, closes it last.
 */
export default fp(
  async (app) => {
    const db = await waitForDatabase(
      async () => {
        // Opening may fail too (SQLite's file on a volume not mounted yet), so each attempt starts afresh.
        const candidate = createDatabase(app.config.database, app.log);
        try {
          await pingDatabase(candidate);
          return candidate;
        } catch (error) {
          await candidate.destroy();
          throw error;
        }
      },
      { timeoutMs: app.config.databaseStartupTimeoutMs, log: app.log },
    );
    try {
      const pending = await pendingMigrations(db);
      // Some migrations rewrite every lead: say why the start may take a while on a large database.
      if (pending.length > 0) app.log.info({ migrations: pending }, "applying database migrations");
      const applied = await migrateToLatest(db);
      if (applied.length > 0) app.log.info({ migrations: applied }, "applied database migrations");
      // Fresh planner statistics, so filtered lists pick their indexes (cheap when nothing changed).
      await optimizeDatabase(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    app.decorate("db", db);
    app.decorate("pingDatabase", () => pingDatabase(db));
    app.addHook("onClose", async () => {
      await db.destroy();
      app.log.info("database closed");
    });
  },
  { name: "database" },
);
