import fp from "fastify-plugin";
import { createMailTransport, type MailTransport } from "../../delivery/mail/mail-transport.ts";
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
  async (app) => {
    const config = app.config.delivery;
    const mailer = config.mail ? createMailTransport(config.mail.transport, { now: app.clock }) : null;
    const send = createSenders({
      config,
      siteOrigin: app.config.siteOrigin,
      leads: app.repositories.leads,
      mailer,
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
