// Every page load: remember where the visit came from (for the lead forms), load analytics when a
// measurement ID is configured, and record this page view (SPEC: analytics page views on every page),
// with the analytics service and with our own cookie-less count (issue 24: the owner's conversion rates).
import { analyticsId } from "../config/analytics-id.ts";
import { afterLargestPaint } from "../lib/after-largest-paint.ts";
import { loadAnalytics, trackPageView } from "../lib/analytics.ts";
import { captureVisitSource } from "../lib/visit-source.ts";
import { sendPageView } from "../lib/view-beacon.ts";

captureVisitSource();
loadAnalytics(analyticsId);
trackPageView(`${location.pathname}${location.search}`);
// Our own count after the largest paint (a request before it is counted in front of it: one more round
// trip, 1.05 s instead of 0.90 s on the pages whose HTML needs two; decision 049), or when the visitor
// leaves first (sendBeacon outlives the page): once either way.
let viewSent = false;
const sendViewOnce = () => {
  if (viewSent) return;
  viewSent = true;
  sendPageView();
};
afterLargestPaint(sendViewOnce);
addEventListener("pagehide", sendViewOnce, { once: true });
