import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterLargestPaint, LARGEST_PAINT_SETTLE_MS } from "./after-largest-paint.ts";

// A stand-in window: the load event, the paint and largest-contentful-paint observers, timers (vitest's
// fake clock) and idle callbacks, each moved on by the test.
function fakeBrowser({ entryTypes = ["paint", "largest-contentful-paint"], readyState = "loading" } = {}) {
  const observers = new Map<string, (entries: { getEntriesByName: (name: string) => unknown[] }) => void>();
  const onLoad: Array<() => void> = [];
  const idle: Array<() => void> = [];
  class FakeObserver {
    static supportedEntryTypes = entryTypes;
    constructor(private callback: (list: unknown, observer: { disconnect: () => void }) => void) {}
    observe({ type }: { type: string }) {
      observers.set(type, (list) => this.callback(list, { disconnect: () => observers.delete(type) }));
    }
  }
  const win = {
    document: { readyState },
    PerformanceObserver: FakeObserver,
    addEventListener: (type: string, listener: () => void) => type === "load" && onLoad.push(listener),
    requestIdleCallback: (callback: () => void) => idle.push(callback),
    setTimeout: (callback: () => void, ms?: number) => setTimeout(callback, ms),
    clearTimeout: (timer: ReturnType<typeof setTimeout>) => clearTimeout(timer),
  } as unknown as Window;
  const entry = (type: string, name: string) =>
    observers.get(type)?.({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  const wait = (ms: number) => {
    vi.advanceTimersByTime(ms);
    idle.splice(0).forEach((callback) => callback());
  };
  return {
    win,
    fireLoad: () => onLoad.splice(0).forEach((listener) => listener()),
    firstPaint: () => entry("paint", "first-contentful-paint"),
    largestPaint: () => entry("largest-contentful-paint", ""),
    /** Runs the timers due in `ms`, then the idle callbacks queued by then. */
    wait,
    /** The zero-delay timer the start goes through (the fake clock runs one set during a tick 1 ms later), and the idle moment after it. */
    nextTask: () => wait(1),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("afterLargestPaint", () => {
  it("starts once the largest paint has stayed the same for the settle time after the load event", () => {
    const browser = fakeBrowser();
    const start = vi.fn();
    afterLargestPaint(start, browser.win);
    browser.firstPaint();
    browser.largestPaint();
    browser.wait(1000);
    expect(start).not.toHaveBeenCalled();
    browser.fireLoad();
    browser.wait(LARGEST_PAINT_SETTLE_MS - 10);
    expect(start).not.toHaveBeenCalled();
    // A later, larger paint after the load event (the hero paragraph after the heading): the wait starts again.
    browser.largestPaint();
    browser.wait(LARGEST_PAINT_SETTLE_MS - 10);
    expect(start).not.toHaveBeenCalled();
    browser.wait(10);
    browser.nextTask();
    expect(start).toHaveBeenCalledTimes(1);
    browser.largestPaint();
    browser.wait(LARGEST_PAINT_SETTLE_MS * 20);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("waits for a largest-contentful-paint entry when the load event comes first", () => {
    const browser = fakeBrowser();
    const start = vi.fn();
    afterLargestPaint(start, browser.win);
    browser.fireLoad();
    browser.firstPaint();
    browser.wait(LARGEST_PAINT_SETTLE_MS * 4);
    expect(start).not.toHaveBeenCalled();
    browser.largestPaint();
    browser.wait(LARGEST_PAINT_SETTLE_MS);
    browser.nextTask();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("starts on a page already loaded and painted, after the settle time", () => {
    const browser = fakeBrowser({ readyState: "complete" });
    const start = vi.fn();
    afterLargestPaint(start, browser.win);
    browser.firstPaint();
    browser.largestPaint();
    browser.nextTask();
    expect(start).not.toHaveBeenCalled();
    browser.wait(LARGEST_PAINT_SETTLE_MS);
    browser.nextTask();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("without largest-contentful-paint entries, starts after the load event and the first paint", () => {
    const browser = fakeBrowser({ entryTypes: ["paint"] });
    const start = vi.fn();
    afterLargestPaint(start, browser.win);
    browser.fireLoad();
    browser.nextTask();
    expect(start).not.toHaveBeenCalled();
    browser.firstPaint();
    browser.nextTask();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("a tab that paints nothing starts 3 s after the load event", () => {
    const browser = fakeBrowser();
    const start = vi.fn();
    afterLargestPaint(start, browser.win);
    browser.fireLoad();
    browser.wait(2999);
    expect(start).not.toHaveBeenCalled();
    browser.wait(1);
    browser.nextTask();
    expect(start).toHaveBeenCalledTimes(1);
  });
});
