// The analytics service (Google tag): its script loads only when a measurement ID is configured, after
// the page's load event and its largest paint, when the browser is idle, and each route change records
// exactly one page view. Page views are queued in dataLayer at once and the script sends the queue when it
// arrives, so none is lost by the wait; a script requested before the largest paint put a third-party
// connection in front of it (docs/decisions/037-css-file-and-analytics-after-load.md, 045).
import { afterLargestPaint } from "./after-largest-paint.ts";

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

/**
 * Adds the analytics queue at once and its script after the load event and the largest paint (afterLargestPaint). Does nothing
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
  afterLargestPaint(() => doc.head.appendChild(script), win);
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
