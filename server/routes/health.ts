import type { FastifyInstance } from "fastify";
import {
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
  unavailableReason,
  withDatabaseTimeout,
} from "../db/unavailable.ts";

/** A database that has not answered `select 1` in this time counts as down: a probe must not hang. */
export const READINESS_TIMEOUT_MS = 2_000;

export default async function healthRoutes(app: FastifyInstance) {
  // Liveness: the process answers. Never touches the database, so a slow database does not get us killed.
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });

  // Readiness: the server is not stopping, and the database answers a query within READINESS_TIMEOUT_MS.
  app.get("/readyz", async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (app.drain.active) {
      reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return reply.code(503).send({ status: "stopping", message: "This instance is shutting down" });
    }
    try {
      await withDatabaseTimeout(app.pingDatabase(), READINESS_TIMEOUT_MS, "the readiness check");
      return { status: "ready" };
    } catch (error) {
      // An outage is a state the probe reports, not a fault of ours; anything else is.
      if (isDatabaseUnavailable(error))
        request.log.warn({ reason: unavailableReason(error) }, "not ready: the database is unavailable");
      else request.log.error({ err: error }, "readiness check failed");
      reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return reply.code(503).send({ status: "unavailable", message: "The database does not answer" });
    }
  });
}
