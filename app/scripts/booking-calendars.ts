// The booking widget's facade (components/scheduling-embed.tsx, docs/decisions/030). No third-party frame
// loads before the visitor wants it: the card's button, or a link to the card's section (the pages' "book a
// call" buttons, the thank-you panel's link to /contact#schedule-call), adds the frame, and the calendar takes
// the card's place only once it has loaded. A host that never answers leaves the card with a message.
const SLOW_AFTER_MS = 10_000;
const LOADING = "Loading the booking calendar…";
const SLOW = "The booking calendar has not loaded. Open the booking page or call us: the links are above.";

const calendars = [...document.querySelectorAll<HTMLElement>("[data-booking-calendar]")];

function showCalendar(box: HTMLElement) {
  if (box.dataset.state) return;
  box.dataset.state = "loading";
  const button = box.querySelector<HTMLButtonElement>("[data-booking-show]");
  const status = box.querySelector<HTMLElement>("[data-booking-status]");
  if (status) status.textContent = LOADING;
  const frame = document.createElement("iframe");
  frame.title = box.dataset.frameTitle ?? "";
  frame.height = box.dataset.frameHeight ?? "";
  frame.className = "invisible absolute inset-0 h-full w-full group-data-[state=shown]:visible";
  const slow = setTimeout(() => status && (status.textContent = SLOW), SLOW_AFTER_MS);
  frame.addEventListener(
    "load",
    () => {
      clearTimeout(slow);
      // The card (and its button) goes: a visitor who pressed it by keyboard continues in the calendar.
      const buttonHadFocus = document.activeElement === button;
      box.dataset.state = "shown";
      if (buttonHadFocus) frame.focus();
    },
    { once: true },
  );
  frame.src = box.dataset.frameSrc ?? "";
  box.append(frame);
}

/** The calendar inside the element a fragment ("#schedule-call") points at, if any. */
function calendarAt(hash: string): HTMLElement | undefined {
  const target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  return target ? calendars.find((box) => target.contains(box)) : undefined;
}

for (const box of calendars) {
  const button = box.querySelector<HTMLButtonElement>("[data-booking-show]");
  if (!button) continue;
  button.hidden = false;
  button.addEventListener("click", () => showCalendar(box));
}
if (calendars.length > 0) {
  const fromHash = () => {
    const box = calendarAt(location.hash);
    if (box) showCalendar(box);
  };
  fromHash();
  window.addEventListener("hashchange", fromHash);
  // A click on a link to the section the page already shows fires no hashchange.
  document.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.("a[href*='#']");
    if (!(link instanceof HTMLAnchorElement) || link.pathname !== location.pathname) return;
    const box = calendarAt(link.hash);
    if (box) showCalendar(box);
  });
}
