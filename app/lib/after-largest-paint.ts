// Requests that must not be in front of the page's largest paint (the analytics script, the brand font's
// fetch into the cache) start only after it: after the load event, once the largest-contentful-paint
// entries have stopped coming, when the browser is idle. Lighthouse's simulation counts every request
// (but a low-priority image) that started before the observed largest paint as one the paint waited
// for: a font fetch there cost one more round trip (1.05 s instead of 0.90 s), the blocked analytics
// script a cold connection (about 1.4 s). docs/decisions/049-requests-after-the-largest-paint.md

/** The longest the start waits for an idle moment once the largest paint has settled (a busy page still gets it). */
const IDLE_TIMEOUT_MS = 2000;

/** The longest the start waits for the paints after the load event (a hidden tab paints nothing). */
const PAINT_TIMEOUT_MS = 3000;

/**
 * How long the largest paint must stay the same, counted from the load event or from the last
 * largest-contentful-paint entry, whichever is later. The load event can come before the largest paint
 * (seen: load at 122 ms, the first paint at 97 ms, the hero paragraph's paint at 153 ms), and nothing
 * says a candidate is the last one; every image has arrived by the load event, so what is left is a
 * frame or two of rendering, and their entries come after their presentation.
 */
export const LARGEST_PAINT_SETTLE_MS = 250;

type ObserverWindow = Window & { PerformanceObserver?: typeof PerformanceObserver };

/**
 * Runs `start` once: after the load event, the first contentful paint and the largest paint (no new
 * `largest-contentful-paint` entry for LARGEST_PAINT_SETTLE_MS), when the browser is idle. Neither an
 * idle moment nor a frame callback waits for a paint (both came before it in Lighthouse's runs): the
 * paint entries do. A browser without those entries waits for what it has (the load event, the first
 * paint); a tab that paints nothing starts PAINT_TIMEOUT_MS after the load event.
 */
export function afterLargestPaint(start: () => void, win: Window = window): void {
  let loaded = win.document.readyState === "complete";
  const Observer = (win as ObserverWindow).PerformanceObserver;
  const supported = Observer?.supportedEntryTypes ?? [];
  let painted = !supported.includes("paint");
  const watchesLargest = supported.includes("largest-contentful-paint");
  let largestSeen = false;
  let settled = !watchesLargest;
  let settleTimer: number | undefined;
  let started = false;

  const proceed = () => {
    if (!loaded || !painted || !settled || started) return;
    started = true;
    win.setTimeout(() => {
      if (typeof win.requestIdleCallback === "function") win.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
      else start();
    }, 0);
  };
  const settleLater = () => {
    if (!loaded || !largestSeen || started) return;
    if (settleTimer !== undefined) win.clearTimeout(settleTimer);
    settleTimer = win.setTimeout(() => {
      settled = true;
      proceed();
    }, LARGEST_PAINT_SETTLE_MS);
  };

  if (Observer && !painted)
    new Observer((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      painted = true;
      proceed();
    }).observe({ type: "paint", buffered: true });
  if (Observer && watchesLargest)
    // Kept observing: each new candidate restarts the wait (a disconnect after the start).
    new Observer((_entries, observer) => {
      if (started) return observer.disconnect();
      largestSeen = true;
      settleLater();
    }).observe({ type: "largest-contentful-paint", buffered: true });

  const onLoad = () => {
    loaded = true;
    win.setTimeout(() => {
      painted = true;
      settled = true;
      proceed();
    }, PAINT_TIMEOUT_MS);
    settleLater();
    proceed();
  };
  if (loaded) onLoad();
  else win.addEventListener("load", onLoad, { once: true });
}
