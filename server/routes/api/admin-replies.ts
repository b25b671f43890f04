import type { FastifyInstance, FastifyRequest } from "fastify";
import { leadParams } from "../../../contract/admin-leads.ts";
import { callInput, nextCallSlot, type CallAnswer } from "../../../contract/lead-calls.ts";
import {
  defaultReplyTemplate,
  replyInput,
  replyMessageParams,
  replyTemplateInput,
  replyTemplateParams,
  type ReplySender,
  type ReplyTemplatesAnswer,
} from "../../../contract/lead-messages.ts";
import { contactBookingHref } from "../../../contract/public-forms.ts";
import { parseMailbox } from "../../delivery/mail/mail-parts.ts";
import { linkOrigin } from "../../lib/link-origin.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { activityActor, adminOf } from "../../plugins/app/admin-sessions.ts";

// Answering leads from their page (issue 33, points 3 and 5; contract/lead-messages.ts, lead-calls.ts):
// the reply templates (any user reads, owners write), a reply e-mail (queued, sent by the worker in
// server/delivery/lead-replies.ts) and a logged call. Data access is the repositories' (no SQL here).

const NOT_FOUND = { message: "There is no such lead (it may have been deleted)" };
const NO_TEMPLATE = { message: "There is no such reply template (it may have been deleted)." };
const NO_FAILED_MESSAGE = { message: "There is no such unsent message on this lead (it may have been sent already)." };
export const MAIL_NOT_CONFIGURED =
  "E-mail is not configured on the server, so replies cannot be sent. Set SMTP_URL (or MAIL_TRANSPORT=files) and MAIL_FROM, then restart it.";
/** A 20,000-character body in any script is more than the app's 32 KB default. */
const REPLY_BODY_LIMIT_BYTES = 128 * 1024;

export default async function adminReplyRoutes(app: FastifyInstance) {
  const { replyTemplates, leadAnswers } = app.repositories;

  app.addHook("preHandler", app.adminSessions.requireAdmin);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  /** The signed-in user's facts for the templates: their name, the business, the site's booking link. */
  function senderOf(request: FastifyRequest): ReplySender {
    const { business } = app.config.delivery;
    return {
      senderName: activityActor(adminOf(request)).name,
      companyName: business.companyName,
      phone: business.phone,
      bookingLink: `${linkOrigin(app)}${contactBookingHref}`,
    };
  }

  app.get("/api/admin/reply-templates", async (request): Promise<ReplyTemplatesAnswer> => ({
    items: await replyTemplates.list(),
    fallback: defaultReplyTemplate,
    sender: senderOf(request),
  }));

  app.post(
    "/api/admin/reply-templates",
    { preHandler: app.adminSessions.requireOwner, bodyLimit: REPLY_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const content = parseInput(replyTemplateInput, request.body, "Please check the template.");
      return reply.code(201).send(await replyTemplates.create(content, activityActor(adminOf(request))));
    },
  );

  app.put(
    "/api/admin/reply-templates/:id",
    { preHandler: app.adminSessions.requireOwner, bodyLimit: REPLY_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const { id } = parseInput(replyTemplateParams, request.params, "Invalid template address.");
      const content = parseInput(replyTemplateInput, request.body, "Please check the template.");
      return (
        (await replyTemplates.update(id, content, activityActor(adminOf(request)))) ?? reply.code(404).send(NO_TEMPLATE)
      );
    },
  );

  app.delete(
    "/api/admin/reply-templates/:id",
    { preHandler: app.adminSessions.requireOwner },
    async (request, reply) => {
      const { id } = parseInput(replyTemplateParams, request.params, "Invalid template address.");
      if (!(await replyTemplates.delete(id, activityActor(adminOf(request))))) return reply.code(404).send(NO_TEMPLATE);
      return reply.code(204).send();
    },
  );

  app.post("/api/admin/leads/:kind/:id/replies", { bodyLimit: REPLY_BODY_LIMIT_BYTES }, async (request, reply) => {
    const { kind, id } = parseInput(leadParams, request.params, "Invalid lead address.");
    const input = parseInput(replyInput, request.body, "Please check the reply.");
    const mail = app.config.delivery.mail;
    if (!mail || !app.mailer) return reply.code(409).send({ message: MAIL_NOT_CONFIGURED });
    const outcome = await leadAnswers.reply(kind, id, input, {
      actor: activityActor(adminOf(request)),
      fromAddress: parseMailbox(mail.from).address,
    });
    if (!outcome) return reply.code(404).send(NOT_FOUND);
    app.leadReplies.wake();
    // Who wrote to which lead; never the words.
    request.log.info({ kind, id, leadMessage: outcome.event.id }, "reply to a lead queued");
    return reply.code(202).send(outcome.event);
  });

  app.post("/api/admin/leads/:kind/:id/replies/:messageId/retry", async (request, reply) => {
    const { kind, id } = parseInput(leadParams, request.params, "Invalid lead address.");
    const { messageId } = parseInput(replyMessageParams, request.params, "Invalid message address.");
    if (!app.config.delivery.mail || !app.mailer) return reply.code(409).send({ message: MAIL_NOT_CONFIGURED });
    const outcome = await leadAnswers.retry(kind, id, messageId);
    if (!outcome) return reply.code(404).send(NO_FAILED_MESSAGE);
    app.leadReplies.wake();
    return reply.code(202).send(outcome.event);
  });

  app.post("/api/admin/leads/:kind/:id/calls", async (request, reply) => {
    const { kind, id } = parseInput(leadParams, request.params, "Invalid lead address.");
    const { outcome, note } = parseInput(callInput, request.body, "Please check the call.");
    const event = await leadAnswers.logCall(kind, id, { outcome, note: note ?? null }, activityActor(adminOf(request)));
    if (!event || event.type !== "call") return reply.code(404).send(NOT_FOUND);
    const answer: CallAnswer =
      outcome === "no-answer"
        ? {
            ...event,
            suggestedFollowUpAt: nextCallSlot(app.clock(), await app.repositories.businessHours.get()).toISOString(),
          }
        : event;
    return reply.code(201).send(answer);
  });
}
