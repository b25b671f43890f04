import { useCallback, useEffect, useId, useRef, useState } from "react";
import { contactBookingHref, siteConfig, standardReplyPromise, type ReplyPromise } from "../../config/site.ts";

// The next step after a lead is sent (issue 14 §4): the spec's toast says "sent", this panel above the
// form says what happens now, with the phone number and a link to book a call. The form stays usable
// (emptied) below it.
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
 * The panel's state for one form: `show()` after a success (again after the next one: still one panel,
 * and focus moves to its heading again).
 */
export function useThankYouPanel() {
  const [shownTimes, setShownTimes] = useState(0);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => {
    if (shownTimes > 0) headingRef.current?.focus();
  }, [shownTimes]);
  const show = useCallback(() => setShownTimes((times) => times + 1), []);
  return { shown: shownTimes > 0, show, headingRef };
}

export function ThankYouPanel({
  headingRef,
  replyWithin = standardReplyPromise,
  bookingHref = contactBookingHref,
}: NextStepProps & { headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const headingId = useId();
  const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-emerald-700 bg-emerald-50 p-5 text-slate-800" data-thank-you-panel="">
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
    </section>
  );
}
