import { afterEach, describe, expect, it, vi } from "vitest";
import { createWorkLimiter, WorkLimiterBusyError } from "./work-limiter.ts";

/** A task that runs until the test ends it, recording when it started. */
function gate(started: string[], name: string) {
  let finish = () => {};
  const task = () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finish = () => resolve(name);
    });
  return { task, finish: () => finish() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe("createWorkLimiter", () => {
  it("runs at most `concurrency` tasks at once, the rest in arrival order as slots free", async () => {
    const limiter = createWorkLimiter({ concurrency: 2, queueMax: 10, maxWaitMs: 10_000 });
    const started: string[] = [];
    const gates = ["a", "b", "c", "d"].map((name) => gate(started, name));
    const results = gates.map((g) => limiter.run(g.task));
    await settle();
    expect(started).toEqual(["a", "b"]);
    expect(limiter.stats()).toEqual({ active: 2, queued: 2, priorityQueued: 0 });
    gates[1]!.finish();
    await settle();
    expect(started).toEqual(["a", "b", "c"]);
    gates[0]!.finish();
    gates[2]!.finish();
    await settle();
    gates[3]!.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
    expect(limiter.stats()).toEqual({ active: 0, queued: 0, priorityQueued: 0 });
  });

  it("refuses at once, without running it, a task that finds its queue full", async () => {
    const limiter = createWorkLimiter({ concurrency: 1, queueMax: 1, maxWaitMs: 10_000 });
    const started: string[] = [];
    const running = gate(started, "running");
    const queued = gate(started, "queued");
    const first = limiter.run(running.task);
    const second = limiter.run(queued.task);
    const refused = vi.fn(async () => "never");
    await expect(limiter.run(refused)).rejects.toThrow(new WorkLimiterBusyError("queue full"));
    expect(refused).not.toHaveBeenCalled();
    running.finish();
    await settle();
    queued.finish();
    expect([await first, await second]).toEqual(["running", "queued"]);
  });

  it("says it is full exactly when an ordinary task would be refused at once", async () => {
    const limiter = createWorkLimiter({ concurrency: 1, queueMax: 1, maxWaitMs: 10_000 });
    const running = gate([], "running");
    const queued = gate([], "queued");
    expect(limiter.full()).toBe(false);
    const first = limiter.run(running.task);
    expect(limiter.full()).toBe(false);
    const second = limiter.run(queued.task);
    expect(limiter.full()).toBe(true);
    running.finish();
    await first;
    expect(limiter.full()).toBe(false);
    queued.finish();
    await second;
  });

  it("with queueMax 0 refuses whatever finds every slot taken", async () => {
    const limiter = createWorkLimiter({ concurrency: 1, queueMax: 0, maxWaitMs: 10_000 });
    const running = gate([], "running");
    const first = limiter.run(running.task);
    await expect(limiter.run(async () => "never")).rejects.toBeInstanceOf(WorkLimiterBusyError);
    running.finish();
    expect(await first).toBe("running");
  });

  it("refuses a task that waited past maxWaitMs, takes it out of the queue, and never runs it", async () => {
    vi.useFakeTimers();
    const limiter = createWorkLimiter({ concurrency: 1, queueMax: 5, maxWaitMs: 1_500 });
    const running = gate([], "running");
    const first = limiter.run(running.task);
    const late = vi.fn(async () => "late");
    const waiting = limiter.run(late);
    const outcome = expect(waiting).rejects.toThrow(new WorkLimiterBusyError("waited too long"));
    await vi.advanceTimersByTimeAsync(1_499);
    expect(limiter.stats().queued).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(limiter.stats()).toEqual({ active: 1, queued: 0, priorityQueued: 0 });
    running.finish();
    expect(await first).toBe("running");
    expect(late).not.toHaveBeenCalled();
  });

  it("serves the priority queue first, with a bound of its own", async () => {
    const limiter = createWorkLimiter({ concurrency: 1, queueMax: 2, maxWaitMs: 10_000 });
    const started: string[] = [];
    const running = gate(started, "running");
    const guesses = [gate(started, "guess 1"), gate(started, "guess 2")];
    const owner = gate(started, "owner");
    const results = [limiter.run(running.task), ...guesses.map((g) => limiter.run(g.task))];
    // The ordinary queue is full; the priority queue is not.
    await expect(limiter.run(async () => "refused")).rejects.toBeInstanceOf(WorkLimiterBusyError);
    results.push(limiter.run(owner.task, { priority: true }));
    expect(limiter.stats()).toEqual({ active: 1, queued: 2, priorityQueued: 1 });
    running.finish();
    await settle();
    expect(started).toEqual(["running", "owner"]);
    owner.finish();
    await settle();
    guesses[0]!.finish();
    await settle();
    guesses[1]!.finish();
    expect(await Promise.all(results)).toEqual(["running", "guess 1", "guess 2", "owner"]);
    expect(started).toEqual(["running", "owner", "guess 1", "guess 2"]);
  });

  it("keeps `reserved` slots for priority tasks: they start at once while ordinary ones wait", async () => {
    const limiter = createWorkLimiter({ concurrency: 1, reserved: 1, queueMax: 2, maxWaitMs: 10_000 });
    const started: string[] = [];
    const guesses = [gate(started, "guess 1"), gate(started, "guess 2")];
    const owners = [gate(started, "owner 1"), gate(started, "owner 2")];
    const results = guesses.map((g) => limiter.run(g.task));
    await settle();
    // One ordinary task runs, the other waits though a slot is free: that slot is the owner's.
    expect(started).toEqual(["guess 1"]);
    expect(limiter.stats()).toEqual({ active: 1, queued: 1, priorityQueued: 0 });
    results.push(limiter.run(owners[0]!.task, { priority: true }));
    await settle();
    expect(started).toEqual(["guess 1", "owner 1"]);
    // Both slots taken: a second priority task waits, and is served before the waiting guess.
    results.push(limiter.run(owners[1]!.task, { priority: true }));
    expect(limiter.stats()).toEqual({ active: 2, queued: 1, priorityQueued: 1 });
    guesses[0]!.finish();
    await settle();
    expect(started).toEqual(["guess 1", "owner 1", "owner 2"]);
    owners[0]!.finish();
    owners[1]!.finish();
    await settle();
    expect(started).toEqual(["guess 1", "owner 1", "owner 2", "guess 2"]);
    guesses[1]!.finish();
    expect(await Promise.all(results)).toEqual(["guess 1", "guess 2", "owner 1", "owner 2"]);
  });

  it("frees the slot when a task fails, and passes the failure on", async () => {
    const limiter = createWorkLimiter({ concurrency: 1, queueMax: 1, maxWaitMs: 10_000 });
    await expect(limiter.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(limiter.stats().active).toBe(0);
    expect(await limiter.run(async () => "next")).toBe("next");
  });

  it("refuses a concurrency below 1", () => {
    expect(() => createWorkLimiter({ concurrency: 0, queueMax: 1, maxWaitMs: 1 })).toThrow(RangeError);
    expect(() => createWorkLimiter({ concurrency: 1, reserved: -1, queueMax: 1, maxWaitMs: 1 })).toThrow(RangeError);
  });
});
