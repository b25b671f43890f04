import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { KindStats, LeadKind, LeadRow, TodayQueue } from "../../../contract/admin-leads.ts";
import type { DeliveryHealth } from "../../../contract/deliveries.ts";
import { serviceTypeLabels } from "../../../contract/service-inquiry.ts";
import { cn } from "../../lib/utils.ts";
import { deliveryHealthQuery } from "../api/deliveries.ts";
import { useIsOwner } from "../components/owner-only.tsx";
import {
  recentContactsQuery,
  recentInquiriesQuery,
  RECENT_LIMIT,
  type RecentContact,
  type RecentInquiry,
} from "../api/recent-leads.ts";
import { statsQuery } from "../api/stats.ts";
import { todayQueryFor } from "../api/today.ts";
import { Loading, SpamBadge, UnreadBadge, usePageTitle } from "../components/admin-shell.tsx";
import { focusRing, linkClass } from "../components/admin-classes.ts";
import { failedDeliveriesWarning } from "../components/delivery-format.ts";
import { formatDateTime, formatCount, kindLabels, leadName, telHref } from "../components/lead-format.ts";
import { LeadsChart } from "../components/leads-chart.tsx";
import { WeekInNumbers } from "../components/week-in-numbers.tsx";
import { NameBanner } from "../components/name-banner.tsx";
import { NowQueue } from "../components/now-queue.tsx";
import { useNow } from "../components/use-now.ts";
import { followUpStanding } from "../components/queue-format.ts";
import { defaultFiltersOf, leadLinkSearch, listPath } from "../inbox-filters.ts";
import { useSession } from "../session.ts";

// SPEC §2 "Admin dashboard": counts, the weekly chart, the newest leads of each kind and a warning
// when deliveries failed (the password and the delivery settings are on /admin/settings). It leads with
// the owner's day (issue 20): the leads that need a reply, past or near their deadline, and the
// follow-ups due today or overdue, before the totals. Shown only inside the signed-in layout; new leads
// appear by themselves (live-updates.ts).

const SECOND_MS = 1000;

/** SPEC §2's Welcome line names the username (the e-mail address); with a name, the name first (issue 33). */
function welcomeName(session: { username: string | null; user?: { name: string | null } | undefined }): string {
  const name = session.user?.name?.trim();
  return name ? `${name} (${session.username ?? ""})` : (session.username ?? "");
}

/** All leads by reply deadline (its default order), and its follow-ups due. */
const allByDeadline = defaultFiltersOf("all");
const allFollowUpsDue = { ...allByDeadline, followUp: "due" as const };

const emptyStats: KindStats = { total: 0, unread: 0, spam: 0, perWeek: [] };

function CountTile({
  kind,
  title,
  stats,
  testId,
}: {
  kind: LeadKind;
  title: string;
  stats: KindStats;
  testId: string;
}) {
  const headingId = `tile-${kind}`;
  return (
    <section className="rounded-lg border border-slate-200 p-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-medium text-slate-700">
        {title}
      </h2>
      <p className="mt-2 text-3xl font-bold text-slate-900" data-testid={testId}>
        {formatCount(stats.total)}
      </p>
      <p className="mt-1 text-sm text-slate-700" data-testid={`${testId.replace("-count", "")}-unread`}>
        {formatCount(stats.unread)} unread
      </p>
      <Link to={`/admin/leads/${kind}`} className={cn(linkClass, "mt-3 inline-block text-sm")}>
        {kindLabels[kind].open}
      </Link>
    </section>
  );
}

function RecentItem({
  kind,
  lead,
  children,
}: {
  kind: LeadKind;
  lead: RecentContact | RecentInquiry;
  children: ReactNode;
}) {
  const unread = lead.readAt === null && lead.status !== "spam";
  return (
    <li className="rounded-md border border-slate-200 p-4">
      <p className={unread ? "font-bold" : "font-semibold"}>
        <Link
          to={`/admin/leads/${kind}/${lead.id}`}
          className={cn("rounded-sm text-slate-900 underline-offset-4 hover:underline", focusRing)}
        >
          {leadName(lead)}
        </Link>
        {unread && <UnreadBadge />}
        {lead.status === "spam" && <SpamBadge />}
      </p>
      <p className="text-sm text-slate-700">
        {lead.email} · {lead.phone}
      </p>
      {children}
      <p className="text-sm text-slate-700">
        <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
      </p>
    </li>
  );
}

