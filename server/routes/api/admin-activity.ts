import type { FastifyInstance } from "fastify";
import { ACTIVITY_PAGE_SIZE, activityQuery, type ActivityPage } from "../../../contract/activity.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { decodeActivityCursor } from "../../repositories/activity/activity-repository.ts";

// GET /api/admin/activity (owners): who did what and when, newest first, by user and kind, a page at a time
// (contract/activity.ts).

export default async function adminActivityRoutes(app: FastifyInstance) {
  app.get(
    "/api/admin/activity",
    { preHandler: app.adminSessions.requireOwner },
    async (request, reply): Promise<ActivityPage> => {
      reply.header("cache-control", "no-store");
      const query = parseInput(activityQuery, request.query, "Invalid activity filters.");
      const after = query.cursor ? decodeActivityCursor(query.cursor) : undefined;
      if (after === null)
        return reply
          .code(400)
          .send({ message: "Invalid activity filters.", errors: { cursor: "cursor is not one this list gave" } });
      return app.repositories.activity.list({
        user: query.user,
        kind: query.kind,
        after,
        limit: query.limit ?? ACTIVITY_PAGE_SIZE,
      });
    },
  );
}
