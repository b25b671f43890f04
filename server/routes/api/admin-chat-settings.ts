import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  chatServiceLabels,
  chatSettingsUpdate,
  type ChatSettings,
  type ChatTestFailure,
  type ChatTestResult,
} from "../../../contract/chat-channel.ts";
import { ChatPostError, chatTestMessage, maskChatUrl, sendChatMessage } from "../../delivery/chat.ts";
import { failureForLog } from "../../delivery/failure-log.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { activityActor, adminOf } from "../../plugins/app/admin-sessions.ts";
import { recordActivity } from "../../repositories/activity/activity-repository.ts";
import type { StoredChatChannel } from "../../repositories/chat-channel-repository.ts";

// The chat channel (issue 36, point 2; contract/chat-channel.ts): every signed-in user reads it (masked:
// the address is a secret), owners set it, turn it off and send a test message. Never cached; the origin
// check applies to the writes.

const PATH = "/api/admin/settings/chat";

const NOT_SET = "The chat channel is off: choose a service and paste its webhook address first.";

/** `testOrigins`: AppOptions.chatTestOrigins, a test's local receivers; never from the environment or a request. */
export default async function adminChatSettingsRoutes(
  app: FastifyInstance,
  { testOrigins = [] }: { testOrigins?: readonly string[] },
) {
  const chat = app.repositories.chatChannel;
  const { requireAdmin, requireOwner } = app.adminSessions;
  const updateSchema = chatSettingsUpdate(testOrigins);

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const view = async (): Promise<ChatSettings> => {
    const { channel, updatedAt } = await chat.read();
    return {
      kind: channel?.service ?? null,
      url: channel ? maskChatUrl(channel.url) : null,
      configured: channel !== null,
      updatedAt,
    };
  };

  /** Stores the channel (null: off) with its Activity record, in one transaction; answers the new view. */
  async function store(request: FastifyRequest, channel: StoredChatChannel | null): Promise<ChatSettings> {
    const admin = adminOf(request);
    const summary = channel
      ? `set the chat channel to ${chatServiceLabels[channel.service]} (${maskChatUrl(channel.url)})`
      : "turned the chat channel off";
    await chat.put(channel, admin.userId, (trx) =>
      recordActivity(trx, [{ actor: activityActor(admin), kind: "settings", summary }], app.clock()),
    );
    request.log.info({ service: channel?.service ?? null }, "chat channel changed");
    return view();
  }

  app.get(PATH, { preHandler: requireAdmin }, view);

  app.put(PATH, { preHandler: requireOwner }, async (request) => {
    const input = parseInput(updateSchema, request.body, "Please correct the chat channel.");
    return store(request, input.kind === null ? null : { service: input.kind, url: input.url });
  });

  app.delete(PATH, { preHandler: requireOwner }, async (request) => store(request, null));

  // Now, not through the outbox: the owner waits for the service's answer.
  app.post(`${PATH}/test`, { preHandler: requireOwner }, async (request, reply) => {
    const { channel } = await chat.read();
    if (!channel) return reply.code(409).send({ message: NOT_SET });
    try {
      await sendChatMessage(channel, chatTestMessage(channel.service, app.config.delivery.business.companyName));
    } catch (error) {
      if (!(error instanceof ChatPostError)) throw error;
      request.log.warn({ service: channel.service, failure: failureForLog(error) }, "chat test message not sent");
      return reply.code(502).send({ message: error.message, status: error.status } satisfies ChatTestFailure);
    }
    request.log.info({ service: channel.service }, "chat test message sent");
    return { sent: true } satisfies ChatTestResult;
  });
}
