// Every countdown of the page ([data-countdown], rendered by components/countdown.tsx) ticks from one
// deadline set when the page loads, so two countdowns on one page always show the same time.
import { COUNTDOWN_START_SECONDS, COUNTDOWN_TICK_MS, formatHms, secondsLeft } from "../lib/countdown.ts";

const displays = [...document.querySelectorAll<HTMLElement>("[data-countdown]")];
if (displays.length > 0) {
  const endsAt = Date.now() + COUNTDOWN_START_SECONDS * 1000;
  const timer = setInterval(() => {
    const left = secondsLeft(endsAt, Date.now());
    const text = formatHms(left);
    for (const display of displays) {
      display.textContent = text;
      display.setAttribute("aria-label", `Time left: ${text}`);
    }
    if (left === 0) clearInterval(timer);
  }, COUNTDOWN_TICK_MS);
}
