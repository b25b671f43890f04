import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

// SPEC §2, §9: every navigation by link or button scrolls smoothly to the top (instantly when the
// visitor asks for reduced motion); back and forward restore where the visitor was. This replaces
// React Router's ScrollRestoration, which jumps to the top without animation.

const STORAGE_KEY = "scroll-positions";

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, number>;
  } catch {
    return {};
  }
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Scrolls the window to the top, smoothly unless reduced motion is asked for. */
export function scrollToTop() {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
}

/** Scrolls an element of this page into view (in-page buttons such as "Book a call"). */
export function scrollToElement(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
}

export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  }, []);

  // Remember where the visitor was on the page being left.
  useEffect(() => {
    const key = location.key;
    return () => {
      const positions = readPositions();
      positions[key] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Private modes may refuse storage; back then starts at the top.
      }
    };
  }, [location.key]);

  useLayoutEffect(() => {
    if (navigationType === "POP") {
      window.scrollTo({ top: readPositions()[location.key] ?? 0, behavior: "auto" });
      return;
    }
    if (location.hash) {
      scrollToElement(decodeURIComponent(location.hash.slice(1)));
      return;
    }
    scrollToTop();
  }, [location.key, location.hash, navigationType]);

  return null;
}
