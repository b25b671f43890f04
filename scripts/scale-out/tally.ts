import pg from "pg";
import type { ReceivedMail } from "../../tests/helpers/smtp-test-server.ts";
import type { AccessLine, UpstreamFailure } from "./processes.ts";
import { isFailure, type LeadRecord, type Send } from "./visitors.ts";

// What `npm run scale-out` counts at the end: the leads the visitors were told were stored, against the
// rows in the lead tables, the owner e-mails in the outbox and those the SMTP server received, and what
// nginx did (its access log).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The marker a lead carries in its e-mail (visitors.ts). */
const markerOf = (email: string) => /^(so[a-z0-9]+n\d+)@visitors\.example$/.exec(email)?.[1] ?? null;

export type StoredLead = {
  id: string;
  kind: "contacts" | "inquiries";
  marker: string | null;
  status: string;
  spamReason: string | null;
};
export type DeliveryRow = { id: string; leadId: string; channel: string; state: string; attempts: number };

export async function readStored(url: string): Promise<{ leads: StoredLead[]; deliveries: DeliveryRow[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const leads = await client.query<{
      id: string;
      kind: "contacts" | "inquiries";
      email: string;
      status: string;
      spam_reason: string | null;
    }>(
      `select id, 'contacts' as kind, email, status, spam_reason from contact_submissions
       union all select id, 'inquiries' as kind, email, status, spam_reason from service_inquiries`,
    );
    const deliveries = await client.query<{
      id: string;
      lead_id: string;
      channel: string;
      state: string;
      attempts: number;
    }>("select id, lead_id, channel, state, attempts from lead_deliveries");
    return {
      leads: leads.rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        marker: markerOf(row.email),
        status: row.status,
        spamReason: row.spam_reason,
      })),
      deliveries: deliveries.rows.map((row) => ({
        id: row.id,
        leadId: row.lead_id,
        channel: row.channel,
        state: row.state,
        attempts: Number(row.attempts),
      })),
    };
  } finally {
    await client.end();
  }
}

