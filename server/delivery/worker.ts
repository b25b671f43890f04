import type { FastifyBaseLogger } from "fastify";
import type { ClaimedDelivery, DeliveriesRepository } from "../repositories/leads/deliveries.ts";
import { createDrainLoop } from "./drain-loop.ts";
import { failureForLog } from "./failure-log.ts";
import { nextAttemptAt } from "./schedule.ts";

// Sends the outbox. Woken in-process right after a lead is committed, and polling for retries that come
// due and for deliveries written by other instances. Each delivery is claimed with a lease: a worker that
// dies mid-send leaves it to be claimed again when the lease ends (at least once; the stable Message-ID and
// webhook-id let receivers drop the rare duplicate). A database outage delays deliveries, never crashes.

/** A failure that trying again cannot mend (a device that is gone): the delivery is given up at once. */
export class PermanentDeliveryError extends Error {}

/** Sends one delivery; throws with a message the owner can act on (stored as the last error). */
export type Send = (delivery: ClaimedDelivery) => Promise<void>;

export type WorkerOptions = {
  deliveries: DeliveriesRepository;
  send: Send;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** How often to look for retries and other instances' deliveries. */
  pollMs?: number;
  /** Longer than any send may take (SMTP and webhook time out well before). */
  leaseMs?: number;
  /** Deliveries claimed and sent side by side per round. */
  batch?: number;
};

export function createDeliveryWorker({
  deliveries,
  send,
  clock,
  log,
  pollMs = 5_000,
  leaseMs = 120_000,
  batch = 8,
}: WorkerOptions) {
  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    try {
      await send(delivery);
      await deliveries.markSent(delivery.id, clock());
      log.info(
        { delivery: delivery.id, channel: delivery.channel, lead: delivery.leadId, attempts: delivery.attempts },
        "delivered",
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const now = clock();
      const retryAt =
        error instanceof PermanentDeliveryError
          ? null
          : nextAttemptAt(delivery.attempts, new Date(delivery.createdAt), now);
      // The lead by its id; the failure by its codes (the full reason is stored, for the admin).
      log.warn(
        {
          delivery: delivery.id,
          channel: delivery.channel,
          lead: delivery.leadId,
          attempts: delivery.attempts,
          retryAt,
          failure: failureForLog(error),
        },
        retryAt ? "delivery failed; will retry" : "delivery failed; gave up",
      );
      // If the database is away too, the lease runs out and the delivery is claimed again later.
      await deliveries
        .markFailed(delivery.id, reason, retryAt, now)
        .catch((markError: unknown) => log.warn({ err: markError }, "could not record a failed delivery"));
    }
  }

  /** One batch claimed and sent; whether it was full. */
  async function sendBatch(): Promise<boolean> {
    let claimed: ClaimedDelivery[];
    try {
      const now = clock();
      claimed = await deliveries.claimDue(now, new Date(now.getTime() + leaseMs), batch);
    } catch (error) {
      log.warn({ err: error }, "could not claim deliveries (the database may be away); trying again at the next poll");
      return false;
    }
    await Promise.all(claimed.map(deliver));
    return claimed.length === batch;
  }

  return createDrainLoop(sendBatch, { pollMs });
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
