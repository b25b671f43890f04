// A bound on expensive work (the sign-in's password hash, docs/decisions/032-sign-in-work-bound.md): at
// most `concurrency` tasks run, a few more wait in a short queue for at most `maxWaitMs`, and the rest
// are refused at once, so a flood costs a refusal instead of a hash and never grows a backlog. Tasks run
// with `priority` wait in a queue of their own that is always served first (the owner's known device).
// p-limit and the like queue without bound; this is the few lines they would save.

export type WorkLimiterOptions = {
  /** Tasks run at the same time. */
  concurrency: number;
  /** Tasks that may wait, per queue (the priority queue has the same bound). 0: no waiting. */
  queueMax: number;
  /** A task that has waited this long is refused. */
  maxWaitMs: number;
};

/** The work was refused (queue full, or waited too long) and never started. */
export class WorkLimiterBusyError extends Error {
  constructor(readonly reason: "queue full" | "waited too long") {
    super(`too much work at once: ${reason}`);
    this.name = "WorkLimiterBusyError";
  }
}

type Waiter = { start: () => void; timer: NodeJS.Timeout };

export type WorkLimiter = {
  /** Runs `task` when a slot is free; rejects with WorkLimiterBusyError without running it when refused. */
  run<T>(task: () => Promise<T>, options?: { priority?: boolean }): Promise<T>;
  /** Whether a task run now (without priority) would be refused at once: a check before costlier steps. */
  full(): boolean;
  stats(): { active: number; queued: number; priorityQueued: number };
};

export function createWorkLimiter({ concurrency, queueMax, maxWaitMs }: WorkLimiterOptions): WorkLimiter {
  if (!(concurrency >= 1)) throw new RangeError("concurrency must be at least 1");
  let active = 0;
  const priorityQueue: Waiter[] = [];
  const queue: Waiter[] = [];

  /** Hands freed slots to the waiters, priority first. */
  function next() {
    while (active < concurrency) {
      const waiter = priorityQueue.shift() ?? queue.shift();
      if (!waiter) return;
      clearTimeout(waiter.timer);
      active += 1;
      waiter.start();
    }
  }

  function wait(into: Waiter[]): Promise<void> {
    if (into.length >= queueMax) return Promise.reject(new WorkLimiterBusyError("queue full"));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        timer: setTimeout(() => {
          into.splice(into.indexOf(waiter), 1);
          reject(new WorkLimiterBusyError("waited too long"));
        }, maxWaitMs),
      };
      into.push(waiter);
    });
  }

  return {
    async run(task, options = {}) {
      // A free slot means both queues are empty (next() drains them whenever a slot frees).
      if (active < concurrency) active += 1;
      else await wait(options.priority ? priorityQueue : queue); // next() took the slot for us
      try {
        return await task();
      } finally {
        active -= 1;
        next();
      }
    },
    full: () => active >= concurrency && queue.length >= queueMax,
    stats: () => ({ active, queued: queue.length, priorityQueued: priorityQueue.length }),
  };
}
