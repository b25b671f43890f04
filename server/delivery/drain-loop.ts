// The loop both outboxes run (worker.ts: the leads' deliveries; account-mail.ts: the account mails): a round
// claims a batch and sends it, and rounds go on while batches come back full; wake() starts one at once for a
// row just committed, a poll every pollMs finds retries come due and rows other instances wrote. One round at a
// time: a wake during a round asks for another after it.

export type DrainLoop = {
  wake(): void;
  /** Resolves when the round under way (if any) has finished: tests wait on it instead of sleeping. */
  settled(): Promise<void>;
  start(): void;
  /** Stops starting rounds; resolves when the round in flight (its sends) has finished. */
  stop(): Promise<void>;
};

/**
 * `sendBatch` claims and sends one batch and answers whether it was full (more may wait). `afterCallersTurn`:
 * a woken round waits for the waker's turn to end first, so a request that queued a row answers before any
 * of the round's queries run.
 */
export function createDrainLoop(
  sendBatch: () => Promise<boolean>,
  { pollMs, afterCallersTurn = false }: { pollMs: number; afterCallersTurn?: boolean },
): DrainLoop {
  let round: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function drain(): Promise<void> {
    do {
      again = false;
      if (await sendBatch()) again = true;
    } while (again && !stopped);
  }

  function wake(): void {
    if (stopped) return;
    if (round) {
      again = true;
      return;
    }
    const started = afterCallersTurn ? new Promise<void>((resolve) => setImmediate(resolve)).then(drain) : drain();
    round = started.finally(() => {
      round = null;
      if (again && !stopped) wake();
    });
  }

  return {
    wake,
    async settled() {
      while (round) await round;
    },
    start() {
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