/** Waits until no delivery is pending or being sent (a SIGKILLed worker's lease runs 2 minutes); answers the seconds waited. */
export async function waitForOutbox(
  url: string,
  timeoutMs: number,
  progress: (line: string) => void,
): Promise<{ seconds: number; drained: boolean }> {
  const started = performance.now();
  let lastReport = 0;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let open: { state: string; count: number }[];
    try {
      open = (
        await client.query<{ state: string; count: string }>(
          "select state, count(*) as count from lead_deliveries where state in ('pending', 'sending') group by state",
        )
      ).rows.map((row) => ({ state: row.state, count: Number(row.count) }));
    } finally {
      await client.end();
    }
    const seconds = (performance.now() - started) / 1000;
    if (open.length === 0) return { seconds, drained: true };
    if (performance.now() - started > timeoutMs) return { seconds, drained: false };
    if (seconds - lastReport >= 15) {
      lastReport = seconds;
      progress(
        `  outbox after ${seconds.toFixed(0)} s: ${open.map((row) => `${row.count} ${row.state}`).join(", ")} (a killed instance's claims wait for their 2-minute lease)`,
      );
    }
    await sleep(1000);
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export type Tally = ReturnType<typeof tally>;

export function tally(input: {
  leads: LeadRecord[];
  tokenFetches: Send[];
  stored: StoredLead[];
  deliveries: DeliveryRow[];
  mails: ReceivedMail[];
  notifyEmail: string;
  access: AccessLine[];
  upstreamFailures: UpstreamFailure[];
}) {
  const { stored, deliveries, mails } = input;
  const isProbe = (lead: LeadRecord) => lead.variant.startsWith("resend-");
  const probe = input.leads.filter(isProbe);
  // The visitors' leads, through nginx under load (the probe goes straight to the instances, after it).
  const leads = input.leads.filter((lead) => !isProbe(lead));
  const byMarker = new Map<string, StoredLead[]>();
  for (const row of stored) {
    if (row.marker === null) continue;
    byMarker.set(row.marker, [...(byMarker.get(row.marker) ?? []), row]);
  }
  const acknowledged = input.leads.filter((lead) => lead.acknowledged);
  const real = stored.filter((row) => row.status !== "spam");
  const spam = stored.filter((row) => row.status === "spam");
  const lost = acknowledged.filter((lead) => !(byMarker.get(lead.marker) ?? []).some((row) => row.status !== "spam"));
  const duplicates = [...byMarker.entries()].filter(([, rows]) => rows.length > 1);
  const ackedMarkers = new Set(acknowledged.map((lead) => lead.marker));
  const storedNotAcknowledged = [...byMarker.keys()].filter((marker) => !ackedMarkers.has(marker));
  // A resend of a stored lead must answer the first receipt: the receipt names the stored row.
  const receiptMismatches = acknowledged.filter(
    (lead) => lead.receiptId !== null && !(byMarker.get(lead.marker) ?? []).some((row) => row.id === lead.receiptId),
  );
  const unknownRows = stored.filter((row) => row.marker === null);

  // Visitor-visible failures: every failed answer (the form's script shows a toast, a page an error).
  const allSends = leads.flatMap((lead) => [...lead.confirmSends, ...lead.sends]);
  const failedSends = allSends.filter((send) => isFailure(send.status));
  const failuresByStatus = new Map<string, number>();
  for (const send of failedSends)
    failuresByStatus.set(String(send.status), (failuresByStatus.get(String(send.status)) ?? 0) + 1);
  const gaveUp = leads.filter((lead) => !lead.acknowledged && lead.refused === null);
  const refused = input.leads.filter((lead) => lead.refused !== null);
  const leadsWithFailure = leads.filter((lead) =>
    [...lead.confirmSends, ...lead.sends].some((send) => isFailure(send.status)),
  );
  const failedTokenFetches = input.tokenFetches.filter((send) => isFailure(send.status)).length;

  // The storing posts' latency, every send (a resend is a request of its own).
  const postMs = leads.flatMap((lead) => lead.sends.map((send) => send.ms));
  const latency = {
    p50: percentile(postMs, 50),
    p95: percentile(postMs, 95),
    p99: percentile(postMs, 99),
    max: Math.max(0, ...postMs),
    count: postMs.length,
  };

  // E-mail: each stored, non-spam lead's owner e-mail arrives once. Its Message-ID is <delivery id@domain>.
  const ownerDeliveries = deliveries.filter((row) => row.channel === "owner-email");
  const deliveryById = new Map(ownerDeliveries.map((row) => [row.id, row]));
  const mailsPerLead = new Map<string, number>();
  const messageIdsPerLead = new Map<string, Set<string>>();
  const strayMails: string[] = [];
  const markerMismatch: string[] = [];
  const leadById = new Map(stored.map((row) => [row.id, row]));
  for (const mail of mails) {
    if (!mail.envelopeTo.includes(input.notifyEmail)) continue;
    const deliveryId = /^<([^@>]+)@/.exec(mail.parsed.messageId ?? "")?.[1];
    const delivery = deliveryId ? deliveryById.get(deliveryId) : undefined;
    if (!delivery) {
      strayMails.push(mail.parsed.messageId ?? "(no Message-ID)");
      continue;
    }
    mailsPerLead.set(delivery.leadId, (mailsPerLead.get(delivery.leadId) ?? 0) + 1);
    messageIdsPerLead.set(
      delivery.leadId,
      (messageIdsPerLead.get(delivery.leadId) ?? new Set()).add(mail.parsed.messageId!),
    );
    const marker = leadById.get(delivery.leadId)?.marker;
    if (marker && !mail.raw.includes(marker)) markerMismatch.push(delivery.leadId);
  }
  const mailMissing = real.filter((row) => (mailsPerLead.get(row.id) ?? 0) === 0);
  const mailDuplicated = real.filter((row) => (mailsPerLead.get(row.id) ?? 0) > 1);
  // A copy with the same Message-ID is the outbox's at-least-once resend (a receiver can drop it); another
  // Message-ID would be a second delivery of the lead.
  const mailDistinctDuplicated = real.filter((row) => (messageIdsPerLead.get(row.id)?.size ?? 0) > 1);
  const spamMailed = spam.filter((row) => (mailsPerLead.get(row.id) ?? 0) > 0);
  const deliveriesPerLead = new Map<string, number>();
  for (const row of ownerDeliveries) deliveriesPerLead.set(row.leadId, (deliveriesPerLead.get(row.leadId) ?? 0) + 1);
  const deliveryRowsWrong = real.filter((row) => deliveriesPerLead.get(row.id) !== 1);
  const deliveryStates = new Map<string, number>();
  for (const row of ownerDeliveries) deliveryStates.set(row.state, (deliveryStates.get(row.state) ?? 0) + 1);
  const sentMoreThanOnce = ownerDeliveries.filter((row) => row.attempts > 1);

  // Why nginx gave up on an instance: a connect that failed (the request never went out; resent in any
  // case) or a request that had gone out (resent only for GETs, or for POSTs with non_idempotent), and
  // 503s a stopping instance answered (access log).
  const failureCauses = new Map<string, number>();
  for (const failure of input.upstreamFailures) {
    const key = `${failure.method} ${failure.sent ? "after it went out" : "before it went out"}: ${failure.cause.replace(/\(\d+: /, "(")}`;
    failureCauses.set(key, (failureCauses.get(key) ?? 0) + 1);
  }
  const closing503 = input.access.filter((line) => line.upstreamStatus.split(", ").includes("503"));
  const postsSentThenFailed =
    input.upstreamFailures.filter((failure) => failure.sent && failure.method === "POST").length +
    closing503.filter((line) => line.method === "POST").length;

  // nginx: requests it sent to a second instance ($upstream_status lists each try), and what clients got.
  const retried = input.access.filter((line) => line.upstreamStatus.includes(","));
  const retriedBy = new Map<string, number>();
  for (const line of retried) {
    const key = `${line.method} ${line.uri.startsWith("/forms/") ? "/forms/*" : line.uri}: ${line.upstreamStatus}`;
    retriedBy.set(key, (retriedBy.get(key) ?? 0) + 1);
  }
  const clientErrors = input.access.filter((line) => line.status >= 500);

  const ok =
    lost.length === 0 &&
    duplicates.length === 0 &&
    receiptMismatches.length === 0 &&
    spam.length === 0 &&
    unknownRows.length === 0 &&
    mailMissing.length === 0 &&
    // A second copy under the same Message-ID is the at-least-once window (SIGKILL between the SMTP server's
    // acceptance and the outbox's commit): reported, and the same message to the owner's mail program.
    mailDistinctDuplicated.length === 0 &&
    spamMailed.length === 0 &&
    probe.every((lead) => lead.resendAnsweredAlike === true) &&
    strayMails.length === 0 &&
    markerMismatch.length === 0 &&
    deliveryRowsWrong.length === 0 &&
    refused.length === 0;

  return {
    ok,
    leadsStarted: leads.length,
    acknowledgedByVisitors: leads.filter((lead) => lead.acknowledged).length,
    byVariant: (["json-contact", "json-inquiry", "nojs-inquiry"] as const).map((variant) => ({
      variant,
      started: leads.filter((lead) => lead.variant === variant).length,
      acknowledged: acknowledged.filter((lead) => lead.variant === variant).length,
    })),
    acknowledged: acknowledged.length,
    storedRows: stored.length,
    stored: real.length,
    spam,
    lost,
    duplicates,
    storedNotAcknowledged,
    receiptMismatches,
    unknownRows,
    withoutToken: leads.filter((lead) => lead.withoutToken).length,
    failedSends: failedSends.length,
    failuresByStatus,
    leadsWithFailure: leadsWithFailure.length,
    gaveUp,
    refused,
    failedTokenFetches,
    tokenFetches: input.tokenFetches.length,
    latency,
    probe: { leads: probe.length, alike: probe.filter((lead) => lead.resendAnsweredAlike === true).length },
    mails: {
      received: mails.length,
      expected: real.length,
      missing: mailMissing,
      duplicated: mailDuplicated,
      distinctDuplicated: mailDistinctDuplicated,
      spamMailed,
      stray: strayMails,
      markerMismatch,
      deliveryRowsWrong,
      deliveryStates,
      sentMoreThanOnce,
    },
    nginx: {
      requests: input.access.length,
      retried: retried.length,
      retriedBy,
      clientErrors,
      failureCauses,
      closing503: closing503.length,
      postsSentThenFailed,
    },
  };
}
