import fp from "fastify-plugin";

// Rows that have outlived their use are removed here, at start-up and then hourly: expired admin
// sessions, rate-limit counters whose window ended, known devices unused for a year and expired
// Idempotency-Keys, CSP violation counts older than 30 days, the morning e-mail's days after a month,
// page-view counts after 25 months; and once a day leads past LEAD_RETENTION_DAYS. One failing sweep is logged and does
// not stop the others.

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export default fp(
  async (app) => {
    const { sessions, rateLimits, knownDevices, leads, cspViolations, notificationSettings, verifications, pageViews } =
      app.repositories;
    const sweeps = [
      { removed: "removed expired sessions", run: () => sessions.deleteExpired(app.clock()) },
      { removed: "removed expired rate-limit counters", run: () => rateLimits.deleteExpired(app.clock()) },
      { removed: "removed expired known devices", run: () => knownDevices.deleteExpired(app.clock()) },
      { removed: "removed expired single-use codes", run: () => verifications.deleteExpired(app.clock()) },
      { removed: "removed expired idempotency keys", run: () => leads.deleteExpiredIdempotencyKeys(app.clock()) },
      {
        removed: "removed expired auto-reply recipients",
        run: () => leads.deliveries.deleteExpiredAutoReplyRecipients(app.clock()),
      },
      { removed: "removed expired used form tokens", run: () => leads.deleteExpiredFormTokenUses(app.clock()) },
      { removed: "removed old CSP violation counts", run: () => cspViolations.deleteExpired(app.clock()) },
      {
        removed: "removed old morning e-mail days",
        run: () => notificationSettings.deleteOldMorningEmails(app.clock()),
      },
      { removed: "removed page-view counts older than 25 months", run: () => pageViews.deleteExpired(app.clock()) },
    ];
    // LEAD_RETENTION_DAYS: once a day (at start-up, then whenever a day has passed since the last run),
    // leads older than that go with their notes and deliveries; the count is logged even when it is 0.
    const retentionDays = app.config.leadRetentionDays;
    let lastRetention = Number.NEGATIVE_INFINITY;
    const retention = async () => {
      if (retentionDays === null || app.clock().getTime() - lastRetention < DAY_MS) return;
      try {
        const now = app.clock();
        const removed = await leads.deleteOlderThan(new Date(now.getTime() - retentionDays * DAY_MS));
        lastRetention = now.getTime();
        app.log.info({ removed, retentionDays }, "lead retention: deleted leads older than LEAD_RETENTION_DAYS");
      } catch (error) {
        app.log.warn({ err: error }, "could not finish: lead retention");
      }
    };
    const sweep = async () => {
      for (const { removed: message, run } of sweeps) {
        try {
          const removed = await run();
          if (removed > 0) app.log.info({ removed }, message);
        } catch (error) {
          app.log.warn({ err: error }, `could not finish: ${message}`);
        }
      }
      await retention();
    };
    app.addHook("onReady", sweep);
    // Not awaited: sweep catches and logs each failure, so its promise never rejects.
    const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
    app.addHook("onClose", async () => clearInterval(timer));
  },
  { name: "sweeps", dependencies: ["repositories"] },
);
