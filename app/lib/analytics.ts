// The analytics service (Google tag): its script loads only when a measurement ID is configured, after
// the page's load event and its first paint, when the browser is idle, and each route change records exactly one page view.
// Page views are queued in dataLayer at once and the script sends the queue when it arrives, so none is
// lost by the wait; a script requested before the first paint put a third-party connection in front of
// the largest paint (docs/decisions/037-css-file-and-analytics-after-load.md).

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
    /** Defined by the conversion snippet of the ads account when the site carries it. */
    gtag_report_conversion?: (url?: string) => unknown;
  }
}

export function analyticsScriptUrl(measurementId: string): string {
  return `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
}

/** The longest the script waits for an idle moment after the load event (a busy page still gets it). */
const IDLE_TIMEOUT_MS = 2000;

/** The longest a start waits for the first contentful paint after the load event (a hidden tab paints nothing). */
const PAINT_TIMEOUT_MS = 3000;

/**
 * Runs `start` once, after the load event and the page's first contentful paint, when the browser is idle.
 * With the stylesheet as a file the first paint can follow the load event, and neither an idle moment nor
 * a frame callback waits for it (both came before it in Lighthouse's runs): the paint entry does.
 */
export function afterLoadWhenIdle(start: () => void, win: Window = window): void {
  let loaded = win.document.readyState === "complete";
  let painted = false;
  let started = false;
  const proceed = () => {
    if (!loaded || !painted || started) return;
    started = true;
    win.setTimeout(() => {
      if (typeof win.requestIdleCallback === "function") win.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
      else start();
    }, 0);
  };
  const paintSeen = () => {
    painted = true;
    proceed();
  };
  // Not on the Window type (a global of the page), and absent from older browsers.
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes("paint")) {
    new Observer((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      paintSeen();
    }).observe({ type: "paint", buffered: true });
  } else {
    painted = true;
  }
  const onLoad = () => {
    loaded = true;
    win.setTimeout(paintSeen, PAINT_TIMEOUT_MS);
    proceed();
  };
  if (loaded) onLoad();
  else win.addEventListener("load", onLoad, { once: true });
}

/**
 * Adds the analytics queue at once and its script after the load event (afterLoadWhenIdle). Does nothing
 * without an ID, or when already loaded. Page views are not sent automatically (send_page_view: false):
 * trackPageView queues each one, so the first page is not counted twice.
 */
export function loadAnalytics(measurementId: string, doc: Document = document, win: Window = window): boolean {
  if (!measurementId || win.gtag) return false;
  win.dataLayer = win.dataLayer ?? [];
  win.gtag = function gtag() {
    // The Google tag expects the arguments object itself.
    // eslint-disable-next-line prefer-rest-params
    win.dataLayer!.push(arguments);
  };
  win.gtag("js", new Date());
  win.gtag("config", measurementId, { send_page_view: false });
  const script = doc.createElement("script");
  script.async = true;
  script.src = analyticsScriptUrl(measurementId);
  afterLoadWhenIdle(() => doc.head.appendChild(script), win);
  return true;
}

export function trackPageView(path: string, win: Window = window): void {
  win.gtag?.("event", "page_view", {
    page_path: path,
    page_location: win.location.href,
    page_title: win.document.title,
  });
}

/** Called after every successful form submission; the conversion function may not exist. */
export function reportConversion(win: Window = window): void {
  if (typeof win.gtag_report_conversion === "function") win.gtag_report_conversion();
}
