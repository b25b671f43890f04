import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { KindStats, LeadKind } from "../../../contract/admin-leads.ts";
import type { DeliveryHealth } from "../../../contract/deliveries.ts";
import { serviceTypeLabels } from "../../../contract/service-inquiry.ts";
import { cn } from "../../lib/utils.ts";
import { deliveryHealthQuery } from "../api/deliveries.ts";
import { recentContactsQuery, recentInquiriesQuery, RECENT_LIMIT, type RecentContact, type RecentInquiry } from "../api/recent-leads.ts";
import { statsQuery } from "../api/stats.ts";
import { Loading, SpamBadge, UnreadBadge, focusRing, linkClass, usePageTitle } from "../components/admin-shell.tsx";
import { failedDeliveriesWarning } from "../components/delivery-format.ts";
import { formatDateTime, formatCount, kindLabels, leadName } from "../components/lead-format.ts";
import { LeadsChart } from "../components/leads-chart.tsx";
import { useSession } from "../session.ts";

// SPEC §2 "Admin dashboard": counts, the weekly chart, the newest leads of each kind and a warning
// when deliveries failed (the password and the delivery settings are on /admin/settings). Shown only
// inside the signed-in layout; new leads appear by themselves (live-updates.ts).

const emptyStats: KindStats = { total: 0, unread: 0, spam: 0, perWeek: [] };

function CountTile({ kind, title, stats, testId }: { kind: LeadKind; title: string; stats: KindStats; testId: string }) {
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

function RecentItem({ kind, lead, children }: { kind: LeadKind; lead: RecentContact | RecentInquiry; children: ReactNode }) {
  const unread = lead.readAt === null && lead.status !== "spam";
  return (
    <li className="rounded-md border border-slate-200 p-4">
      <p className={unread ? "font-bold" : "font-semibold"}>
        <Link to={`/admin/leads/${kind}/${lead.id}`} className={cn("rounded-sm text-slate-900 underline-offset-4 hover:underline", focusRing)}>
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
  if (!warning) return null;
  return (
    <div role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{warning}</p>
      <p className="mt-1 text-sm">
        <Link to="/admin/deliveries?state=failed" className={cn(linkClass, "text-red-900 hover:text-red-950")}>
          See the failed deliveries
        </Link>
      </p>
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

  if (contacts.isLoading || inquiries.isLoading || stats.isLoading) return <Loading />;

  const contactList = (contacts.data ?? []).slice(0, RECENT_LIMIT);
  const inquiryList = (inquiries.data ?? []).slice(0, RECENT_LIMIT);
  const contactStats = stats.data?.contacts ?? emptyStats;
  const inquiryStats = stats.data?.inquiries ?? emptyStats;

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Form Submissions Dashboard</h1>
      <p className="mt-1 text-slate-700">Welcome, {session.username}</p>
      <FailedDeliveriesWarning health={health.data} />

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
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
