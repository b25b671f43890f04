import type { FastifyBaseLogger } from "fastify";
import type { TodayQueue } from "../../contract/admin-leads.ts";
import { dateIn, zonedInstant } from "../../contract/time-zones.ts";
import type { DeliveryConfig } from "../config.ts";
import { failureForLog } from "./failure-log.ts";
import type { NotificationSettingsRepository } from "../repositories/notification-settings-repository.ts";
import type { MailTransport } from "./mail/mail-transport.ts";
import { morningMail } from "./mail/morning-mail.ts";
import { ownerEmailRecipients } from "./owner-channels.ts";

// The morning e-mail (issue 20), off by default: once a day, at or after the hour the owner set (in
// OWNER_TIMEZONE), the addresses in use get the day's follow-ups and the leads that need a reply. Each
// instance looks every minute; the day is claimed by a row keyed by the day (the repository's
// claimMorningEmail), so it goes once however many instances look. A send that fails gives the day back,
// and the next look (of any instance) tries again.

export type MorningEmailOutcome =
  /** The owner has not turned it on. */
  | "off"
  /** No mail on the server, or no address in use. */
  | "no-channel"
  /** Before today's hour. */
  | "not-yet"
  /** Today's went already (or another instance is sending it). */
  | "taken"
  | "sent"
  /** The mail server refused or could not be reached: the day was given back. */
  | "failed";

/** Longer than any send can take (the SMTP timeouts end one in well under a minute): a claim older than this, unsent, was left by a dead instance. */
const CLAIM_LEASE_MS = 10 * 60_000;
const LOOK_EVERY_MS = 60_000;

export type MorningEmailOptions = {
  settings: NotificationSettingsRepository;
  /** The dashboard's queue (leads repository's `today`). */
  today: (now: Date, ownerTimeZone: string) => Promise<TodayQueue>;
  mailer: MailTransport | null;
  config: DeliveryConfig;
  siteOrigin: string | null;
  clock: () => Date;
  log: FastifyBaseLogger;
};

export function createMorningEmail({ settings, today, mailer, config, siteOrigin, clock, log }: MorningEmailOptions) {
  let running: Promise<MorningEmailOutcome> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function attempt(): Promise<MorningEmailOutcome> {
    const now = clock();
    const stored = await settings.read();
    if (!stored.morningEmail.enabled) return "off";
    const to = ownerEmailRecipients(stored, config);
    if (!to || !mailer || !config.mail) return "no-channel";
    const zone = config.ownerTimeZone;
    const day = dateIn(zone, now.getTime());
    // The hour's first instant on the owner's clock (a DST gap moves it forward, as clocks do).
    if (now < zonedInstant(day, stored.morningEmail.hour, zone)) return "not-yet";
    if (!(await settings.claimMorningEmail(day, now, CLAIM_LEASE_MS))) return "taken";
    try {
      const queue = await today(now, zone);
      await mailer.send(morningMail({ from: config.mail.from, to, day, queue, siteOrigin }));
      await settings.morningEmailSent(day, clock());
      log.info(
        { day, recipients: to.length, followUps: queue.followUps.total, needsReply: queue.needsReply.total },
        "morning e-mail sent",
      );
      return "sent";
    } catch (error) {
      log.warn({ day, failure: failureForLog(error) }, "morning e-mail not sent; will try again at the next look");
      // If the database is away too, the claim's lease runs out and the day is taken again later.
      await settings
        .releaseMorningEmail(day)
        .catch((releaseError: unknown) =>
          log.warn({ err: releaseError }, "could not give back the morning e-mail's day"),
        );
      return "failed";
    }
  }

  /** One look: sends today's e-mail if it is due and nobody sent it. Looks never overlap within an instance. */
  function runDue(): Promise<MorningEmailOutcome> {
    running ??= attempt().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    runDue,
    start(): void {
      timer = setInterval(() => {
        runDue().catch((error: unknown) =>
          log.warn({ err: error }, "could not look for the morning e-mail (the database may be away)"),
        );
      }, LOOK_EVERY_MS);
      timer.unref();
    },
    /** Stops looking; resolves when a send under way has finished. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

export type MorningEmail = ReturnType<typeof createMorningEmail>;
