import fp from "fastify-plugin";
import { createDatabase } from "../../db/connection.ts";
import { optimizeDatabase } from "../../db/dialect.ts";
import { migrateToLatest, pendingMigrations } from "../../db/migrate.ts";

/** Opens the database, applies pending migrations before the server accepts requests, closes it last. */
export default fp(
  async (app) => {
    const db = createDatabase(app.config.database, app.log);
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
    app.addHook("onClose", async () => {
      await db.destroy();
      app.log.info("database closed");
    });
  },
  { name: "database" },
);
