import { CalendarClock, Mail, Phone } from "lucide-react";
import { Link } from "react-router";
import type { ContactLead, InquiryLead, Lead, LeadKind, LeadRow } from "../../../../contract/admin-leads.ts";
import { serviceTypeLabels } from "../../../../contract/service-inquiry.ts";
import { buttonVariants } from "../../../components/ui/button.tsx";
import { leadFormLabel } from "../../../config/lead-form-names.ts";
import { cn } from "../../../lib/utils.ts";
import type { ListKind } from "../../inbox-filters.ts";
import { focusRing } from "../admin-classes.ts";
import { AssigneeBadge } from "../assignee.tsx";
import { RepliedBadge } from "../inbound-status.tsx";
import { channelLabels } from "../../../../contract/lead-channels.ts";
import { useTeam } from "../assignee.tsx";
import { formatDateTime, kindLabels, leadName, telHref, timeAgo } from "../lead-format.ts";
import { wonValueText } from "../won-value-dialog.tsx";
import { optionalColumnLabels, optionalColumns, type OptionalColumn } from "./optional-columns.tsx";
import { LeadStatusSelect, SpamButton } from "../lead-status-select.tsx";
import { followUpStanding, meetingRequestText, replyStanding } from "../queue-format.ts";

// One lead of a list: a table row from md on, a card on a phone (the same cells, laid out by CSS; the card
// adds Call and E-mail buttons). Which columns it has depends on the list (ListColumns).

/** The state a lead's link carries so the detail page can lead back to the same filtered view. */
export type InboxLinkState = { inboxSearch?: string };

/**
 * The list a row is in: All leads add a Kind column, an inquiry inbox a Message column, the spam view a reason
 * and Rescue; `optional`: the columns the user chose (issue 38).
 */
export type ListColumns = {
  kind: ListKind;
  combined: boolean;
  inquiries: boolean;
  spamView: boolean;
  optional: ReadonlySet<OptionalColumn>;
};

/** What the lead asked for: the products of a contact, the service of an inquiry. */
function askedFor(kind: LeadKind, lead: Lead): string {
  if (kind === "contacts") return (lead as ContactLead).products.join(", ");
  const serviceType = (lead as InquiryLead).serviceType;
  return serviceTypeLabels[serviceType as keyof typeof serviceTypeLabels] ?? serviceType;
}

const replyStateClass = {
  overdue: "bg-red-50 text-red-800",
  "due-soon": "bg-amber-50 text-amber-900",
  waiting: "bg-slate-100 text-slate-800",
} as const;

/** Where a lead stands against its reply promise ("Overdue by 3 h", "Reply within 2 h"); nothing once answered. */
function ReplyState({ lead, now }: { lead: Lead; now: number }) {
  const standing = replyStanding(lead, now);
  if (!standing || standing.state === "answered") return null;
  return (
    <span
      data-testid="reply-state"
      title={`Reply by ${formatDateTime(standing.deadline)}`}
      className={cn(
        "inline-block whitespace-nowrap rounded-md px-2 py-0.5 text-xs font-semibold",
        replyStateClass[standing.state],
      )}
    >
      {standing.text}
    </span>
  );
}

