import type { FastifyInstance } from "fastify";
import { sql } from "kysely";

export default async function healthRoutes(app: FastifyInstance) {
  // Liveness: the process answers. Never touches the database, so a slow database does not get us killed.
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });

  // Readiness: the database answers a query.
  app.get("/readyz", async (request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      await sql`select 1`.execute(app.db);
      return { status: "ready" };
    } catch (error) {
      request.log.error({ err: error }, "readiness check failed");
      return reply.code(503).send({ status: "unavailable", message: "The database does not answer" });
    }
  });
}
