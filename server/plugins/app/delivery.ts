import type { Agent } from "node:https";
import fp from "fastify-plugin";
import { createMailTransport, type MailTransport } from "../../delivery/mail/mail-transport.ts";
import { vapidSubject, type VapidKeys } from "../../delivery/push.ts";
import { readPublishedSiteSettings } from "../../content/published-content.ts";
import { createSenders } from "../../delivery/senders.ts";
import { createDeliveryWorker, type DeliveryWorker } from "../../delivery/worker.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Sends the outbox; routes wake it after committing a lead or a retry. */
    deliveryWorker: DeliveryWorker;
    /** The mail transport, or null when e-mail is not configured. */
    mailer: MailTransport | null;
  }
}

/** Lead delivery (server/delivery/): the mail transport and the outbox worker, started with the server. */
export default fp(
  async (app, options: { pushAgent?: Agent | undefined }) => {
    const config = app.config.delivery;
    const mailer = config.mail ? createMailTransport(config.mail.transport, { now: app.clock }) : null;
    let vapidKeys: Promise<VapidKeys> | undefined;
    const readVapidKeys = async (): Promise<VapidKeys> => ({
      publicKey: await app.repositories.serverSecrets.get("vapid-public-key"),
      privateKey: await app.repositories.serverSecrets.get("vapid-private-key"),
    });
    const send = createSenders({
      config,
      siteOrigin: app.config.siteOrigin,
      leads: app.repositories.leads,
      mailer,
      push: {
        subscriptions: app.repositories.pushSubscriptions,
        // Read once they are needed; a failed read (the database away) is tried again at the next push.
        keys: () =>
          (vapidKeys ??= readVapidKeys().catch((error: unknown) => {
            vapidKeys = undefined;
            throw error;
          })),
        subject: vapidSubject(app.config.siteOrigin, config.mail?.from ?? null),
        agent: options.pushAgent,
      },
      chat: app.repositories.chatChannel,
      site: { read: () => readPublishedSiteSettings(app.db) },
      clock: app.clock,
    });
    const worker = createDeliveryWorker({
      deliveries: app.repositories.leads.deliveries,
      send,
      clock: app.clock,
      log: app.log,
    });
    app.decorate("mailer", mailer);
    app.decorate("deliveryWorker", worker);
    app.addHook("onReady", async () => worker.start());
    // SIGTERM: stop claiming, let the sends in flight finish, then close the mail connections.
    app.addHook("onClose", async () => {
      await worker.stop();
      mailer?.close();
    });
  },
  { name: "delivery", dependencies: ["repositories"] },
);
