import fp from "fastify-plugin";
import { PASSWORD_RESET_TTL_MS } from "../../../contract/team.ts";
import { createAccountMailWorker, type ComposePasswordReset } from "../../delivery/account-mail.ts";
import { passwordResetMail } from "../../delivery/mail/team-mail.ts";
import { linkOrigin } from "../../lib/link-origin.ts";
import {
  createAccountMailsRepository,
  type AccountMailsRepository,
} from "../../repositories/account-mails-repository.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The account mails' outbox (server/delivery/account-mail.ts): wake it after committing a queued mail. */
    accountMail: {
      mails: AccountMailsRepository;
      wake(): void;
      /** Resolves when the worker's round under way has finished (tests). */
      settled(): Promise<void>;
    };
  }
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Sends the account mails' outbox with the server's mail transport; without mail configured nothing is queued. */
export default fp(
  async (app) => {
    const mails = createAccountMailsRepository(app.db);
    const mail = app.config.delivery.mail;
    // A reset request becomes a mail only here, for an active account: a fresh link in the fragment (#).
    const composePasswordReset: ComposePasswordReset = async (address) => {
      const link = await app.repositories.passwordResets.createLink(address);
      if (!link) return null;
      const { companyName } = app.config.delivery.business;
      const { subject, text, html } = passwordResetMail({
        to: link.username,
        companyName,
        link: `${linkOrigin(app)}/admin/reset-password#${link.token}`,
        minutes: PASSWORD_RESET_TTL_MS / 60_000,
      });
      return { subject, text, html };
    };
    const worker =
      app.mailer && mail
        ? createAccountMailWorker({
            mails,
            composePasswordReset,
            mailer: app.mailer,
            from: mail.from,
            clock: app.clock,
            log: app.log,
          })
        : null;
    app.decorate("accountMail", { mails, wake: () => worker?.wake(), settled: async () => worker?.settled() });
    const sweep = async () => {
      try {
        const removed = await mails.deleteOld(app.clock());
        if (removed > 0) app.log.info({ removed }, "removed old account e-mails");
      } catch (error) {
        app.log.warn({ err: error }, "could not finish: removed old account e-mails");
      }
    };
    const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
    app.addHook("onReady", async () => {
      worker?.start();
      await sweep();
    });
    // onClose hooks run in reverse order of registration: the sends in flight finish before the delivery
    // plugin closes the transport.
    app.addHook("onClose", async () => {
      clearInterval(timer);
      await worker?.stop();
    });
  },
  { name: "account-mail", dependencies: ["repositories", "delivery"] },
);
