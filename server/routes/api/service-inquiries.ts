import type { FastifyInstance } from "fastify";
import { listQuery } from "../../../contract/list-query.ts";
import { serviceInquiryInput } from "../../../contract/service-inquiry.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { formRateLimit } from "./rate-limits.ts";

export default async function serviceInquiryRoutes(app: FastifyInstance) {
  const { serviceInquiries } = app.repositories;

  app.post("/api/service-inquiry", { config: formRateLimit(app.config) }, async (request, reply) => {
    const input = parseInput(serviceInquiryInput, request.body, "Please correct the highlighted fields.");
    const stored = await serviceInquiries.create(input);
    request.log.info({ id: stored.id, form: stored.formName }, "stored a service inquiry");
    return reply.code(201).send(stored);
  });

  app.get(
    "/api/service-inquiries",
    { preHandler: app.adminSessions.requireAdmin },
    async (request, reply) => {
      const { limit } = parseInput(listQuery, request.query, "Invalid list parameters.");
      reply.header("cache-control", "no-store");
      return serviceInquiries.listNewest(limit);
    },
  );
}
