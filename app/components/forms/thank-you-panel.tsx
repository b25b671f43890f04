import { useCallback, useEffect, useId, useRef, useState } from "react";
import { standardReplyPromise, type ReplyPromise } from "../../../contract/form-names.ts";
import { contactBookingHref, siteConfig } from "../../config/site.ts";

// The next step after a lead is sent (issue 14 §4, issue 18 §8): the spec's toast says "sent", this panel,
// in the form's place, says what happens now, with the phone number and a link to book a call, and a
// button that brings the (emptied) form back for another request.
//
// Announced by moving focus to its heading, not by role="status": a live region that is mounted with its
// content is not reliably read (NVDA and JAWS speak changes inside a region that already existed), the
// toast already speaks in the polite live region at that moment, and with focus on the heading a
// keyboard user's next Tab reaches the phone link and the booking link.

export type NextStepProps = {
  /** How soon we reply, as the form's success message promises. */
  replyWithin?: ReplyPromise;
  /** Where "book a call" goes: the page's own booking section ("#booking-calendar"), else the contact page's. */
  bookingHref?: string;
};

/**
 * The panel's state for one form: `show()` after a success (the form hides, focus moves to the panel's
 * heading), `sendAnother()` from its button (the panel goes, the form comes back with focus on
 * `firstFieldId`).
 */
export function useThankYouPanel(firstFieldId: string) {
  const [shown, setShown] = useState(false);
  const [reopened, setReopened] = useState(0);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => {
    const heading = headingRef.current;
    if (!shown || !heading) return;
    // The spec's toast appears at the bottom of the screen at the same moment (ui/toast.tsx): the panel
    // goes to the top, just under the fixed header (html's scroll-padding-top), so the toast never covers
    // it (issue 39), rather than wherever focusing its heading would have scrolled it.
    heading.focus({ preventScroll: true });
    const panel = heading.closest("[data-thank-you-panel]") ?? heading;
    // (jsdom, which runs the islands' unit tests, has no scrollIntoView.)
    if (typeof panel.scrollIntoView === "function") panel.scrollIntoView({ block: "start" });
  }, [shown]);
  useEffect(() => {
    if (reopened > 0) document.getElementById(firstFieldId)?.focus();
  }, [reopened, firstFieldId]);
  const show = useCallback(() => setShown(true), []);
  const sendAnother = useCallback(() => {
    setShown(false);
    setReopened((times) => times + 1);
  }, []);
  return { shown, show, sendAnother, headingRef };
}

export function ThankYouPanel({
  headingRef,
  replyWithin = standardReplyPromise,
  bookingHref = contactBookingHref,
  onSendAnother,
}: NextStepProps & { headingRef: React.RefObject<HTMLHeadingElement | null>; onSendAnother: () => void }) {
  const headingId = useId();
  const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-emerald-700 bg-emerald-50 p-5 text-slate-800"
      data-thank-you-panel=""
    >
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-bold text-slate-900 focus:outline-none">
        Thank you! We have your request.
      </h3>
      <p className="mt-2">
        What happens next: a strategist reads your details and contacts you within {replyWithin} by phone or e-mail.
      </p>
      <p className="mt-2">
        Rather talk now? Call{" "}
        <a href={siteConfig.phoneHref} className={`${linkClass} whitespace-nowrap`}>
          {siteConfig.phone}
        </a>{" "}
        ({siteConfig.hours}) or{" "}
        <a href={bookingHref} className={linkClass}>
          book a free 30-minute call
        </a>
        .
      </p>
      <button
        type="button"
        onClick={onSendAnother}
        className="mt-4 rounded-md border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
      >
        Send another request
      </button>
    </section>
  );
}
