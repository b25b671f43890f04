// The first page of a visit: once it has loaded and painted, fetch the brand font into the cache without
// using it, and remember that later pages may ask for it at once (site-layout.astro's head script;
// docs/decisions/037-css-file-and-analytics-after-load.md).
import { afterLoadWhenIdle } from "../lib/analytics.ts";

if (!document.documentElement.classList.contains("brand-font")) {
  afterLoadWhenIdle(() => {
    void document.fonts.load('1em "Figtree Variable"').then((faces) => {
      try {
        if (faces.length > 0) localStorage.setItem("brand-font", "1");
      } catch {
        // Storage refused (private mode): the next page stays in the fallback.
      }
    });
  });
}
