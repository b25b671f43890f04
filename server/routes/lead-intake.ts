import type { FastifyInstance, FastifyRequest } from "fastify";
import type { LeadKind } from "../../contract/admin-leads.ts";
import type { LeadInputOf } from "../repositories/leads/lead-tables.ts";
import type { StoredOnce } from "../repositories/leads/idempotency.ts";
import type { SpamFinding } from "../lib/spam-check.ts";
import { formLabel } from "../metrics/labels.ts";

// Storing a lead that arrived through a form, the one step both intake routes share: the JSON API
// (routes/api/lead-forms.ts) and the plain HTML post of a form without JavaScript (routes/forms/).

const storedLog = {
  contacts: "stored a contact submission",
  inquiries: "stored a service inquiry",
} as const satisfies Record<LeadKind, string>;

/**
 * Stores the lead (as spam when `spam` says why, or when its form token was spent by another lead) with its
 * deliveries in one transaction, then wakes the delivery worker. With an Idempotency-Key, a retry of a lead already stored answers its first receipt
 * and stores nothing.
 */
export async function storeLead<K extends LeadKind>(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: K,
  input: LeadInputOf[K],
  spam: SpamFinding | null,
  idempotencyKey: string | undefined,
): Promise<StoredOnce> {
  const { leads } = app.repositories;
  // The form token is single-use: spent with the lead, and a lead on a spent token is stored as spam.
  const token = app.spamGuard.tokenToSpend(input.formToken);
  let stored: StoredOnce;
  if (idempotencyKey === undefined) {
    const lead = await leads.create(kind, input, spam, token);
    stored = { id: lead.id, createdAt: lead.createdAt, replayed: false, spam: lead.status === "spam" };
  } else {
    stored = await leads.createOnce(kind, input, spam, idempotencyKey, token);
  }
  if (stored.replayed) {
    request.log.info({ id: stored.id }, "answered a retry with the first receipt");
    return stored;
  }
  // The lead and its deliveries are committed: send them now rather than at the next poll.
  app.deliveryWorker.wake();
  // Spam without a verdict of its own was stored on a form token another lead had spent.
  const spamCode = spam?.code ?? (stored.spam ? "token-reused" : null);
  app.metrics.leadStored(kind, input.formName, spamCode);
  // The form's name as the metrics know it: the JSON API's formName is the sender's text.
  request.log.info({ id: stored.id, form: formLabel(input.formName), spam: spamCode ?? false }, storedLog[kind]);
  return stored;
}