export function LeadListRow({
  lead,
  columns,
  now,
  checked,
  onToggle,
  linkSearch,
  inboxSearch,
}: {
  lead: LeadRow;
  columns: ListColumns;
  /** The server's time (use-now.ts): "5 min ago", "Overdue by 3 h", the follow-up's day. */
  now: number;
  checked: boolean;
  onToggle: (on: boolean) => void;
  /** The lead page's query (leadLinkSearch): its Previous and Next follow the same list. */
  linkSearch: string;
  /** The inbox's filters as its address has them, carried to the lead's page in the link's state. */
  inboxSearch: string;
}) {
  const { combined, inquiries, spamView, optional } = columns;
  const { nameOf } = useTeam();
  const optionalText: Record<OptionalColumn, string> = {
    channel: channelLabels[lead.channel],
    assignee: nameOf(lead.assigneeId) ?? "Unassigned",
    value: wonValueText(lead.value) ?? "—",
  };
  const unread = lead.readAt === null;
  const name = leadName(lead);
  const source = leadFormLabel(lead.formName);
  const meeting = lead.kind === "contacts" ? meetingRequestText(lead as ContactLead) : null;
  const followUp = followUpStanding(lead, now);
  const tel = telHref(lead.phone);
  return (
    <tr className="relative block rounded-lg border border-slate-200 py-3 pl-12 pr-3 align-middle md:table-row md:rounded-none md:border-x-0 md:border-t-0 md:p-0">
      <td className="absolute left-3 top-3 md:static md:table-cell md:px-3 md:py-2">
        <input
          type="checkbox"
          aria-label={`Select ${name}`}
          checked={checked}
          onChange={(event) => onToggle(event.target.checked)}
          className={cn("h-5 w-5 accent-brand-700 md:h-4 md:w-4", focusRing)}
        />
      </td>
      <th scope="row" className="block min-w-0 text-left font-normal md:table-cell md:px-3 md:py-2">
        <span className="flex items-center gap-2">
          {/* Unread is a quiet mark, a dot and weight, never the row's colour. */}
          <span
            className={cn("h-2 w-2 shrink-0 rounded-full", unread ? "bg-brand-700" : "bg-transparent")}
            aria-hidden="true"
          />
          <Link
            to={`/admin/leads/${lead.kind}/${lead.id}${linkSearch}`}
            state={combined ? undefined : ({ inboxSearch } satisfies InboxLinkState)}
            className={cn(
              "min-w-0 break-words rounded-sm text-brand-700 underline underline-offset-4 hover:text-brand-900",
              unread ? "font-bold" : "font-medium",
              focusRing,
            )}
          >
            {name}
          </Link>
          {unread && <span className="sr-only">Unread</span>}
          <AssigneeBadge assigneeId={lead.assigneeId} />
          <RepliedBadge repliedAt={lead.repliedAt} />
        </span>
        {/* One line, cut with "…"; the whole address on hover and on the lead's page. */}
        <span className="mt-0.5 block max-w-full truncate pl-4 text-xs text-slate-700 md:max-w-56" title={lead.email}>
          {lead.email}
        </span>
        {/* On a phone the number is read here; the table has a column for it. */}
        <span className="mt-0.5 block pl-4 text-xs text-slate-700 md:hidden">{lead.phone}</span>
        {followUp && (
          <span
            data-testid="follow-up"
            className={cn(
              "mt-1 block pl-4 text-xs font-semibold",
              followUp.overdue || followUp.dueToday ? "text-red-800" : "text-slate-800",
            )}
          >
            {followUp.text}
          </span>
        )}
      </th>
      {combined && (
        <td className="mt-1 block text-xs font-semibold text-slate-800 md:mt-0 md:table-cell md:px-3 md:py-2 md:text-sm md:font-normal">
          {kindLabels[lead.kind].one}
        </td>
      )}
      <td className="block text-slate-800 md:table-cell md:px-3 md:py-2">
        {askedFor(lead.kind, lead) || "—"}
        {meeting && (
          <span data-testid="meeting" className="mt-1 flex items-start gap-1 text-xs font-semibold text-brand-900">
            <CalendarClock className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            {meeting}
          </span>
        )}
      </td>
      {inquiries && (
        <td className="block text-slate-800 md:table-cell md:px-3 md:py-2">
          {/* One line; the whole message is on the lead's page. */}
          <p className="max-w-full truncate md:max-w-64">{(lead as InquiryLead).message}</p>
        </td>
      )}
      <td className="hidden whitespace-nowrap md:table-cell md:px-3 md:py-2">
        <a
          href={tel}
          className={cn("rounded-sm text-brand-700 underline underline-offset-4 hover:text-brand-900", focusRing)}
        >
          {lead.phone}
        </a>
      </td>
      <td className="inline text-slate-700 md:table-cell md:px-3 md:py-2 md:text-slate-800">{source ?? "—"}</td>
      <td className="inline whitespace-nowrap text-slate-700 before:content-['_·_'] md:table-cell md:px-3 md:py-2 md:text-slate-800 md:before:content-none">
        <time dateTime={lead.createdAt} title={formatDateTime(lead.createdAt)}>
          {timeAgo(lead.createdAt, now)}
        </time>
      </td>
      {!spamView && (
        <td className="mt-1 block md:mt-0 md:table-cell md:px-3 md:py-2">
          <ReplyState lead={lead} now={now} />
        </td>
      )}
      {optionalColumns
        .filter((column) => optional.has(column))
        .map((column) => (
          <td
            key={column}
            data-column={column}
            className={cn(
              "mt-1 block text-xs text-slate-800 md:mt-0 md:table-cell md:whitespace-nowrap md:px-3 md:py-2 md:text-sm",
              column === "value" && "tabular-nums md:text-right",
            )}
          >
            {/* A card has no headings: its cells say what they are. */}
            <span className="font-semibold md:sr-only">{optionalColumnLabels[column]}: </span>
            {optionalText[column]}
          </td>
        ))}
      <td className="mt-2 block md:mt-0 md:table-cell md:px-3 md:py-2">
        <LeadStatusSelect kind={lead.kind} lead={lead} label={`Status of ${name}`} hideLabel />
      </td>
      {spamView && (
        <td className="mt-2 block text-slate-800 md:mt-0 md:table-cell md:px-3 md:py-2">{lead.spamReason ?? "—"}</td>
      )}
      {spamView && (
        <td className="mt-2 block md:mt-0 md:table-cell md:px-3 md:py-2">
          <SpamButton kind={lead.kind} lead={lead} rescueLabel="Rescue" withName />
        </td>
      )}
      {/* A card's own buttons, big enough for a thumb (44 px); the table has the phone column. */}
      <td className="mt-3 flex flex-wrap gap-2 md:hidden">
        <a
          href={tel}
          aria-label={`Call ${name}`}
          className={cn(buttonVariants({ variant: "outline" }), "min-h-11 min-w-11")}
        >
          <Phone className="h-4 w-4" aria-hidden="true" />
          Call
        </a>
        <a
          href={`mailto:${lead.email}`}
          aria-label={`E-mail ${name}`}
          className={cn(buttonVariants({ variant: "outline" }), "min-h-11 min-w-11")}
        >
          <Mail className="h-4 w-4" aria-hidden="true" />
          E-mail
        </a>
      </td>
    </tr>
  );
}
