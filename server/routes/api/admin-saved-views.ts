import type { FastifyInstance } from "fastify";
import {
  SAVED_VIEWS_MAX,
  savedViewInput,
  savedViewParams,
  type SavedView,
  type SavedViews,
} from "../../../contract/saved-views.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { adminOf } from "../../plugins/app/admin-sessions.ts";

// Saved views (issue 38, contract/saved-views.ts): each signed-in user's own named lead lists, members
// and owners alike. Nobody sees or deletes another user's views: every call is the signed-in user's.
//
//   GET    /api/admin/saved-views       -> SavedViews
//   POST   /api/admin/saved-views       SavedViewInput -> SavedView (201)
//   DELETE /api/admin/saved-views/:id   -> 204

const NOT_FOUND = { message: "There is no such saved view (it may have been deleted)." };

export default async function adminSavedViewRoutes(app: FastifyInstance) {
  const { savedViews } = app.repositories;
  app.addHook("preHandler", app.adminSessions.requireAdmin);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get("/api/admin/saved-views", async (request): Promise<SavedViews> => ({
    items: await savedViews.list(adminOf(request).userId),
  }));

  app.post("/api/admin/saved-views", async (request, reply): Promise<SavedView> => {
    const view = parseInput(savedViewInput, request.body, "Please correct the saved view.");
    const { userId } = adminOf(request);
    if (await savedViews.hasName(userId, view.name)) {
      const message = `You already have a view named "${view.name}". Choose another name.`;
      return reply.code(400).send({ message, errors: { name: message } });
    }
    if ((await savedViews.count(userId)) >= SAVED_VIEWS_MAX) {
      const message = `You have ${SAVED_VIEWS_MAX} saved views, the most one user keeps. Delete one first.`;
      return reply.code(400).send({ message, errors: { name: message } });
    }
    return reply.code(201).send(await savedViews.add(userId, view));
  });

  app.delete("/api/admin/saved-views/:id", async (request, reply) => {
    const { id } = parseInput(savedViewParams, request.params, "Invalid saved view address.");
    if (!(await savedViews.delete(adminOf(request).userId, id))) return reply.code(404).send(NOT_FOUND);
    return reply.code(204).send();
  });
}
