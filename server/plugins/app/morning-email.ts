import fp from "fastify-plugin";
import { createMorningEmail, type MorningEmail } from "../../delivery/morning-email.ts";
import { nowWindow } from "../../repositories/leads/today.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The morning e-mail (server/delivery/morning-email.ts); tests call `runDue()` with their clock. */
    morningEmail: MorningEmail;
  }
}

/** Looks for the morning e-mail every minute once the server is ready; stops with it. */
export default fp(
  async (app) => {
    const morningEmail = createMorningEmail({
      settings: app.repositories.notificationSettings,
      today: async (now, zone) =>
        app.repositories.leads.today(now, zone, nowWindow(now, await app.repositories.businessHours.get())),
      mailer: app.mailer,
      config: app.config.delivery,
      siteOrigin: app.config.siteOrigin,
      clock: app.clock,
      log: app.log,
    });
    app.decorate("morningEmail", morningEmail);
    app.addHook("onReady", async () => morningEmail.start());
    app.addHook("onClose", async () => morningEmail.stop());
  },
  { name: "morning-email", dependencies: ["repositories", "delivery"] },
);