/** The dashboard keeps only a short warning when deliveries failed; the delivery settings are on /admin/settings. */
function FailedDeliveriesWarning({ health }: { health: DeliveryHealth | undefined }) {
  const warning = health ? failedDeliveriesWarning(health) : null;
  // The deliveries are an owner's page (issue 23).
  const owner = useIsOwner();
  if (!warning) return null;
  return (
    <div role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{warning}</p>
      <p className="mt-1 text-sm">
        {owner ? (
          <Link to="/admin/deliveries?state=failed" className={cn(linkClass, "text-red-900 hover:text-red-950")}>
            See the failed deliveries
          </Link>
        ) : (
          "An owner of the team can see and resend them."
        )}
      </p>
    </div>
  );
}

/** One lead of the day's queue: its name (to its page, in All leads' order), kind, phone and `children` (where it stands). */
function QueueItem({ lead, search, children }: { lead: LeadRow; search: string; children: ReactNode }) {
  return (
    <li className="rounded-md border border-slate-200 p-4">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link
          to={`/admin/leads/${lead.kind}/${lead.id}${search}`}
          className={cn(
            "rounded-sm font-semibold text-slate-900 underline-offset-4 hover:underline",
            lead.readAt === null && "font-bold",
            focusRing,
          )}
        >
          {leadName(lead)}
        </Link>
        <span className="text-sm text-slate-700">{kindLabels[lead.kind].one}</span>
      </p>
      {children}
      <p className="mt-1 text-sm text-slate-700">
        <a
          href={telHref(lead.phone)}
          className={cn("rounded-sm text-brand-700 underline underline-offset-4 hover:text-brand-900", focusRing)}
        >
          {lead.phone}
        </a>
        <span className="break-all"> · {lead.email}</span>
      </p>
    </li>
  );
}

function MoreThanShown({ shown, total }: { shown: number; total: number }) {
  if (total <= shown) return null;
  return (
    <p className="mt-2 text-sm text-slate-700">
      Showing {formatCount(shown)} of {formatCount(total)}.
    </p>
  );
}

/** "Follow-ups": the day's follow-ups, both kinds, after "Now" and before the totals. */
function TodaySections({
  today,
  now,
  loading,
  failed,
}: {
  today: TodayQueue | undefined;
  now: number;
  loading: boolean;
  failed: boolean;
}) {
  const followUpSearch = leadLinkSearch("all", allFollowUpsDue);
  const status = (empty: string) =>
    loading ? (
      <p className="mt-3 text-slate-700" role="status">
        Loading...
      </p>
    ) : failed ? (
      <p className="mt-3 text-red-700" role="alert">
        This list could not be loaded. Please reload the page.
      </p>
    ) : (
      <p className="mt-3 text-slate-700">{empty}</p>
    );
  const followUps = today?.followUps.items ?? [];
  return (
    <div className="mt-8">
      <section aria-labelledby="follow-ups" className="min-w-0">
        <h2 id="follow-ups" className="text-xl font-semibold text-slate-900">
          Follow-ups
          {today && today.followUps.total > 0 && (
            <span className="ml-2 text-base font-normal text-slate-700">({formatCount(today.followUps.total)})</span>
          )}
        </h2>
        <p className="mt-1 text-sm text-slate-700">Due today or overdue, the earliest first.</p>
        {followUps.length === 0 ? (
          status("No follow-ups due today.")
        ) : (
          <>
            <ul className="mt-3 space-y-3">
              {followUps.map((lead) => {
                const followUp = followUpStanding(lead, now);
                return (
                  <QueueItem key={lead.id} lead={lead} search={followUpSearch}>
                    {followUp && (
                      <p
                        data-testid="follow-up-due"
                        className={cn(
                          "mt-1 text-sm font-semibold",
                          followUp.overdue ? "text-red-800" : "text-slate-900",
                        )}
                      >
                        {followUp.text}
                      </p>
                    )}
                  </QueueItem>
                );
              })}
            </ul>
            <MoreThanShown shown={followUps.length} total={today?.followUps.total ?? 0} />
          </>
        )}
        <p className="mt-3">
          <Link to={listPath("all", allFollowUpsDue)} className={linkClass}>
            All follow-ups due
          </Link>
        </p>
      </section>
    </div>
  );
}

