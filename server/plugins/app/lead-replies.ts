import fp from "fastify-plugin";
import { createLeadReplyWorker } from "../../delivery/lead-replies.ts";
import { createLeadMessageOutbox } from "../../repositories/leads/messages.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The replies to leads' outbox (server/delivery/lead-replies.ts): wake it after a reply is committed. */
    leadReplies: {
      wake(): void;
      /** Resolves when the worker's round under way has finished (tests). */
      settled(): Promise<void>;
    };
  }
}

/** Sends the replies users write to leads with the server's mail transport; without mail configured none are queued (409). */
export default fp(
  async (app) => {
    const worker =
      app.mailer && app.config.delivery.mail
        ? createLeadReplyWorker({
            outbox: createLeadMessageOutbox(app.db),
            mailer: app.mailer,
            replyAddress: app.config.inbound?.replyAddress ?? null,
            clock: app.clock,
            log: app.log,
          })
        : null;
    app.decorate("leadReplies", { wake: () => worker?.wake(), settled: async () => worker?.settled() });
    app.addHook("onReady", async () => {
      worker?.start();
    });
    // onClose hooks run in reverse order of registration: the sends in flight finish before the delivery
    // plugin closes the transport.
    app.addHook("onClose", async () => {
      await worker?.stop();
    });
  },
  { name: "lead-replies", dependencies: ["repositories", "delivery"] },
);
