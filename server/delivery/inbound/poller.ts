import { createHash, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { ImapFlow } from "imapflow";
import { simpleParser, type ParsedMail } from "mailparser";
import type { LeadRef } from "../../../contract/admin-leads.ts";
import type { InboundMessages, ReceivedMessage } from "../../repositories/leads/inbound-messages.ts";
import type { MailboxStateRepository } from "../../repositories/mailbox-state-repository.ts";
import { recipientsOf, threadIdsOf, tokenOfRecipients } from "./addresses.ts";
import { foldReply } from "./fold.ts";

// Replies from leads, read from a real mailbox over IMAP (imapflow) every pollMs. A poll: take the lease in
// mailbox_state (one instance polls at a time), open the mailbox read-only (what is not ours stays unread
// for whoever reads the mailbox), start again from UID 1 when UIDVALIDITY changed (the unique Message-ID
// keeps that safe), parse each message newer than the last UID with mailparser, match it to a lead (the
// replies+<token>@ address, else the thread's headers), store it folded, then move the place on. A failed
// poll (server down, bad login) is written to mailbox_state.last_error and tried again with a backoff; a
// message that cannot be parsed is skipped, not retried forever.

export type InboundConfig = { imapUrl: string; mailbox: string; replyAddress: string; pollMs: number };

export type PollOutcome =
  | { polled: true; stored: number; duplicates: number; unmatched: number; skipped: number }
  | { polled: false; reason: "lease held" | "failed" | "stopped"; error?: string };

/** Bigger messages are skipped (a reply with a huge attachment): their text is not worth the memory. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Messages handled in one poll; the next poll goes on at once when there were more. */
const BATCH = 100;
const BODY_MAX = 100_000;
const HEADER_MAX = 2_000;
const BACKOFF_MAX_MS = 10 * 60 * 1000;

export function imapOptionsOf(imapUrl: string) {
  const url = new URL(imapUrl);
  const secure = url.protocol === "imaps:";
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
  };
}

/** A failure as the admin reads it: what went wrong, without the server's whole answer. */
export function describeImapError(error: unknown): string {
  const e = error as { code?: string; authenticationFailed?: boolean; responseText?: string; message?: string };
  if (e.authenticationFailed) return "The IMAP server refused the user name or password in IMAP_URL.";
  if (e.code === "ECONNREFUSED") return "Could not connect to the IMAP server: the connection was refused.";
  if (e.code === "ENOTFOUND" || e.code === "EAI_AGAIN")
    return "Could not connect to the IMAP server: its host name was not found.";
  if (e.code === "ETIMEDOUT" || e.code === "CONNECT_TIMEOUT" || e.code === "GREETING_TIMEOUT")
    return "Could not connect to the IMAP server: it did not answer in time.";
  if (e.code === "NoConnection" || e.code === "EConnectionClosed" || e.code === "ECONNRESET")
    return "The IMAP server closed the connection.";
  const text = e.responseText ?? e.message ?? String(error);
  return `The IMAP server answered: ${text}`.slice(0, 500);
}

/** The message's own Message-ID, or one made from a hash of its bytes (the same message, the same id). */
export function messageIdOf(parsed: Pick<ParsedMail, "messageId">, raw: Buffer): string {
  const id = parsed.messageId?.trim();
  if (id && id.length <= 500) return id.startsWith("<") ? id : `<${id}>`;
  return `<${createHash("sha256").update(raw).digest("hex")}@inbound.invalid>`;
}

