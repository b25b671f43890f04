import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { contactSubmissionInput } from "../../../contract/contact-submission.ts";
import type { FormTokenAnswer, SubmissionReceipt } from "../../../contract/fields.ts";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKey } from "../../../contract/idempotency-key.ts";
import { listQuery } from "../../../contract/list-query.ts";
import { serviceInquiryInput } from "../../../contract/service-inquiry.ts";
import { InputValidationError, parseInput } from "../../lib/request-errors.ts";
import { storeLead } from "../lead-intake.ts";
import { formRateLimit } from "./rate-limits.ts";

// The spec's endpoints for the two kinds of lead (SPEC §7): the public form post, and the admin's list;
// and the form token every form fetches when it appears (the spam guard's clock, plugins/app/spam-guard.ts).

const leadForms = {
  contacts: { post: "/api/contact", list: "/api/contact-submissions", schema: contactSubmissionInput },
  inquiries: { post: "/api/service-inquiry", list: "/api/service-inquiries", schema: serviceInquiryInput },
} as const satisfies Record<LeadKind, { post: string; list: string; schema: z.ZodType }>;

/** The request's Idempotency-Key, undefined when it sent none; 400 naming the header when malformed. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  const parsed = idempotencyKey.safeParse(value);
  if (parsed.success) return parsed.data;
  const reason = parsed.error.issues[0]?.message ?? "is malformed";
  throw new InputValidationError(`The ${IDEMPOTENCY_KEY_HEADER} header is malformed.`, {
    [IDEMPOTENCY_KEY_HEADER]: reason,
  });
}

export default async function leadFormRoutes(app: FastifyInstance) {
  const { leads } = app.repositories;

  app.get("/api/form-token", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { token: app.spamGuard.issueFormToken() } satisfies FormTokenAnswer;
  });

  for (const kind of ["contacts", "inquiries"] as const) {
    const form = leadForms[kind];

    app.post(form.post, { config: formRateLimit(app.config) }, async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const input = parseInput(form.schema, request.body, "Please correct the highlighted fields.");
      const stored = await storeLead(app, request, kind, input, app.spamGuard.verdict(input), key);
      // The same answer for every lead, so a bot cannot tell that it was recognised.
      return reply.code(201).send({ id: stored.id, createdAt: stored.createdAt } satisfies SubmissionReceipt);
    });

    // The newest leads that are not spam, at most LIST_MAX_ROWS (contract/list-query.ts).
    app.get(form.list, { preHandler: app.adminSessions.requireAdmin }, async (request, reply) => {
      const { limit } = parseInput(listQuery, request.query, "Invalid list parameters.");
      reply.header("cache-control", "no-store");
      return leads.newest(kind, limit);
    });
  }
}
