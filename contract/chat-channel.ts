import { z } from "zod";

// The chat channel (issue 36, point 2): each new lead posted as one message to a Slack, Microsoft Teams or
// Google Chat channel through the service's incoming webhook, whose address the owner pastes in Settings.
// The address is a secret (whoever has it can post to the channel): it is stored, never answered whole.
//
//   GET    /api/admin/settings/chat        -> ChatSettings (every signed-in user)
//   PUT    /api/admin/settings/chat        ChatSettingsUpdate (owners) -> ChatSettings
//          { kind, url } turns it on or changes it; { kind: null } turns it off (issue 36's field names)
//   DELETE /api/admin/settings/chat        turns it off (owners) -> ChatSettings
//   POST   /api/admin/settings/chat/test   a test message now, not through the outbox (owners)
//          -> ChatTestResult; 502 { message, status } when the service refused it; 409 while it is off

export const chatServices = ["slack", "teams", "google-chat"] as const;
export type ChatService = (typeof chatServices)[number];

export const chatServiceLabels: Record<ChatService, string> = {
  slack: "Slack",
  teams: "Microsoft Teams",
  "google-chat": "Google Chat",
};

/** Where the owner finds the address in each service (Settings shows it beside the field). */
export const chatServiceHints: Record<ChatService, string> = {
  slack:
    "In Slack, create an app for your workspace, turn on Incoming Webhooks, add a webhook to the channel and copy its URL (https://hooks.slack.com/services/…).",
  teams:
    "In the Teams channel, open Workflows, choose “Post to a channel when a webhook request is received”, finish it and copy the URL it shows (…logic.azure.com or …powerplatform.com).",
  "google-chat":
    "In the Google Chat space, open Apps & integrations, then Webhooks, add one and copy its URL (https://chat.googleapis.com/v1/spaces/…).",
};

export type ChatSettings = {
  /** Which service: Slack, Teams or Google Chat; null while off. */
  kind: ChatService | null;
  /** The address's origin and its last 4 characters ("https://hooks.slack.com/…x9Qz"); null while off. */
  url: string | null;
  configured: boolean;
  /** When it was last set or turned off; null: never. */
  updatedAt: string | null;
};

export type ChatTestResult = { sent: true };
/** The 502 of the test message: what the service answered (null: it never answered) and what to do. */
export type ChatTestFailure = { message: string; status: number | null };

export const CHAT_URL_MAX = 2048;

const serviceList = "slack, teams or google-chat";

/** Every service's documented incoming-webhook hosts: a Teams Workflows host ends with one of these. */
const teamsHostSuffixes = [".logic.azure.com", ".environment.api.powerplatform.com", ".webhook.office.com"];

/**
 * Why `raw` is not an incoming-webhook address of `service`, or null when it is. `testOrigins` (tests only:
 * the server takes them from code, never from a request) are origins accepted for any service, http too.
 */
export function chatUrlProblem(service: ChatService, raw: string, testOrigins: readonly string[] = []): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Paste the whole address, starting with https://";
  }
  if (testOrigins.includes(url.origin)) return null;
  if (url.protocol !== "https:") return "The address must start with https://";
  if (url.username || url.password) return "The address must not hold a user name or password";
  // A port of its own (https's 443 is dropped by URL) is nobody's documented webhook.
  const host = url.port === "" ? url.hostname : "";
  switch (service) {
    case "slack":
      return host === "hooks.slack.com" && /^\/services\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+$/.test(url.pathname)
        ? null
        : "A Slack address looks like https://hooks.slack.com/services/T…/B…/… (an Incoming Webhook)";
    case "teams":
      return teamsHostSuffixes.some((suffix) => host.endsWith(suffix)) && url.pathname.length > 1
        ? null
        : "A Microsoft Teams address is a Workflows webhook on …logic.azure.com or …environment.api.powerplatform.com (or an older connector's on …webhook.office.com)";
    case "google-chat":
      return host === "chat.googleapis.com" &&
        /^\/v1\/spaces\/[^/]+\/messages$/.test(url.pathname) &&
        url.searchParams.get("key") &&
        url.searchParams.get("token")
        ? null
        : "A Google Chat address looks like https://chat.googleapis.com/v1/spaces/…/messages?key=…&token=…";
  }
}

/** Turning it on or changing it: the service and its address, checked against that service's hosts. */
export function chatChannelInput(testOrigins: readonly string[] = []) {
  return z
    .object({
      kind: z.enum(chatServices, { error: "Choose Slack, Microsoft Teams or Google Chat" }),
      url: z
        .string({ error: "url must be the webhook address, as text" })
        .trim()
        .min(1, { error: "Paste the webhook address" })
        .max(CHAT_URL_MAX, { error: `The address must be at most ${CHAT_URL_MAX} characters` }),
    })
    .strict()
    .superRefine((input, ctx) => {
      // An empty or missing address has its own message already.
      if (!input.url) return;
      const problem = chatUrlProblem(input.kind, input.url, testOrigins);
      if (problem) ctx.addIssue({ code: "custom", path: ["url"], message: problem });
    });
}

const chatChannelOff = z
  .object({
    kind: z.null(),
    url: z.null({ error: "Leave url out (or null) to turn the chat channel off" }).optional(),
  })
  .strict();

/** The PUT's body: the channel on (`{ kind, url }`) or off (`{ kind: null }`). */
export function chatSettingsUpdate(testOrigins: readonly string[] = []) {
  return z.discriminatedUnion("kind", [chatChannelOff, chatChannelInput(testOrigins)], {
    error: (issue) =>
      issue.code === "invalid_union" ? `kind must be ${serviceList}, or null to turn it off` : undefined,
  });
}
export type ChatSettingsUpdate = z.input<ReturnType<typeof chatSettingsUpdate>>;