const cap = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export type InboundPoller = {
  /** One poll now (after the one under way, if any): tests call it instead of waiting for the timer. */
  pollNow(): Promise<PollOutcome>;
  /** Resolves when the poll under way (if any) has finished. */
  settled(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
};

export function createInboundPoller({
  inbound,
  messages,
  state,
  clock,
  log,
  holder = randomUUID(),
  leaseMs = Math.max(60_000, inbound.pollMs * 3),
  timeoutMs = 15_000,
}: {
  inbound: InboundConfig;
  messages: InboundMessages;
  state: MailboxStateRepository;
  clock: () => Date;
  log: FastifyBaseLogger;
  holder?: string;
  leaseMs?: number;
  timeoutMs?: number;
}): InboundPoller {
  let current: Promise<PollOutcome> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let failures = 0;
  let client: ImapFlow | null = null;

  const leaseUntil = () => new Date(clock().getTime() + leaseMs);

  async function matchLead(parsed: ParsedMail): Promise<{ lead: LeadRef; to: string } | null> {
    const recipients = recipientsOf(parsed);
    const token = tokenOfRecipients(recipients, inbound.replyAddress);
    if (token) {
      const lead = await messages.leadByReplyToken(token);
      if (lead) return { lead, to: recipients.find((r) => r.includes(`+${token}@`)) ?? inbound.replyAddress };
    }
    const lead = await messages.leadByMessageIds(threadIdsOf(parsed));
    return lead ? { lead, to: recipients[0] ?? inbound.replyAddress } : null;
  }

  function received(parsed: ParsedMail, raw: Buffer, match: { lead: LeadRef; to: string }): ReceivedMessage {
    const sender = parsed.from?.value[0];
    const folded = foldReply(parsed.text ?? "");
    const references =
      parsed.references === undefined
        ? null
        : Array.isArray(parsed.references)
          ? parsed.references.join(" ")
          : parsed.references;
    return {
      lead: match.lead,
      messageId: messageIdOf(parsed, raw),
      inReplyTo: parsed.inReplyTo ? cap(parsed.inReplyTo, HEADER_MAX) : null,
      references: references ? cap(references, HEADER_MAX) : null,
      fromAddress: cap(sender?.address ?? "", 320),
      fromName: sender?.name ? cap(sender.name, 200) : null,
      toAddress: cap(match.to, 320),
      subject: cap(parsed.subject ?? "", 998),
      body: cap(folded.body, BODY_MAX),
      quoted: folded.quoted === null ? null : cap(folded.quoted, BODY_MAX),
    };
  }

  async function poll(): Promise<PollOutcome> {
    if (!(await state.takeLease(holder, clock(), leaseUntil()))) return { polled: false, reason: "lease held" };
    const outcome = { polled: true as const, stored: 0, duplicates: 0, unmatched: 0, skipped: 0 };
    const imap = new ImapFlow({
      ...imapOptionsOf(inbound.imapUrl),
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs * 4,
    });
    client = imap;
    // A socket error after connecting is also thrown by the command under way; without a listener it would end the process.
    imap.on("error", () => undefined);
    try {
      await imap.connect();
      const mailbox = await imap.mailboxOpen(inbound.mailbox, { readOnly: true });
      const uidValidity = mailbox.uidValidity.toString();
      const saved = await state.place();
      // A new UIDVALIDITY means the UIDs were renumbered: read the mailbox again from the start.
      let lastUid = saved.uidValidity === uidValidity ? saved.lastUid : 0;
      if (saved.uidValidity !== uidValidity) await state.savePlace(holder, { uidValidity, lastUid });
      let more = true;
      while (more && !stopped) {
        const found = (await imap.search({ uid: `${lastUid + 1}:*` }, { uid: true })) || [];
        // "N:*" names the last message even when its UID is below N.
        const uids = found.filter((uid) => uid > lastUid).sort((a, b) => a - b);
        const batch = uids.slice(0, BATCH);
        more = uids.length > BATCH;
        if (batch.length === 0) break;
        const sizes = new Map<number, number>();
        for await (const message of imap.fetch(batch.join(","), { uid: true, size: true }, { uid: true }))
          sizes.set(message.uid, message.size ?? 0);
        const wanted = batch.filter((uid) => (sizes.get(uid) ?? 0) <= MAX_MESSAGE_BYTES);
        const sources = new Map<number, Buffer>();
        if (wanted.length > 0) {
          for await (const message of imap.fetch(wanted.join(","), { uid: true, source: true }, { uid: true }))
            if (message.source) sources.set(message.uid, message.source);
        }
        for (const uid of batch) {
          const raw = sources.get(uid);
          if (!raw) {
            outcome.skipped += 1;
            log.warn({ uid }, "skipped an inbound message: too big to read");
          } else {
            let parsed: ParsedMail | null = null;
            try {
              parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
            } catch {
              outcome.skipped += 1;
              log.warn({ uid }, "skipped an inbound message: could not parse it");
            }
            if (parsed) {
              const match = await matchLead(parsed);
              if (!match) {
                outcome.unmatched += 1;
                log.debug({ uid }, "left an inbound message alone: no lead matches it");
              } else if (await messages.storeReceived(received(parsed, raw, match), clock())) {
                outcome.stored += 1;
                log.info({ uid, leadKind: match.lead.kind, leadId: match.lead.id }, "stored a reply from a lead");
              } else {
                outcome.duplicates += 1;
              }
            }
          }
          lastUid = uid;
          // Our place moves with each message; a lost lease (another instance took over) ends the poll.
          if (!(await state.savePlace(holder, { uidValidity, lastUid }))) throw new Error("lost the mailbox lease");
        }
        if (!(await state.takeLease(holder, clock(), leaseUntil()))) throw new Error("lost the mailbox lease");
      }
      await imap.logout();
      await state.recordPoll(clock(), null);
      return outcome;
    } finally {
      client = null;
      imap.close();
      await state.releaseLease(holder).catch(() => undefined);
    }
  }

  async function guardedPoll(): Promise<PollOutcome> {
    try {
      const outcome = await poll();
      if (outcome.polled) failures = 0;
      return outcome;
    } catch (error) {
      failures += 1;
      const message = describeImapError(error);
      log.warn({ failures, reason: message }, "could not read the replies mailbox; will retry");
      await state
        .recordPoll(clock(), message)
        .catch((dbError: unknown) => log.warn({ err: dbError }, "could not record the mailbox's error"));
      return { polled: false, reason: "failed", error: message };
    }
  }

  function run(): Promise<PollOutcome> {
    const previous = current ?? Promise.resolve(null);
    const next = previous.then(() => (stopped ? ({ polled: false, reason: "stopped" } as const) : guardedPoll()));
    current = next;
    void next.finally(() => {
      if (current === next) current = null;
    });
    return next;
  }

  function schedule(): void {
    if (stopped) return;
    // After failures: pollMs doubled per failure, at most BACKOFF_MAX_MS (a server down is not hammered).
    const delay =
      failures === 0
        ? inbound.pollMs
        : Math.min(inbound.pollMs * 2 ** Math.min(failures, 16), Math.max(BACKOFF_MAX_MS, inbound.pollMs));
    timer = setTimeout(() => {
      void run().then(schedule);
    }, delay);
    timer.unref();
  }

  return {
    pollNow: run,
    async settled() {
      while (current) await current;
    },
    start() {
      stopped = false;
      void run().then(schedule);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A poll blocked on a dead server ends when its connection is closed.
      const running = current;
      if (running) {
        const timeout = setTimeout(() => client?.close(), 5_000);
        await running;
        clearTimeout(timeout);
      }
    },
  };
}
