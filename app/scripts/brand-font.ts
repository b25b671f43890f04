// The first page of a visit: once it has loaded and its largest paint is done, fetch the brand font into
// the cache without using it, and remember that later pages may ask for it at once (site-layout.astro's
// head script; docs/decisions/037-css-file-and-analytics-after-load.md, 049-requests-after-the-largest-paint.md).
import { afterLargestPaint } from "../lib/after-largest-paint.ts";

if (!document.documentElement.classList.contains("brand-font")) {
  afterLargestPaint(() => {
    void document.fonts.load('1em "Figtree Variable"').then((faces) => {
      try {
        if (faces.length > 0) localStorage.setItem("brand-font", "1");
      } catch {
        // Storage refused (private mode): the next page stays in the fallback.
      }
    });
  });
}