export function Dashboard() {
  usePageTitle("Form Submissions Dashboard");
  const session = useSession();
  // A failure shows as empty or 0 (SPEC §8).
  const contacts = useQuery(recentContactsQuery);
  const inquiries = useQuery(recentInquiriesQuery);
  const stats = useQuery(statsQuery);
  // Not waited for: the dashboard shows without it, and the warnings appear once it answers.
  const health = useQuery(deliveryHealthQuery);
  // Not waited for either: its sections say they are loading.
  // A member's dashboard is their day: their leads and the unassigned ones (issue 33).
  const owner = useIsOwner();
  const today = useQuery(todayQueryFor(owner ? "all" : "me"));
  // Every second: the countdowns of "Now" are live. Counted on the server's clock (TodayQueue.now sets it).
  const now = useNow(SECOND_MS);

  if (contacts.isLoading || inquiries.isLoading || stats.isLoading) return <Loading />;

  const contactList = (contacts.data ?? []).slice(0, RECENT_LIMIT);
  const inquiryList = (inquiries.data ?? []).slice(0, RECENT_LIMIT);
  const contactStats = stats.data?.contacts ?? emptyStats;
  const inquiryStats = stats.data?.inquiries ?? emptyStats;

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Form Submissions Dashboard</h1>
      <p className="mt-1 text-slate-700">Welcome, {welcomeName(session)}</p>
      <FailedDeliveriesWarning health={health.data} />

      <NowQueue
        today={today.data}
        now={now}
        loading={today.isLoading}
        failed={today.isError && !today.data}
        mineId={owner ? undefined : session.user?.id}
      />

      <NameBanner />

      <TodaySections today={today.data} now={now} loading={today.isLoading} failed={today.isError && !today.data} />

      <WeekInNumbers />

      <div className="mt-10 grid gap-4 sm:grid-cols-2">
        <CountTile kind="contacts" title="Contact Forms" stats={contactStats} testId="contact-count" />
        <CountTile kind="inquiries" title="Service Inquiries" stats={inquiryStats} testId="inquiry-count" />
      </div>

      <section className="mt-10" aria-labelledby="leads-per-week">
        <h2 id="leads-per-week" className="text-xl font-semibold text-slate-900">
          Leads per week
        </h2>
        <div className="mt-4">
          <LeadsChart stats={{ contacts: contactStats, inquiries: inquiryStats }} />
        </div>
      </section>

      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="recent-contacts">
          <h2 id="recent-contacts" className="text-xl font-semibold text-slate-900">
            Recent Contact Forms
          </h2>
          {contactList.length === 0 ? (
            <p className="mt-4 text-slate-700">No contact form submissions found.</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {contactList.map((item) => (
                <RecentItem key={item.id} kind="contacts" lead={item}>
                  {item.products.length > 0 && <p className="text-sm text-slate-700">{item.products.join(", ")}</p>}
                </RecentItem>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="recent-inquiries">
          <h2 id="recent-inquiries" className="text-xl font-semibold text-slate-900">
            Recent Service Inquiries
          </h2>
          {inquiryList.length === 0 ? (
            <p className="mt-4 text-slate-700">No service inquiries found.</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {inquiryList.map((item) => (
                <RecentItem key={item.id} kind="inquiries" lead={item}>
                  <p className="text-sm text-slate-700">{serviceTypeLabels[item.serviceType] ?? item.serviceType}</p>
                  <p className="line-clamp-3 text-sm text-slate-800">{item.message}</p>
                </RecentItem>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
