import { Webhook } from "standardwebhooks";
import type { LeadKind } from "../../contract/admin-leads.ts";
import { replyWindowHours } from "../../contract/form-names.ts";
import { budgetLabels, serviceTypeLabels } from "../../contract/service-inquiry.ts";
import type { LeadOf } from "../repositories/leads/lead-tables.ts";

// The webhook channel (docs/decisions/017-webhooks.md): the lead as a Standard Webhooks message
// (https://www.standardwebhooks.com), signed with WEBHOOK_SECRET and POSTed to WEBHOOK_URL. The worker
// owns retries; this module builds, signs and sends one attempt.

export const WEBHOOK_EVENT_TYPE = "lead.created";
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_USER_AGENT = "agency-site-webhooks/1 (+https://www.standardwebhooks.com)";
/** How much of a failing receiver's answer goes into the error the owner reads. */
const ERROR_BODY_CHARS = 200;

const kindNames = { contacts: "contact", inquiries: "inquiry" } as const satisfies Record<LeadKind, string>;

/**
 * The JSON text of the `lead.created` message. Built only from the stored lead (no clock), so one lead
 * always gives the same bytes; `timestamp` is when the lead was stored, not when it was sent.
 * Keys are listed one by one, so a new column never reaches a CRM unannounced.
 */
export function webhookBody<K extends LeadKind>(
  kind: K,
  lead: LeadOf[K],
  { adminUrl }: { adminUrl: string | null },
): string {
  const common = {
    kind: kindNames[kind],
    id: lead.id,
    createdAt: lead.createdAt,
    status: lead.status,
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    company: lead.company,
  };
  const details =
    kind === "contacts" ? contactDetails(lead as LeadOf["contacts"]) : inquiryDetails(lead as LeadOf["inquiries"]);
  const data = {
    ...common,
    ...details,
    pagePath: lead.pagePath,
    formName: lead.formName,
    utmSource: lead.utmSource,
    utmMedium: lead.utmMedium,
    utmCampaign: lead.utmCampaign,
    utmTerm: lead.utmTerm,
    utmContent: lead.utmContent,
    referrer: lead.referrer,
    replyWithinHours: replyWindowHours(lead.formName),
    // The promise counted in business hours (issue 33): when the lead should have its answer.
    replyBy: lead.replyBy,
    adminUrl,
  };
  return JSON.stringify({ type: WEBHOOK_EVENT_TYPE, timestamp: lead.createdAt, data });
}

function contactDetails(lead: LeadOf["contacts"]) {
  return {
    products: lead.products,
    meetingDate: lead.meetingDate,
    meetingTime: lead.meetingTime,
    timezone: lead.timezone,
  };
}

function inquiryDetails(lead: LeadOf["inquiries"]) {
  return {
    serviceType: lead.serviceType,
    serviceTypeLabel: serviceTypeLabels[lead.serviceType],
    budget: lead.budget,
    budgetLabel: lead.budget ? budgetLabels[lead.budget] : null,
    message: lead.message,
  };
}

export type WebhookHeaders = { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };

/**
 * The three Standard Webhooks headers: `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under the
 * base64-decoded `whsec_` secret, computed by the standardwebhooks package. The timestamp is whole seconds.
 */
export function signWebhook({
  secret,
  id,
  timestamp,
  body,
}: {
  secret: string;
  id: string;
  timestamp: Date;
  body: string;
}): WebhookHeaders {
  // The spec forbids "." in the id: "a.b" + ".t." would sign the same text as "a" + ".b.t.".
  if (!/^[A-Za-z0-9_-]+$/.test(id))
    throw new Error(`webhook id must be letters, digits, _ or - (got ${JSON.stringify(id)})`);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, timestamp, body),
  };
}

