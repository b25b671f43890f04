import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  notificationSettingsUpdate,
  resendConfirmation,
  type NotificationSettings,
} from "../../../contract/notification-settings.ts";
import { failureForLog } from "../../delivery/failure-log.ts";
import { confirmationMail } from "../../delivery/mail/confirmation-mail.ts";
import { notificationSettingsView } from "../../delivery/owner-channels.ts";
import { sendOwnerTestEmail } from "../../delivery/test-email.ts";
import { linkOrigin } from "../../lib/link-origin.ts";
import { activityActor, adminOf } from "../../plugins/app/admin-sessions.ts";
import { parseInput } from "../../lib/request-errors.ts";
import type { IssuedLink } from "../../repositories/notification-settings-repository.ts";
import { CONFIRM_PATH } from "../notifications/confirm.ts";

// The owner's notification settings (contract/notification-settings.ts): the addresses that receive new
// leads (each confirmed by a link e-mailed to it), the auto-reply switch, the morning e-mail, and a test
// e-mail. Admin only, never cached; the origin check applies to the writes.

const NEEDS_MAIL = "E-mail is not configured on the server (SMTP_URL or MAIL_TRANSPORT=files, and MAIL_FROM), so";

/** The admin's "send a test e-mail", at both of its addresses. */
export async function testEmailHandler(request: FastifyRequest, reply: FastifyReply) {
  const app = request.server;
  const outcome = await sendOwnerTestEmail({
    mailer: app.mailer,
    config: app.config.delivery,
    stored: await app.repositories.notificationSettings.read(),
    now: app.clock(),
  });
  if (!outcome.ok) {
    // The message may repeat the mail server's answer, with an address in it: the status says enough here.
    request.log.warn({ status: outcome.status }, "test e-mail not sent");
    return reply.code(outcome.status).send({ message: outcome.message });
  }
  request.log.info("test e-mail sent");
  return outcome.result;
}

export default async function adminNotificationSettingsRoutes(app: FastifyInstance) {
  const settings = app.repositories.notificationSettings;
  const { delivery } = app.config;

  // The owner's settings (issue 23: members have none).
  app.addHook("preHandler", app.adminSessions.requireOwner);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const view = async (): Promise<NotificationSettings> => ({
    ...notificationSettingsView(await settings.read(), delivery, app.clock()),
    links: { origin: linkOrigin(app), siteOriginSet: app.config.siteOrigin !== null },
  });

  /**
   * E-mails each new link; answers the addresses whose e-mail the mail server refused, with its answer.
   * The addresses stay (waiting): the owner sends a new link once the mail server takes it.
   */
  async function sendLinks(request: FastifyRequest, links: IssuedLink[]): Promise<string[]> {
    const refused: string[] = [];
    for (const link of links) {
      const url = `${linkOrigin(app)}${CONFIRM_PATH}?token=${link.token}`;
      try {
        await app.mailer!.send(
          confirmationMail({
            from: delivery.mail!.from,
            to: link.address,
            link: url,
            companyName: delivery.business.companyName,
          }),
        );
        request.log.info("confirmation link sent");
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        request.log.warn({ failure: failureForLog(error) }, "confirmation link not sent");
        refused.push(`${link.address}: ${reason}`);
      }
    }
    return refused;
  }

  const refusedAnswer = (reply: FastifyReply, refused: string[]) =>
    reply.code(502).send({
      message: `Saved, but the mail server did not accept the confirmation e-mail (${refused.join("; ")}). Send a new link once the mail server works.`,
    });

  app.get("/api/admin/settings/notifications", view);

  app.put("/api/admin/settings/notifications", async (request, reply) => {
    const update = parseInput(notificationSettingsUpdate, request.body, "Invalid notification settings.");
    if (!delivery.mail || !app.mailer) {
      // Only what needs mail is refused: removing addresses or switching things off always works.
      const stored = await settings.read();
      const known = new Set(stored.addresses.map((address) => address.address));
      const added = (update.addresses ?? []).filter((address) => !known.has(address));
      if (added.length > 0)
        return reply
          .code(409)
          .send({ message: `${NEEDS_MAIL} no confirmation link can be sent to ${added.join(", ")}.` });
      if (update.autoReply === true)
        return reply.code(409).send({ message: `${NEEDS_MAIL} the auto-reply cannot be turned on.` });
      if (update.morningEmail?.enabled)
        return reply.code(409).send({ message: `${NEEDS_MAIL} the morning e-mail cannot be turned on.` });
    }
    const links = await settings.update(update, app.clock());
    const changed = [
      update.addresses !== undefined && "who gets new leads",
      update.autoReply !== undefined &&
        `the auto-reply (${update.autoReply === null ? "as the server says" : update.autoReply ? "on" : "off"})`,
      update.morningEmail !== undefined && `the morning e-mail (${update.morningEmail.enabled ? "on" : "off"})`,
    ].filter(Boolean);
    await app.repositories.activity.record({
      actor: activityActor(adminOf(request)),
      kind: "settings",
      summary: `changed ${changed.length > 0 ? changed.join(", ") : "the notification settings"}`,
      data: { addedAddresses: links.length },
    });
    request.log.info(
      { added: links.length, autoReply: update.autoReply, morningEmail: update.morningEmail },
      "notification settings changed",
    );
    const refused = await sendLinks(request, links);
    if (refused.length > 0) return refusedAnswer(reply, refused);
    return view();
  });

  app.post("/api/admin/settings/notifications/resend", async (request, reply) => {
    const { address } = parseInput(resendConfirmation, request.body, "Invalid address.");
    if (!delivery.mail || !app.mailer)
      return reply.code(409).send({ message: `${NEEDS_MAIL} no confirmation link can be sent.` });
    const link = await settings.renewLink(address, app.clock());
    if (!link) {
      const known = (await settings.read()).addresses.find((stored) => stored.address === address);
      return known
        ? reply.code(409).send({ message: `${address} is already confirmed.` })
        : reply.code(404).send({ message: `${address} is not in the list; add it first.` });
    }
    const refused = await sendLinks(request, [link]);
    if (refused.length > 0) return refusedAnswer(reply, refused);
    return view();
  });

  app.post("/api/admin/settings/notifications/test", testEmailHandler);
}
