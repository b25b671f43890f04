// The booking widget's facade (components/scheduling-embed.tsx, docs/decisions/030). No third-party frame
// loads before the visitor wants it: the card's button, or a link to the card's section (the pages' "book a
// call" buttons, the thank-you panel's link to /contact#schedule-call), adds the frame, and the calendar takes
// the card's place only once it has loaded and its host has answered. Anything else (a host refused, blocked
// or offline, a frame the page's policy blocks, no answer within 10 s) leaves the card saying, in words, that
// the calendar could not load, with the booking page's link and the phone (issue 39), and a button to try again.
const GIVE_UP_AFTER_MS = 10_000;
const LOADING = "Loading the booking calendar…";
const TRY_AGAIN = "Try the booking calendar again";

const calendars = [...document.querySelectorAll<HTMLElement>("[data-booking-calendar]")];

function showCalendar(box: HTMLElement) {
  if (box.dataset.state === "loading" || box.dataset.state === "shown") return;
  box.querySelector("iframe")?.remove();
  box.dataset.state = "loading";
  const button = box.querySelector<HTMLButtonElement>("[data-booking-show]");
  const status = box.querySelector<HTMLElement>("[data-booking-status]");
  const failure = box.querySelector<HTMLTemplateElement>("template[data-booking-failure]");
  if (status) status.textContent = LOADING;
  const src = box.dataset.frameSrc ?? "";
  const frame = document.createElement("iframe");
  frame.title = box.dataset.frameTitle ?? "";
  frame.height = box.dataset.frameHeight ?? "";
  frame.className = "invisible absolute inset-0 h-full w-full group-data-[state=shown]:visible";

  let loaded = false;
  let reachable = false;
  let settled = false;
  const finish = () => {
    settled = true;
    clearTimeout(giveUp);
    document.removeEventListener("securitypolicyviolation", onPolicyBlock);
  };
  const fail = () => {
    if (settled) return;
    finish();
    // The frame stays, unseen (it holds the browser's error page, if anything); trying again replaces it.
    box.dataset.state = "failed";
    if (status && failure) status.replaceChildren(failure.content.cloneNode(true));
    if (button) button.textContent = TRY_AGAIN;
  };
  const showIfReady = () => {
    if (settled || !loaded || !reachable) return;
    finish();
    // The card (and its button) goes: a visitor who pressed it by keyboard continues in the calendar.
    const buttonHadFocus = document.activeElement === button;
    box.dataset.state = "shown";
    if (status) status.textContent = "";
    if (buttonHadFocus) frame.focus();
  };
  const onPolicyBlock = (event: SecurityPolicyViolationEvent) => {
    if (src && event.blockedURI && src.startsWith(event.blockedURI)) fail();
  };
  const giveUp = setTimeout(fail, GIVE_UP_AFTER_MS);
  document.addEventListener("securitypolicyviolation", onPolicyBlock);
  frame.addEventListener("load", () => {
    loaded = true;
    showIfReady();
  });
  // A frame whose host refuses the connection (or that an extension blocks, or that is offline) fires
  // "load" too, for the browser's own error page, and a cross-origin frame cannot be looked into. So the
  // host is asked directly as well: any HTTP answer, opaque as it is, means the calendar is there; a network
  // error means the frame holds an error page. HEAD, without cookies: nothing of the visitor's goes with it.
  fetch(src, { method: "HEAD", mode: "no-cors", credentials: "omit", cache: "no-store" }).then(() => {
    reachable = true;
    showIfReady();
  }, fail);
  frame.src = src;
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
