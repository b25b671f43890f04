// A bound on expensive work (the sign-in's password hash, docs/decisions/032-sign-in-work-bound.md): at
// most `concurrency` tasks run, a few more wait in a short queue for at most `maxWaitMs`, and the rest
// are refused at once, so a flood costs a refusal instead of a hash and never grows a backlog. Tasks run
// with `priority` (the owner's known device) have `reserved` extra slots only they may use, and a queue
// of their own that is always served first: ordinary tasks can neither take their slot nor make them wait.
// p-limit and the like queue without bound; this is the few lines they would save.

export type WorkLimiterOptions = {
  /** Tasks run at the same time. */
  concurrency: number;
  /** Extra slots only priority tasks may use (they may use the others too). */
  reserved?: number;
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

export function createWorkLimiter({ concurrency, reserved = 0, queueMax, maxWaitMs }: WorkLimiterOptions): WorkLimiter {
  if (!(concurrency >= 1)) throw new RangeError("concurrency must be at least 1");
  if (!(reserved >= 0)) throw new RangeError("reserved must not be negative");
  let ordinaryActive = 0;
  let priorityActive = 0;
  const priorityQueue: Waiter[] = [];
  const queue: Waiter[] = [];

  const canStart = (priority: boolean) =>
    ordinaryActive + priorityActive < concurrency + reserved && (priority || ordinaryActive < concurrency);

  function take(priority: boolean) {
    if (priority) priorityActive += 1;
    else ordinaryActive += 1;
  }

  /** Hands freed slots to the waiters, priority first. */
  function next() {
    for (;;) {
      const priority = priorityQueue.length > 0 && canStart(true);
      const waiter = priority ? priorityQueue.shift() : canStart(false) ? queue.shift() : undefined;
      if (!waiter) return;
      clearTimeout(waiter.timer);
      take(priority);
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
      const priority = options.priority === true;
      const into = priority ? priorityQueue : queue;
      // Nobody waits ahead in this task's queue and a slot is free: it starts now.
      if (into.length === 0 && canStart(priority)) take(priority);
      else await wait(into); // next() took the slot for us
      try {
        return await task();
      } finally {
        if (priority) priorityActive -= 1;
        else ordinaryActive -= 1;
        next();
      }
    },
    full: () => !(queue.length === 0 && canStart(false)) && queue.length >= queueMax,
    stats: () => ({
      active: ordinaryActive + priorityActive,
      queued: queue.length,
      priorityQueued: priorityQueue.length,
    }),
  };
}
