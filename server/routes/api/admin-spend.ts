import type { FastifyInstance } from "fastify";
import { BUSINESS_CURRENCY, formatAmount } from "../../../contract/money.ts";
import { spendInput, type SpendSettings } from "../../../contract/spend.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { activityActor, adminOf } from "../../plugins/app/admin-sessions.ts";

// What the channels cost (issue 38, contract/spend.ts): every signed-in user reads it (the report's costs
// are theirs to see, as the reports are); owners change it, as every setting. PUT replaces the set.
//
//   GET /api/admin/settings/spend   -> SpendSettings
//   PUT /api/admin/settings/spend   SpendLine[] (owners) -> SpendSettings

/** SPEND_MAX_LINES lines of about 100 bytes are more than the app's 32 KB. */
const SPEND_BODY_LIMIT_BYTES = 512 * 1024;

export default async function adminSpendRoutes(app: FastifyInstance) {
  const { spend, activity } = app.repositories;
  const { requireAdmin, requireOwner } = app.adminSessions;

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get("/api/admin/settings/spend", { preHandler: requireAdmin }, async (): Promise<SpendSettings> => ({
    currency: BUSINESS_CURRENCY,
    lines: await spend.list(),
  }));

  app.put(
    "/api/admin/settings/spend",
    { preHandler: requireOwner, bodyLimit: SPEND_BODY_LIMIT_BYTES },
    async (request): Promise<SpendSettings> => {
      const lines = parseInput(spendInput, request.body, "Please correct the spend.");
      const admin = adminOf(request);
      await spend.replace(lines, admin.userId);
      const total = lines.reduce((sum, line) => sum + line.amount, 0);
      await activity.record({
        actor: activityActor(admin),
        kind: "settings",
        summary:
          lines.length === 0
            ? "cleared the spend"
            : `set the spend: ${lines.length} ${lines.length === 1 ? "line" : "lines"}, ${formatAmount(total)} in all`,
      });
      request.log.info({ lines: lines.length }, "spend saved");
      return { currency: BUSINESS_CURRENCY, lines: await spend.list() };
    },
  );
}
