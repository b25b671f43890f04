import type { FastifyInstance } from "fastify";
import { deliveryListQuery, deliveryParams, type DeliveryHealth, type DeliveryList, type TestEmailResult } from "../../../contract/deliveries.ts";
import { sendTestMail } from "../../delivery/mail/mail-transport.ts";
import { parseInput } from "../../lib/request-errors.ts";

// The owner's view of lead delivery (contract/deliveries.ts). Admin only, never cached.

export default async function adminDeliveryRoutes(app: FastifyInstance) {
  const { deliveries } = app.repositories.leads;
  const { delivery } = app.config;

  app.addHook("preHandler", app.adminSessions.requireAdmin);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get("/api/admin/deliveries", async (request): Promise<DeliveryList> => {
    const { state } = parseInput(deliveryListQuery, request.query, "Invalid list parameters.");
    const states = state === "attention" ? (["failed", "pending", "sending"] as const) : state === "pending" ? (["pending", "sending"] as const) : (["failed"] as const);
    return { items: await deliveries.needingAttention([...states]) };
  });

  app.get("/api/admin/deliveries/health", async (): Promise<DeliveryHealth> => ({
    configured: { ownerEmail: delivery.mail !== null, autoReply: delivery.mail !== null && delivery.autoReply, webhook: delivery.webhook !== null },
    ...(await deliveries.counts()),
  }));

  app.post("/api/admin/deliveries/:id/retry", async (request, reply) => {
    const { id } = parseInput(deliveryParams, request.params, "Invalid delivery address.");
    const retried = await deliveries.retryNow(id, app.clock());
    if (!retried) {
      const existing = await deliveries.find(id);
      return existing
        ? reply.code(409).send({ message: existing.state === "not-configured" ? "This channel is not configured; set it up first." : "This delivery is being sent right now." })
        : reply.code(404).send({ message: "There is no such delivery (its lead may have been deleted)" });
    }
    request.log.info({ delivery: id }, "delivery queued again by the owner");
    app.deliveryWorker.wake();
    return retried;
  });

  app.post("/api/admin/deliveries/test-email", async (request, reply) => {
    if (!app.mailer || !delivery.mail) {
      return reply.code(409).send({ message: "E-mail is not configured: set SMTP_URL (or MAIL_TRANSPORT=files), MAIL_FROM and NOTIFY_EMAIL." });
    }
    try {
      const response = await sendTestMail(app.mailer, { from: delivery.mail.from, to: delivery.notify.join(", "), now: app.clock() });
      request.log.info({ response }, "test e-mail sent");
      return { to: delivery.notify, response } satisfies TestEmailResult;
    } catch (error) {
      // The mail server's own answer is what the owner needs to fix the settings.
      const message = error instanceof Error ? error.message : String(error);
      request.log.warn({ reason: message }, "test e-mail failed");
      return reply.code(502).send({ message: `The mail server did not accept the test e-mail: ${message}` });
    }
  });
}
