import type { FastifyInstance } from "fastify";
import { contactSubmissionInput } from "../../../contract/contact-submission.ts";
import { listQuery } from "../../../contract/list-query.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { spamVerdict } from "../../lib/spam-check.ts";
import type { SubmissionReceipt } from "../../../contract/fields.ts";
import { formRateLimit } from "./rate-limits.ts";

export default async function contactSubmissionRoutes(app: FastifyInstance) {
  const { contactSubmissions } = app.repositories;

  app.post("/api/contact", { config: formRateLimit(app.config) }, async (request, reply) => {
    const input = parseInput(contactSubmissionInput, request.body, "Please correct the highlighted fields.");
    const spam = spamVerdict(input);
    const stored = await contactSubmissions.create(input, spam);
    request.log.info({ id: stored.id, form: stored.formName, spam: spam !== null }, "stored a contact submission");
    // The same answer for every lead, so a bot cannot tell that it was recognised.
    return reply.code(201).send({ id: stored.id, createdAt: stored.createdAt } satisfies SubmissionReceipt);
  });

  app.get(
    "/api/contact-submissions",
    { preHandler: app.adminSessions.requireAdmin },
    async (request, reply) => {
      const { limit } = parseInput(listQuery, request.query, "Invalid list parameters.");
      reply.header("cache-control", "no-store");
      return contactSubmissions.listNewest(limit);
    },
  );
}
