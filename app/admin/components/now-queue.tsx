import { Link } from "react-router";
import type { LeadRow, TodayQueue } from "../../../contract/admin-leads.ts";
import { serviceTypeLabels } from "../../../contract/service-inquiry.ts";
import { cn } from "../../lib/utils.ts";
import { listPath, leadLinkSearch, defaultFiltersOf, type InboxFilters } from "../inbox-filters.ts";
import { RepliedBadge } from "./inbound-status.tsx";
import { REPLY_HASH } from "./lead-links.ts";
import { focusRing, linkClass } from "./admin-classes.ts";
import { countdownText } from "./countdown-format.ts";
import { formatCount, formatDateTime, kindLabels, leadName, telHref } from "./lead-format.ts";

// "Now" (issue 33): the dashboard opens on the leads to answer now. The leads that arrived since the last
// business day began and still wait for a first answer, newest first, each with a live countdown to its
// reply-by time and Call / Reply; then the older ones due within the business hours ahead; the overdue
// backlog is one line with its count and a link to the queue by deadline, never a wall of cards.

/** Waiting leads (status new), both kinds, by reply deadline: the backlog's queue. */
const waitingByDeadline: InboxFilters = { ...defaultFiltersOf("all"), status: "new", sort: "deadline" };
/** The same leads newest first: a lead opened from "Now" steps through its neighbours in that order. */
const waitingNewest: InboxFilters = { ...defaultFiltersOf("all"), status: "new", sort: "newest" };

const buttonBase = "inline-flex min-h-11 items-center justify-center rounded-md px-4 py-2 text-sm font-semibold";

/** What the lead asked about, in a few words. */
function askedAbout(lead: LeadRow): string | null {
  if (lead.kind === "inquiries")
    return "serviceType" in lead ? (serviceTypeLabels[lead.serviceType] ?? lead.serviceType) : null;
  return "products" in lead && lead.products.length > 0 ? lead.products.join(", ") : null;
}

function NowCard({
  lead,
  now,
  search,
  mineId,
}: {
  lead: LeadRow;
  now: number;
  search: string;
  mineId?: string | undefined;
}) {
  const countdown = countdownText(lead.replyBy, now);
  const about = askedAbout(lead);
  const leadPath = `/admin/leads/${lead.kind}/${lead.id}`;
  const headingId = `now-${lead.id}`;
  return (
    <li
      className={cn(
        "rounded-lg border border-l-4 border-slate-200 p-4",
        countdown.overdue ? "border-l-red-700" : countdown.urgent ? "border-l-amber-600" : "border-l-brand-700",
      )}
      aria-labelledby={headingId}
      data-testid="now-lead"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          <Link to={`${leadPath}${search}`} className={cn("rounded-sm underline-offset-4 hover:underline", focusRing)}>
            {leadName(lead)}
          </Link>
          <span className="ml-2 align-middle">
            <RepliedBadge repliedAt={lead.repliedAt} />
          </span>
          {mineId !== undefined && lead.assigneeId === null && (
            <span className="ml-2 align-middle text-xs font-semibold text-slate-700">Unassigned</span>
          )}
        </h3>
        <p
          role="timer"
          data-testid="now-countdown"
          className={cn(
            "text-sm font-bold tabular-nums",
            countdown.overdue ? "text-red-800" : countdown.urgent ? "text-amber-900" : "text-slate-900",
          )}
        >
          {countdown.text}
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {kindLabels[lead.kind].one}
        {about ? ` · ${about}` : ""} · arrived {formatDateTime(lead.createdAt)} · reply by{" "}
        <time dateTime={lead.replyBy}>{formatDateTime(lead.replyBy)}</time>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={telHref(lead.phone)}
          className={cn(buttonBase, "border border-slate-400 bg-white text-slate-900 hover:bg-slate-100", focusRing)}
        >
          Call<span className="sr-only"> {leadName(lead)}</span>
          <span className="ml-1 font-normal text-slate-700" aria-hidden="true">
            {lead.phone}
          </span>
        </a>
        <Link
          to={`${leadPath}${search}${REPLY_HASH}`}
          className={cn(buttonBase, "bg-brand-700 text-white hover:bg-brand-800", focusRing)}
        >
          Reply<span className="sr-only"> to {leadName(lead)}</span>
        </Link>
      </div>
    </li>
  );
}

function Status({ loading, failed, empty }: { loading: boolean; failed: boolean; empty: string }) {
  if (loading)
    return (
      <p className="mt-3 text-slate-700" role="status">
        Loading...
      </p>
    );
  if (failed)
    return (
      <p className="mt-3 text-red-700" role="alert">
        This list could not be loaded. Please reload the page.
      </p>
    );
  return <p className="mt-3 text-slate-700">{empty}</p>;
}

export function NowQueue({
  today,
  now,
  loading,
  failed,
  mineId,
}: {
  today: TodayQueue | undefined;
  now: number;
  loading: boolean;
  failed: boolean;
  /** A member's day: theirs and the unassigned leads (the cards say which are unassigned). */
  mineId?: string | undefined;
}) {
  const answerNow = today?.answerNow ?? [];
  const dueSoon = today?.dueSoon ?? [];
  const overdue = today?.overdue.count ?? 0;
  const newest = leadLinkSearch("all", waitingNewest);
  const byDeadline = leadLinkSearch("all", waitingByDeadline);
  const backlog = { ...waitingByDeadline, ...(mineId !== undefined ? { assignee: "me" } : {}) };
  return (
    <section aria-labelledby="answer-now" className="mt-6 min-w-0">
      <h2 id="answer-now" className="text-xl font-semibold text-slate-900">
        Answer now
        {answerNow.length > 0 && (
          <span className="ml-2 text-base font-normal text-slate-700">({formatCount(answerNow.length)})</span>
        )}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {mineId !== undefined ? "Your leads and the unassigned ones" : "New leads"} since the last business day began,
        still waiting for an answer, newest first.
      </p>
      {answerNow.length === 0 ? (
        <Status loading={loading} failed={failed} empty="Nothing to answer right now." />
      ) : (
        <ul className="mt-3 space-y-3" aria-label="Leads to answer now">
          {answerNow.map((lead) => (
            <NowCard key={lead.id} lead={lead} now={now} search={newest} mineId={mineId} />
          ))}
        </ul>
      )}

      {dueSoon.length > 0 && (
        <>
          <h3 id="due-soon" className="mt-6 text-lg font-semibold text-slate-900">
            Due in the business hours ahead{" "}
            <span className="text-base font-normal text-slate-700">({formatCount(dueSoon.length)})</span>
          </h3>
          <ul className="mt-3 space-y-3" aria-labelledby="due-soon">
            {dueSoon.map((lead) => (
              <NowCard key={lead.id} lead={lead} now={now} search={byDeadline} mineId={mineId} />
            ))}
          </ul>
        </>
      )}

      {overdue > 0 && (
        <p className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-red-900" data-testid="overdue-backlog">
          <span className="font-semibold">
            {formatCount(overdue)} older {overdue === 1 ? "lead is" : "leads are"} past the reply time.
          </span>{" "}
          <Link to={listPath("all", backlog)} className={cn(linkClass, "text-red-900 hover:text-red-950")}>
            Open the queue by deadline
          </Link>
        </p>
      )}
    </section>
  );
}
