// The analytics service (Google tag): its script loads only when a measurement ID is configured, after
// the page's load event and the next paint, when the browser is idle, and each route change records exactly one page view.
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

/**
 * Runs `start` once, after the load event and the frame that follows it, when the browser is idle. With
 * the stylesheet as a file the first paint can come after the load event, and an idle moment can come
 * before that paint: the frame callback and the task after it wait for the paint itself.
 */
export function afterLoadWhenIdle(start: () => void, win: Window = window): void {
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === "function") win.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    else win.setTimeout(start, 0);
  };
  const afterNextPaint = () => win.requestAnimationFrame(() => win.setTimeout(whenIdle, 0));
  if (win.document.readyState === "complete") afterNextPaint();
  else win.addEventListener("load", afterNextPaint, { once: true });
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
  win.gtag?.("event", "page_view", { page_path: path, page_location: win.location.href, page_title: win.document.title });
}

/** Called after every successful form submission; the conversion function may not exist. */
export function reportConversion(win: Window = window): void {
  if (typeof win.gtag_report_conversion === "function") win.gtag_report_conversion();
}
