// Advances the home page's client strip ([data-client-strip], components/client-strip.tsx) by one name
// every 2 seconds. The rotation stops while the tab is hidden and while the visitor has paused it with the
// strip's button ([data-client-strip-pause], aria-pressed); it starts paused for visitors who ask for reduced
// motion, until they press the button themselves.
import {
  CLIENT_STRIP_INTERVAL_MS,
  CLIENT_STRIP_NAMES,
  clientNameIndex,
  visibleClientNames,
} from "../lib/client-strip.ts";

const list = document.querySelector<HTMLUListElement>("[data-client-strip]");
const pauseButton = document.querySelector<HTMLButtonElement>("[data-client-strip-pause]");
if (list) {
  const items = [...list.querySelectorAll("li")];
  const motionQuery = window.matchMedia("(prefers-reduced-motion: reduce)");
  let index = 0;
  let timer: number | undefined;
  let paused = motionQuery.matches;
  let visitorChose = false;

  // The ten wordmarks (components/client-wordmark.tsx), in the names' order.
  const marks = [
    ...(document.querySelector<HTMLTemplateElement>("template[data-client-marks]")?.content.children ?? []),
  ];
  const advance = () => {
    index = (index + 1) % CLIENT_STRIP_NAMES.length;
    visibleClientNames(index).forEach((name, k) => {
      const mark = marks[clientNameIndex(name)];
      if (!items[k]) return;
      if (mark) items[k].replaceChildren(mark.cloneNode(true));
      else items[k].textContent = name;
    });
  };
  const sync = () => {
    pauseButton?.setAttribute("aria-pressed", String(paused));
    const shouldRun = document.visibilityState !== "hidden" && !paused;
    if (!shouldRun && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    } else if (shouldRun && timer === undefined) {
      timer = window.setInterval(advance, CLIENT_STRIP_INTERVAL_MS);
    }
  };

  pauseButton?.addEventListener("click", () => {
    visitorChose = true;
    paused = !paused;
    sync();
  });
  pauseButton?.classList.remove("invisible");
  sync();
  document.addEventListener("visibilitychange", sync);
  motionQuery.addEventListener("change", () => {
    if (!visitorChose) paused = motionQuery.matches;
    sync();
  });
}
