import type { FastifyInstance } from "fastify";
import {
  deliveryListQuery,
  deliveryParams,
  type DeliveryHealth,
  type DeliveryList,
  type DeliveryState,
  type SendUnsentResult,
} from "../../../contract/deliveries.ts";
import { channelHealth, ownerEmailProblem, ownerEmailRecipients } from "../../delivery/owner-channels.ts";
import { NO_ADDRESS_MESSAGE, NO_MAIL_MESSAGE } from "../../delivery/test-email.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { testEmailHandler } from "./admin-notification-settings.ts";

// The owner's view of lead delivery (contract/deliveries.ts). Admin only, never cached.

const viewStates: Record<string, DeliveryState[]> = {
  attention: ["failed", "pending", "sending"],
  pending: ["pending", "sending"],
  failed: ["failed"],
  "not-configured": ["not-configured"],
};

export default async function adminDeliveryRoutes(app: FastifyInstance) {
  const { deliveries } = app.repositories.leads;
  const { notificationSettings } = app.repositories;
  const { delivery } = app.config;

  // The delivery's health (the banner every signed-in page shows) is for everyone; the deliveries themselves
  // and sending them are the owner's (issue 23).
  app.addHook("preHandler", async (request, reply) => {
    if (request.routeOptions.url === "/api/admin/deliveries/health")
      return app.adminSessions.requireAdmin(request, reply);
    return app.adminSessions.requireOwner(request, reply);
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get("/api/admin/deliveries", async (request): Promise<DeliveryList> => {
    const { state } = parseInput(deliveryListQuery, request.query, "Invalid list parameters.");
    return { items: await deliveries.needingAttention(viewStates[state]!) };
  });

  app.get("/api/admin/deliveries/health", async (): Promise<DeliveryHealth> => {
    const [stored, chat, counts, devices] = await Promise.all([
      notificationSettings.read(),
      app.repositories.chatChannel.read(),
      deliveries.counts(),
      app.repositories.pushSubscriptions.ownerDeviceCount(),
    ]);
    return { ...channelHealth(stored, delivery, { ownerDevices: devices, chat: chat.channel !== null }), ...counts };
  });

  /** The owner's e-mail's addresses now, or the 409 that says what is missing. */
  async function recipientsNow(): Promise<{ to: string[] } | { message: string }> {
    const stored = await notificationSettings.read();
    const to = ownerEmailRecipients(stored, delivery);
    if (to) return { to };
    return { message: ownerEmailProblem(stored, delivery) === "no-address" ? NO_ADDRESS_MESSAGE : NO_MAIL_MESSAGE };
  }

  app.post("/api/admin/deliveries/:id/retry", async (request, reply) => {
    const { id } = parseInput(deliveryParams, request.params, "Invalid delivery address.");
    const retried = await deliveries.retryNow(id, app.clock());
    if (retried) {
      request.log.info({ delivery: id }, "delivery queued again by the owner");
      app.deliveryWorker.wake();
      return retried;
    }
    const existing = await deliveries.find(id);
    if (!existing)
      return reply.code(404).send({ message: "There is no such delivery (its lead may have been deleted)" });
    if (existing.state !== "not-configured")
      return reply.code(409).send({ message: "This delivery is being sent right now." });
    // Recorded while no channel was set up: it goes to the addresses in use, once there are some.
    const now =
      existing.channel === "owner-email"
        ? await recipientsNow()
        : { message: "This channel is not configured; set it up first." };
    if ("message" in now) return reply.code(409).send({ message: now.message });
    const [queued] = await deliveries.queueNotConfigured(now.to.join(", "), app.clock(), id);
    if (!queued) return reply.code(409).send({ message: "This delivery was queued already." });
    request.log.info(
      { delivery: id, recipients: now.to.length },
      "a delivery recorded as not configured was queued by the owner",
    );
    app.deliveryWorker.wake();
    return queued;
  });

  app.post("/api/admin/deliveries/send-unsent", async (request, reply) => {
    const now = await recipientsNow();
    if ("message" in now) return reply.code(409).send({ message: now.message });
    const queued = await deliveries.queueNotConfigured(now.to.join(", "), app.clock());
    request.log.info(
      { queued: queued.length, recipients: now.to.length },
      "owner e-mails recorded as not configured were queued by the owner",
    );
    app.deliveryWorker.wake();
    return { queued: queued.length, to: now.to } satisfies SendUnsentResult;
  });

  // The same handler as POST /api/admin/settings/notifications/test: to the addresses in use.
  app.post("/api/admin/deliveries/test-email", testEmailHandler);
}
