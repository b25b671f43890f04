import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router";
import { INBOUND_SETUP_DOC, type InboundStatus } from "../../../contract/inbound-status.ts";
import { inboundStatusQuery } from "../api/inbound-status.ts";
import { linkClass } from "./admin-classes.ts";
import { formatDateTime } from "./lead-format.ts";

// Whether replies from leads come back into the admin (issue 33, point 4). Settings shows the section (what
// is collected, from which address, the last check, how to turn it on); the lead page shows the short form
// (one line, only when something is missing or failing).

export const INBOUND_SECTION_ID = "replies-from-leads";

const notCollected =
  "Replies from leads are not collected: when a lead answers an e-mail sent from the admin, the answer reaches your mail program only, not the lead’s page.";

function HowToTurnOn() {
  return (
    <p className="mt-2 text-sm text-slate-800">
      To collect them, your developer sets <code className="rounded bg-slate-100 px-1">IMAP_URL</code> (the mailbox that
      receives replies, for example replies@ your domain) and{" "}
      <code className="rounded bg-slate-100 px-1">REPLY_TO_ADDRESS</code> (that mailbox’s address), as{" "}
      <code className="rounded bg-slate-100 px-1">{INBOUND_SETUP_DOC}</code> explains under “Set up the mailbox”.
    </p>
  );
}

function LastCheck({ status }: { status: InboundStatus }) {
  return (
    <>
      <p className="mt-2 text-sm text-slate-800">
        {status.lastPolledAt ? (
          <>Last checked {formatDateTime(status.lastPolledAt)}.</>
        ) : (
          "Not checked yet: the first check runs when the server starts."
        )}
      </p>
      {status.lastError && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          The last check failed: {status.lastError} The server tries again by itself.
        </p>
      )}
    </>
  );
}

/** The Settings section. */
export function InboundStatusSection() {
  const status = useQuery(inboundStatusQuery);
  const titleId = useId();
  const data = status.data;
  return (
    <section
      id={INBOUND_SECTION_ID}
      className="mt-12 scroll-mt-24 border-t border-slate-200 pt-8"
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="text-xl font-semibold text-slate-900">
        Replies from leads
      </h2>
      {status.isPending && (
        <p className="mt-4 text-slate-800" role="status">
          Loading…
        </p>
      )}
      {status.isError && (
        <p role="alert" className="mt-4 text-red-800">
          Whether replies are collected could not be loaded. Please reload the page.
        </p>
      )}
      {data && !data.collecting && (
        <div className="mt-4 max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">Not collected</p>
          <p className="mt-1 text-sm">{notCollected}</p>
          <HowToTurnOn />
        </div>
      )}
      {data?.collecting && (
        <div className="mt-4 max-w-2xl">
          <p className="text-slate-800">
            Collected from <span className="font-medium text-slate-900">{data.replyAddress}</span>: each e-mail to a
            lead asks for the answer at a plus-address of it, and the answer appears on the lead’s page, marked
            “Replied” in the inbox.
          </p>
          <LastCheck status={data} />
        </div>
      )}
    </section>
  );
}

/**
 * The short form for the lead page: one line while replies are not collected or the last check failed;
 * nothing while all is well. `settingsLink`: owners may open the Settings section.
 */
export function InboundStatusNotice({ settingsLink = false }: { settingsLink?: boolean }) {
  const status = useQuery(inboundStatusQuery);
  const data = status.data;
  if (!data || (data.collecting && !data.lastError)) return null;
  const more = settingsLink ? (
    <Link to={`/admin/settings#${INBOUND_SECTION_ID}`} className={linkClass}>
      How to turn it on
    </Link>
  ) : null;
  return (
    <p className="text-sm text-slate-800" role="note">
      {data.collecting ? (
        <>Replies could not be checked lately: {data.lastError} </>
      ) : (
        <>This lead’s answers by e-mail will not show here: replies are not collected. </>
      )}
      {!data.collecting && more}
    </p>
  );
}

/** "Replied" on a lead that wrote back after our last message (the inbox list, "Now"); nothing otherwise. */
export function RepliedBadge({ repliedAt }: { repliedAt: string | null }) {
  if (!repliedAt) return null;
  return (
    <span
      data-testid="replied"
      title={`Replied ${formatDateTime(repliedAt)}`}
      className="inline-flex shrink-0 items-center rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900"
    >
      Replied
    </span>
  );
}
