import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import type { ContactLead, InquiryLead, LeadDetail, LeadKind } from "../../../contract/admin-leads.ts";
import { noteInput, replyWindowHours } from "../../../contract/admin-leads.ts";
import { budgetLabels, serviceTypeLabels } from "../../../contract/service-inquiry.ts";
import { Field as FormField, fieldA11y } from "../../components/forms/form-parts.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { toast } from "../../hooks/use-toast.ts";
import { cn } from "../../lib/utils.ts";
import { addNoteMutation, deleteLeadMutation, isLeadKind, leadQuery, updateLeadMutation } from "../api/leads.ts";
import { apiErrorOf, isNotFound } from "../api/request.ts";
import { leadNeighboursQuery } from "../api/triage.ts";
import { Loading, UnreadBadge, focusRing, linkClass, usePageTitle } from "../components/admin-shell.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { DeliveryTable } from "../components/delivery-table.tsx";
import { formatDateTime, formatMeeting, kindLabels, leadName, replyBy, statusLabels, zonedInstant } from "../components/lead-format.ts";
import { LeadStatusSelect, SpamButton, useLeadStatus } from "../components/lead-status-select.tsx";
import { ShortcutsHelp, useLeadShortcuts } from "../components/lead-shortcuts.tsx";
import { filtersFromSearchParams, filtersToSearchParams, type InboxFilters } from "../inbox-filters.ts";
import type { InboxLinkState } from "./lead-inbox.tsx";
import { useContractForm } from "../../components/forms/use-contract-form.ts";

// One lead (/admin/leads/:kind/:id): every field, the reply-by promise, status, deliveries, notes and
// deletion. Opening it marks it read. The inbox's filters travel in the address
// (/admin/leads/contacts/<id>?status=new&sort=name): Previous/Next follow that view's order, and Back
// returns to it. Keyboard shortcuts: components/lead-shortcuts.tsx.

/** The note's length limit is the contract's. */
const noteMaxLength = noteInput.shape.body.maxLength ?? undefined;

export function LeadDetailPage() {
  const { kind, id = "" } = useParams();
  usePageTitle(`${isLeadKind(kind) ? kindLabels[kind].one : "Lead"} | Admin`);
  if (!isLeadKind(kind)) return <NotFound kind={null} />;
  return <Detail key={`${kind}/${id}`} kind={kind} id={id} />;
}

/**
 * The filters of the inbox view the lead was opened from: the detail's own search params, or (a link
 * that carried them as state) the inbox's search.
 */
function useInboxView(kind: LeadKind): { filters: InboxFilters; search: string } {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as InboxLinkState | null)?.inboxSearch;
  const params = searchParams.size > 0 ? searchParams : new URLSearchParams(fromState ?? "");
  const filters = filtersFromSearchParams(kind, params);
  const search = filtersToSearchParams(filters).toString();
  return { filters, search: search ? `?${search}` : "" };
}

function NotFound({ kind }: { kind: LeadKind | null }) {
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Lead not found</h1>
      <p className="mt-4 text-slate-700">There is no such lead. It may have been deleted.</p>
      <p className="mt-4">
        <Link to={`/admin/leads/${kind ?? "contacts"}`} className={linkClass}>
          Back to the {kind === "inquiries" ? "inquiry" : "contact"} inbox
        </Link>
      </p>
    </>
  );
}

