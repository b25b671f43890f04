import fp from "fastify-plugin";
import type { InboundStatus } from "../../../contract/inbound-status.ts";
import { createInboundPoller, type PollOutcome } from "../../delivery/inbound/poller.ts";
import { createInboundMessages } from "../../repositories/leads/inbound-messages.ts";
import { createMailboxStateRepository } from "../../repositories/mailbox-state-repository.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Replies from leads over IMAP (server/delivery/inbound/): on when config.inbound is set. */
    inbound: {
      /** One poll now, after the one under way (tests). */
      pollNow(): Promise<PollOutcome>;
      /** Resolves when the poll under way (if any) has finished (tests). */
      settled(): Promise<void>;
      status(): Promise<InboundStatus>;
    };
  }
}

/** Polls the replies mailbox every IMAP_POLL_SECONDS from start-up; without IMAP_URL and REPLY_TO_ADDRESS nothing runs. */
export default fp(
  async (app) => {
    const inbound = app.config.inbound;
    if (!inbound) {
      app.decorate("inbound", {
        pollNow: async () => ({ polled: false, reason: "stopped" }) as const,
        settled: async () => {},
        status: async () => ({ collecting: false, replyAddress: null, lastPolledAt: null, lastError: null }),
      });
      return;
    }
    const state = createMailboxStateRepository(app.db, inbound.mailbox);
    const poller = createInboundPoller({
      inbound,
      messages: createInboundMessages(app.db),
      state,
      clock: app.clock,
      log: app.log,
    });
    app.decorate("inbound", {
      pollNow: poller.pollNow,
      settled: poller.settled,
      status: async () => ({ collecting: true, replyAddress: inbound.replyAddress, ...(await state.status()) }),
    });
    app.addHook("onReady", async () => {
      poller.start();
    });
    app.addHook("onClose", async () => {
      await poller.stop();
    });
  },
  { name: "inbound-mail", dependencies: ["database"] },
);
