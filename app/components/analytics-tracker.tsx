import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { siteConfig } from "../config/site.ts";
import { loadAnalytics, trackPageView } from "../lib/analytics.ts";
import { captureVisitSource } from "../lib/lead-source.ts";

/** Records the visit's lead source, loads analytics when configured, and one page view per route. */
export function AnalyticsTracker() {
  const location = useLocation();
  const lastTracked = useRef<string | null>(null);

  useEffect(() => {
    captureVisitSource();
    loadAnalytics(siteConfig.analyticsId);
  }, []);

  useEffect(() => {
    const path = `${location.pathname}${location.search}`;
    // Guards against effects that run twice for one navigation (React's development checks).
    if (lastTracked.current === path) return;
    lastTracked.current = path;
    trackPageView(path);
  }, [location.pathname, location.search]);

  return null;
}
