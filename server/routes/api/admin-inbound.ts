import type { FastifyInstance } from "fastify";
import type { InboundStatus } from "../../../contract/inbound-status.ts";

// GET /api/admin/inbound-status (any signed-in user): are replies from leads collected, where, how the last
// check went (contract/inbound-status.ts). Settings and the lead page say so.

export default async function adminInboundRoutes(app: FastifyInstance) {
  app.get(
    "/api/admin/inbound-status",
    { preHandler: app.adminSessions.requireAdmin },
    async (_request, reply): Promise<InboundStatus> => {
      reply.header("cache-control", "no-store");
      return app.inbound.status();
    },
  );
}
