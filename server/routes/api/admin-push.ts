import type { FastifyInstance } from "fastify";
import {
  pushDeviceParams,
  pushSubscriptionInput,
  type PushDevice,
  type PushPublicKey,
} from "../../../contract/push-subscriptions.ts";
import { defaultQuietHours, quietHoursInput, type QuietHours } from "../../../contract/quiet-hours.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { adminOf } from "../../plugins/app/admin-sessions.ts";

// Web push (issue 36): each signed-in user's devices that "Notify this device" turned on. The browser gets
// the VAPID public key, subscribes through its push service, and posts the subscription here; the user sees
// and removes their own devices only.
//
//   GET    /api/admin/push-public-key          -> { publicKey }
//   GET    /api/admin/push-subscriptions       -> { devices: PushDevice[] } (the user's own)
//   POST   /api/admin/push-subscriptions       PushSubscription JSON + deviceName? -> 201 { device }
//   DELETE /api/admin/push-subscriptions/:id   -> 204, or 404 for no such device of the user's
//   GET, PUT /api/admin/account/quiet-hours    QuietHours (contract/quiet-hours.ts), the user's own

// What a User-Agent names, in the order to test them (Edge's says Chrome too, Chrome's says Safari).
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, "Edge"],
  [/Firefox\//, "Firefox"],
  [/Chrome\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, "Android"],
  [/iPhone|iPad/, "iOS"],
  [/Mac OS X/, "macOS"],
  [/Windows/, "Windows"],
  [/Linux/, "Linux"],
];
const firstMatch = (ua: string, names: Array<[RegExp, string]>) => names.find(([pattern]) => pattern.test(ua))?.[1];

/** The name a device gets when the browser sends none: its browser and system, from the User-Agent. */
export function deviceNameFrom(userAgent: string | undefined): string {
  const ua = userAgent ?? "";
  const browser = firstMatch(ua, BROWSERS) ?? "Browser";
  const system = firstMatch(ua, SYSTEMS);
  return system ? `${browser} on ${system}` : browser;
}

export default async function adminPushRoutes(app: FastifyInstance) {
  const { pushSubscriptions, serverSecrets, users, businessHours } = app.repositories;
  const { requireAdmin } = app.adminSessions;

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get("/api/admin/push-public-key", { preHandler: requireAdmin }, async (): Promise<PushPublicKey> => ({
    publicKey: await serverSecrets.get("vapid-public-key"),
  }));

  app.get(
    "/api/admin/push-subscriptions",
    { preHandler: requireAdmin },
    async (request): Promise<{ devices: PushDevice[] }> => ({
      devices: await pushSubscriptions.list(adminOf(request).userId),
    }),
  );

  app.post("/api/admin/push-subscriptions", { preHandler: requireAdmin }, async (request, reply) => {
    const input = parseInput(pushSubscriptionInput, request.body, "This browser's subscription could not be read.");
    const device = await pushSubscriptions.save(
      adminOf(request).userId,
      input,
      input.deviceName ?? deviceNameFrom(request.headers["user-agent"]),
    );
    return reply.code(201).send({ device });
  });

  // Quiet hours (issue 36, point 4): the user's own, off until they turn them on; never set, the night on the
  // business's clock is offered.
  app.get("/api/admin/account/quiet-hours", { preHandler: requireAdmin }, async (request): Promise<QuietHours> => {
    const stored = await users.quietHours(adminOf(request).userId);
    return stored ?? defaultQuietHours((await businessHours.get()).timeZone);
  });

  app.put("/api/admin/account/quiet-hours", { preHandler: requireAdmin }, async (request): Promise<QuietHours> => {
    const quiet = parseInput(quietHoursInput, request.body, "Please correct the quiet hours.");
    await users.setQuietHours(adminOf(request).userId, quiet);
    return quiet;
  });

  app.delete("/api/admin/push-subscriptions/:id", { preHandler: requireAdmin }, async (request, reply) => {
    const { id } = parseInput(pushDeviceParams, request.params, "Invalid device.");
    if (!(await pushSubscriptions.remove(adminOf(request).userId, id)))
      return reply.code(404).send({ message: "There is no such device." });
    return reply.code(204).send();
  });
}
