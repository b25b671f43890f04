import type { FastifyInstance } from "fastify";
import { businessHoursInput, weekInWords, type BusinessHours } from "../../../contract/business-hours.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { activityActor, adminOf } from "../../plugins/app/admin-sessions.ts";
import { recordActivity } from "../../repositories/activity/activity-repository.ts";

// The business hours (issue 33, contract/business-hours.ts): every signed-in user reads them (the follow-up
// shortcuts and "Now" count in them); owners change them. Saving counts every waiting lead's deadline
// again under the new hours, in the same transaction.
//
//   GET /api/admin/settings/business-hours   -> BusinessHours
//   PUT /api/admin/settings/business-hours   BusinessHours (owners) -> BusinessHours

export default async function adminBusinessHoursRoutes(app: FastifyInstance) {
  const { businessHours, leads } = app.repositories;
  const { requireAdmin, requireOwner } = app.adminSessions;

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get("/api/admin/settings/business-hours", { preHandler: requireAdmin }, async (): Promise<BusinessHours> =>
    businessHours.get(),
  );

  app.put(
    "/api/admin/settings/business-hours",
    { preHandler: requireOwner },
    async (request): Promise<BusinessHours> => {
      const hours = parseInput(businessHoursInput, request.body, "Please correct the business hours.");
      const admin = adminOf(request);
      let rekeyed = 0;
      await businessHours.put(hours, admin.userId, async (trx) => {
        rekeyed = await leads.rekeyWaiting(trx, hours);
        const closed =
          hours.closedDates.length > 0
            ? `; closed on ${hours.closedDates.length} ${hours.closedDates.length === 1 ? "date" : "dates"}`
            : "";
        await recordActivity(
          trx,
          [
            {
              actor: activityActor(admin),
              kind: "settings",
              summary: `set the business hours to ${weekInWords(hours)} (${hours.timeZone})${closed}`,
            },
          ],
          app.clock(),
        );
      });
      request.log.info({ rekeyed }, "business hours saved; waiting leads' deadlines counted again");
      return hours;
    },
  );
}
