// Advances the home page's client strip ([data-client-strip], components/client-strip.tsx) by one name
// every 2 seconds. The rotation pauses while the tab is hidden and never runs for visitors who ask
// for reduced motion.
import { CLIENT_STRIP_INTERVAL_MS, CLIENT_STRIP_NAMES, visibleClientNames } from "../lib/client-strip.ts";

const list = document.querySelector<HTMLUListElement>("[data-client-strip]");
if (list) {
  const items = [...list.querySelectorAll("li")];
  const motionQuery = window.matchMedia("(prefers-reduced-motion: reduce)");
  let index = 0;
  let timer: number | undefined;

  const advance = () => {
    index = (index + 1) % CLIENT_STRIP_NAMES.length;
    visibleClientNames(index).forEach((name, k) => {
      if (items[k]) items[k].textContent = name;
    });
  };
  const sync = () => {
    const shouldRun = document.visibilityState !== "hidden" && !motionQuery.matches;
    if (!shouldRun && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    } else if (shouldRun && timer === undefined) {
      timer = window.setInterval(advance, CLIENT_STRIP_INTERVAL_MS);
    }
  };

  sync();
  document.addEventListener("visibilitychange", sync);
  motionQuery.addEventListener("change", sync);
}