/** A failed attempt; the message is stored as the delivery's last error, so it says what to fix. */
export class WebhookError extends Error {
  /** The receiver's HTTP status, or null when it never answered. */
  readonly status: number | null;
  /** The start of the receiver's answer, on one line ("" when none). */
  readonly answer: string;
  constructor(message: string, status: number | null = null, answer = "") {
    super(message);
    this.name = "WebhookError";
    this.status = status;
    this.answer = answer;
  }
}

/**
 * One attempt: POST the body with its signature. The webhook id stays the same on every attempt of a
 * delivery (receivers dedupe on it); the timestamp is this attempt's (`now`), as the spec asks.
 * Resolves on a 2xx; anything else rejects with a WebhookError (postJson).
 */
export async function sendWebhook(
  target: { url: string; secret: string },
  message: { id: string; body: string; now: Date },
  options: PostOptions = {},
): Promise<{ status: number }> {
  const signature = signWebhook({ secret: target.secret, id: message.id, timestamp: message.now, body: message.body });
  return postJson(
    target.url,
    message.body,
    { "user-agent": WEBHOOK_USER_AGENT, ...signature },
    { ...options, redirectFix: "set WEBHOOK_URL to the final address" },
  );
}

export type PostOptions = { timeoutMs?: number; fetch?: typeof globalThis.fetch };

/**
 * One POST of a JSON body, for the webhook and the chat channel (chat.ts). Resolves on a 2xx; anything else
 * (3xx included: redirects are not followed, since a lead must not be forwarded to an address the owner did
 * not set; `redirectFix` says what to do instead) rejects with a WebhookError that names only the origin.
 */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  { timeoutMs = WEBHOOK_TIMEOUT_MS, fetch = globalThis.fetch, redirectFix }: PostOptions & { redirectFix: string },
): Promise<{ status: number }> {
  // Only the origin goes into errors: the path of a Slack or Zapier hook URL is itself a secret.
  const origin = new URL(url).origin;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      method: "POST",
      redirect: "manual",
      signal,
      headers: { "content-type": "application/json", ...headers },
      body,
    });
    if (response.status >= 200 && response.status < 300) {
      await response.body?.cancel();
      return { status: response.status };
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get("location");
      const to = location ? ` to ${originOf(location, url)}` : "";
      throw new WebhookError(
        `HTTP ${response.status} from ${origin}: a redirect${to}, which is not followed; ${redirectFix}`,
        response.status,
      );
    }
    const text = await bodyStart(response);
    throw new WebhookError(`HTTP ${response.status} from ${origin}${text ? `: ${text}` : ""}`, response.status, text);
  } catch (error) {
    if (error instanceof WebhookError) throw error;
    throw new WebhookError(failureMessage(error, origin, timeoutMs), null);
  }
}

/** The first ERROR_BODY_CHARS characters of an answer, on one line; the rest is never downloaded. */
async function bodyStart(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  // Four bytes per character at most, so this many bytes always hold enough characters.
  while (text.length < ERROR_BODY_CHARS * 4) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  // eslint-disable-next-line no-control-regex -- control characters would garble the stored error
  const line = text.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
  return line.length > ERROR_BODY_CHARS ? `${line.slice(0, ERROR_BODY_CHARS)}…` : line;
}

function originOf(location: string, base: string): string {
  try {
    return new URL(location, base).origin;
  } catch {
    return "an address that is not a URL";
  }
}

/** Why no answer came, in words the owner can act on. */
function failureMessage(error: unknown, origin: string, timeoutMs: number): string {
  if (error instanceof Error && error.name === "TimeoutError") {
    return `${origin} timed out after ${timeoutMs / 1000} s`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = cause?.code ?? "";
  if (code === "ECONNREFUSED") return `connection refused by ${origin}`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `host not found: ${new URL(origin).hostname}`;
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return `${origin} closed the connection without answering`;
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code))
    return `the TLS certificate of ${origin} was not accepted (${code})`;
  const detail = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `request to ${origin} failed: ${detail}`;
}
