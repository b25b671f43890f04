// Every page load: remember where the visit came from (for the lead forms), load analytics when a
// measurement ID is configured, and record this page view (SPEC: analytics page views on every page),
// with the analytics service and with our own cookie-less count (issue 24: the owner's conversion rates).
import { analyticsId } from "../config/analytics-id.ts";
import { loadAnalytics, trackPageView } from "../lib/analytics.ts";
import { captureVisitSource } from "../lib/visit-source.ts";
import { sendPageView } from "../lib/view-beacon.ts";

captureVisitSource();
loadAnalytics(analyticsId);
trackPageView(`${location.pathname}${location.search}`);
sendPageView();