function Detail({ kind, id }: { kind: LeadKind; id: string }) {
  const lead = useQuery(leadQuery(kind, id));
  const view = useInboxView(kind);

  // Opening a lead marks it read, once.
  const markedRead = useRef(false);
  const { mutate: markRead } = useMutation(updateLeadMutation(kind));
  const unread = lead.data?.readAt === null;
  useEffect(() => {
    if (unread && !markedRead.current) {
      markedRead.current = true;
      markRead({ id, change: { read: true } });
    }
  }, [unread, markRead, id]);

  if (lead.isLoading) return <Loading />;
  if (lead.isError && isNotFound(lead.error)) return <NotFound kind={kind} />;
  if (!lead.data) {
    return (
      <>
        <h1 className="text-3xl font-bold text-slate-900">Lead</h1>
        <p className="mt-4 text-red-700" role="alert">
          The lead could not be loaded. Please reload the page.
        </p>
      </>
    );
  }
  return <LeadView kind={kind} lead={lead.data} view={view} />;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-b border-slate-200 py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 break-words text-slate-900 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

/** Where the lead came from: only the rows the lead has (most leads have no UTM tags or referrer). */
function SourceFields({ lead }: { lead: LeadDetail }) {
  const rows: [string, string | null | undefined][] = [
    ["Page", lead.pagePath],
    ["Form", lead.formName],
    ["UTM source", lead.utmSource],
    ["UTM medium", lead.utmMedium],
    ["UTM campaign", lead.utmCampaign],
    ["UTM term", lead.utmTerm],
    ["UTM content", lead.utmContent],
    ["Referrer", lead.referrer],
  ];
  const given = rows.filter(([, value]) => value);
  if (given.length === 0) return <Field label="Source">Not recorded</Field>;
  return (
    <>
      {given.map(([label, value]) => (
        <Field key={label} label={label}>
          {value}
        </Field>
      ))}
    </>
  );
}

function NotGiven() {
  return <span className="text-slate-700">Not given</span>;
}

function text(value: string | null | undefined): ReactNode {
  return value ? value : <NotGiven />;
}

function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function ReplyByIndicator({ lead }: { lead: LeadDetail }) {
  const now = useNow(60_000);
  const reply = replyBy(lead, now);
  if (!reply) return null;
  const promisedHours = replyWindowHours(lead.formName);
  return (
    <p
      data-testid="reply-by"
      className={cn(
        "mt-3 inline-block rounded-md px-3 py-1 text-sm font-semibold",
        reply.overdue ? "bg-red-50 text-red-800" : "bg-slate-100 text-slate-900",
      )}
    >
      {reply.overdue ? `Overdue by ${reply.hours} h` : `Reply by ${formatDateTime(reply.deadline)} (${reply.hours} h left)`}
      <span className="sr-only"> — the promise for this form is a reply within {promisedHours} hours</span>
    </p>
  );
}

function Meeting({ lead }: { lead: ContactLead }) {
  if (!lead.meetingDate && !lead.meetingTime) return <NotGiven />;
  const raw = [lead.meetingDate, lead.meetingTime].filter(Boolean).join(" ");
  const instant = lead.meetingDate && lead.meetingTime && lead.timezone ? zonedInstant(lead.meetingDate, lead.meetingTime, lead.timezone) : null;
  if (!instant || !lead.timezone) {
    return (
      <span>
        {raw} {lead.timezone ? `(${lead.timezone})` : "(time zone not given)"}
      </span>
    );
  }
  const shown = formatMeeting(instant, lead.timezone);
  return (
    <span className="block">
      <span className="block">
        {shown.lead} <span className="text-slate-700">(the lead’s time, {lead.timezone})</span>
      </span>
      {shown.ownerZone !== lead.timezone && (
        <span className="block">
          {shown.owner} <span className="text-slate-700">(your time, {shown.ownerZone})</span>
        </span>
      )}
    </span>
  );
}

/** Previous and next lead in the order of the view the lead was opened from (ids from the server). */
function useNeighbours(kind: LeadKind, id: string, view: { filters: InboxFilters; search: string }) {
  const neighbours = useQuery(leadNeighboursQuery(kind, id, view.filters));
  const path = (other: string | null | undefined) => (other ? `/admin/leads/${kind}/${other}${view.search}` : null);
  return { previous: path(neighbours.data?.previous), next: path(neighbours.data?.next) };
}

const pagerClass = "inline-flex h-10 items-center rounded-md border px-3 text-sm font-semibold";

function Pager({ to, label, shortcut }: { to: string | null; label: string; shortcut: string }) {
  if (!to) {
    return (
      <span aria-disabled="true" className={cn(pagerClass, "border-slate-200 text-slate-600")}>
        {label}
      </span>
    );
  }
  return (
    <Link to={to} aria-keyshortcuts={shortcut} className={cn(pagerClass, "border-slate-400 bg-white text-slate-900 hover:bg-slate-100", focusRing)}>
      {label}
    </Link>
  );
}

function LeadView({ kind, lead, view }: { kind: LeadKind; lead: LeadDetail; view: { filters: InboxFilters; search: string } }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const name = leadName(lead);
  const inboxPath = `/admin/leads/${kind}${view.search}`;
  const neighbours = useNeighbours(kind, lead.id, view);
  const emailLink = useRef<HTMLAnchorElement>(null);
  const status = useLeadStatus(kind, lead);
  useLeadShortcuts({
    next: () => neighbours.next && void navigate(neighbours.next),
    previous: () => neighbours.previous && void navigate(neighbours.previous),
    // "Done" in this product is Contacted: the lead got its answer, so the reply-by promise is kept
    // (Won and Lost are outcomes of a sale, Qualified a judgement; neither is what a triage pass decides).
    done: () => {
      if (lead.status === "new") status.mutate("contacted");
      else toast({ title: "Not changed", description: `${name} is ${statusLabels[lead.status]}: e marks only New leads as Contacted.` });
    },
    reply: () => emailLink.current?.click(),
    help: () => setHelpOpen(true),
  });

  const remove = useMutation(deleteLeadMutation(kind));
  const removeLead = () =>
    remove.mutate(lead.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: "Lead deleted", description: `${name} and the notes on this lead were deleted.` });
        void navigate(inboxPath);
      },
      onError: () => toast({ variant: "destructive", title: "Error", description: "The lead could not be deleted. Please try again." }),
    });

  const contact = kind === "contacts" ? (lead as LeadDetail<ContactLead>) : null;
  const inquiry = kind === "inquiries" ? (lead as LeadDetail<InquiryLead>) : null;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>
          <Link to={inboxPath} className={cn(linkClass, "text-sm")}>
            Back to the {kind === "contacts" ? "contact" : "inquiry"} inbox
          </Link>
        </p>
        <nav aria-label="Leads in this view" className="flex flex-wrap items-center gap-2">
          <Pager to={neighbours.previous} label="Previous lead" shortcut="k" />
          <Pager to={neighbours.next} label="Next lead" shortcut="j" />
          <button
            type="button"
            aria-keyshortcuts="Shift+?"
            onClick={() => setHelpOpen(true)}
            className={cn(pagerClass, "border-transparent text-brand-700 underline-offset-4 hover:underline", focusRing)}
          >
            Keyboard shortcuts
          </button>
        </nav>
      </div>
      <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-slate-700">{kindLabels[kind].one}</p>
          <h1 className="text-3xl font-bold text-slate-900">
            {name}
            {lead.readAt === null && <UnreadBadge />}
          </h1>
          <ReplyByIndicator lead={lead} />
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <LeadStatusSelect kind={kind} lead={lead} label="Status" className="w-48" />
          <SpamButton kind={kind} lead={lead} />
        </div>
      </div>

      <section aria-labelledby="lead-details" className="mt-8">
        <h2 id="lead-details" className="text-xl font-semibold text-slate-900">
          Details
        </h2>
        <dl className="mt-2">
          <Field label="Name">{name}</Field>
          <Field label="E-mail">
            <a ref={emailLink} href={`mailto:${lead.email}`} aria-keyshortcuts="r" className={linkClass}>
              {lead.email}
            </a>
          </Field>
          <Field label="Phone">
            <a href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`} className={linkClass}>
              {lead.phone}
            </a>
          </Field>
          <Field label="Company">{text(lead.company)}</Field>
          {contact && (
            <>
              <Field label="Products">{contact.products.length > 0 ? contact.products.join(", ") : <NotGiven />}</Field>
              <Field label="Meeting">
                <Meeting lead={contact} />
              </Field>
            </>
          )}
          {inquiry && (
            <>
              <Field label="Service type">{serviceTypeLabels[inquiry.serviceType] ?? inquiry.serviceType}</Field>
              <Field label="Budget">{inquiry.budget ? (budgetLabels[inquiry.budget] ?? inquiry.budget) : <NotGiven />}</Field>
              <Field label="Message">
                <span className="whitespace-pre-wrap">{inquiry.message}</span>
              </Field>
            </>
          )}
          <Field label="Received">
            <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
          </Field>
          <Field label="First opened">
            {lead.readAt ? <time dateTime={lead.readAt}>{formatDateTime(lead.readAt)}</time> : "Not yet"}
          </Field>
          <SourceFields lead={lead} />
          <Field label="Spam reason">{lead.spamReason ? lead.spamReason : <span className="text-slate-700">None</span>}</Field>
        </dl>
      </section>

      <Deliveries lead={lead} />

      <Notes kind={kind} lead={lead} />

      <section aria-labelledby="delete-lead" className="mt-10 rounded-lg border border-red-200 p-4">
        <h2 id="delete-lead" className="text-xl font-semibold text-slate-900">
          Delete
        </h2>
        <p className="mt-1 text-sm text-slate-700">Erases this lead, its notes and its deliveries for good, for example when the person asks for it.</p>
        <Button type="button" variant="destructive" className="mt-3" onClick={() => setConfirming(true)}>
          Delete lead
        </Button>
      </section>

      <ConfirmDialog
        open={confirming}
        title="Delete this lead?"
        confirmLabel={remove.isPending ? "Deleting..." : "Delete permanently"}
        pending={remove.isPending}
        onConfirm={removeLead}
        onClose={() => setConfirming(false)}
      >
        <p>
          {name} ({lead.email}) and every note on this lead will be deleted. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

function Deliveries({ lead }: { lead: LeadDetail }) {
  return (
    <section aria-labelledby="lead-deliveries" className="mt-10">
      <h2 id="lead-deliveries" className="text-xl font-semibold text-slate-900">
        Deliveries
      </h2>
      {lead.deliveries.length === 0 ? (
        <p className="mt-2 text-slate-700">
          This lead was not sent anywhere: it was stored before leads were delivered, or as spam.
        </p>
      ) : (
        <DeliveryTable deliveries={lead.deliveries} caption={`Deliveries of ${leadName(lead)}`} retryLabel="Send again" columns={["created", "sent"]} />
      )}
    </section>
  );
}

function Notes({ kind, lead }: { kind: LeadKind; lead: LeadDetail }) {
  const id = useId();
  const add = useMutation(addNoteMutation(kind, lead.id));
  const form = useContractForm(noteInput, { body: "" });
  const error = form.formState.errors.body?.message;

  const onSubmit = form.handleSubmit((note) => {
    if (add.isPending) return;
    add.mutate(note, {
      onSuccess: () => {
        form.reset({ body: "" });
        toast({ title: "Note added", description: "The note was saved." });
      },
      onError: (err) => {
        const apiError = apiErrorOf(err);
        form.setError("body", { message: apiError?.errors?.body ?? apiError?.message ?? "The note could not be saved. Please try again." });
      },
    });
  });

  return (
    <section aria-labelledby="lead-notes" className="mt-10">
      <h2 id="lead-notes" className="text-xl font-semibold text-slate-900">
        Notes
      </h2>
      {lead.notes.length === 0 ? (
        <p className="mt-2 text-slate-700">No notes yet.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {lead.notes.map((note) => (
            <li key={note.id} className="rounded-md border border-slate-200 bg-slate-50 p-3">
              <p className="whitespace-pre-wrap text-slate-900">{note.body}</p>
              <p className="mt-1 text-xs text-slate-700">
                <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-4 max-w-xl space-y-2">
        <FormField id={id} label="New note" error={error}>
          <Textarea {...fieldA11y(id, error)} {...form.register("body")} rows={3} maxLength={noteMaxLength} />
        </FormField>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? "Adding note..." : "Add note"}
        </Button>
      </form>
    </section>
  );
}
