import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import type { ContactLead, InquiryLead, LeadDetail, LeadKind, LeadStatus } from "../../../contract/admin-leads.ts";
import { replyWindowHours } from "../../../contract/form-names.ts";
import { noteInput } from "../../../contract/lead-notes.ts";
import { budgetLabels, serviceTypeLabels } from "../../../contract/service-inquiry.ts";
import { leadFormLabel } from "../../config/lead-form-names.ts";
import { Field as FormField, fieldA11y } from "../../components/forms/form-parts.tsx";
import { useContractForm } from "../../components/forms/use-contract-form.ts";
import { Button } from "../../components/ui/button.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { toast } from "../../hooks/use-toast.ts";
import { cn } from "../../lib/utils.ts";
import { neighboursQuery } from "../api/lead-neighbours.ts";
import { addNoteMutation, deleteLeadMutation, isLeadKind, leadQuery, updateLeadMutation } from "../api/leads.ts";
import { apiErrorOf, isNotFound } from "../api/request.ts";
import { Loading, UnreadBadge, focusRing, linkClass, usePageTitle } from "../components/admin-shell.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { FollowUpBadge, FollowUpEditor, type FollowUpEditorHandle } from "../components/follow-up-editor.tsx";
import { FollowUpOffer, type FollowUpChoice } from "../components/follow-up-offer.tsx";
import { formatDateTime, formatMeeting, kindLabels, leadName, replyBy, statusLabels, telHref, timeZoneLabel, zonedInstant } from "../components/lead-format.ts";
import { LeadPhoneBar } from "../components/lead-phone-bar.tsx";
import { ShortcutsHelp, useLeadShortcuts } from "../components/lead-shortcuts.tsx";
import { LeadStatusSelect, SpamButton, useLeadStatus } from "../components/lead-status-select.tsx";
import { LeadTimeline } from "../components/lead-timeline-list.tsx";
import { leadLinkSearch, listOfLeadPage, listPath, listSearchParams, type InboxFilters, type ListKind } from "../inbox-filters.ts";
import type { InboxLinkState } from "./lead-inbox.tsx";

// One lead (/admin/leads/:kind/:id). From the top: who it is and how to reach them, the follow-up, the
// note box and the timeline (arrival, deliveries, status changes, notes, follow-ups; newest first), then
// the long list of fields, then deletion: on a phone the notes come before every field (issue 20, point
// 5), and a bar at the bottom keeps Call, E-mail, Note and Status in reach. Opening it marks it read.
//
// The list it was opened from travels in the address: an inbox's filters
// (/admin/leads/contacts/<id>?status=new&sort=name), or All leads' (?list=all&sort=deadline&...).
// Previous/Next follow that list's order, Back returns to it, and `e` (done: Contacted) offers the next
// follow-up, then opens the next lead of the list, or the list when there is none. Keyboard shortcuts:
// components/lead-shortcuts.tsx.

/** The note's length limit is the contract's. */
const noteMaxLength = noteInput.shape.body.maxLength ?? undefined;

export function LeadDetailPage() {
  const { kind, id = "" } = useParams();
  usePageTitle(`${isLeadKind(kind) ? kindLabels[kind].one : "Lead"} | Admin`);
  if (!isLeadKind(kind)) return <NotFound source={null} />;
  return <Detail key={`${kind}/${id}`} kind={kind} id={id} />;
}

/** The list a lead's page belongs to: its filters, the search its neighbours' pages carry, and the way back. */
type ListSource = { list: ListKind; filters: InboxFilters; leadSearch: string; listPath: string; backLabel: string };

const backLabels: Record<ListKind, string> = {
  all: "Back to all leads",
  contacts: "Back to the contact inbox",
  inquiries: "Back to the inquiry inbox",
};

/**
 * The list the lead was opened from: the page's own search params, or (a link that carried them as
 * state) the inbox's search.
 */
function useListSource(kind: LeadKind): ListSource {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as InboxLinkState | null)?.inboxSearch;
  const params = searchParams.size > 0 ? searchParams : new URLSearchParams(fromState ?? "");
  const { list, filters } = listOfLeadPage(kind, params);
  const inboxSearch = listSearchParams(list, filters).toString();
  return {
    list,
    filters,
    leadSearch: list === "all" ? leadLinkSearch("all", filters) : inboxSearch ? `?${inboxSearch}` : "",
    listPath: listPath(list, filters),
    backLabel: backLabels[list],
  };
}

function NotFound({ source }: { source: ListSource | null }) {
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Lead not found</h1>
      <p className="mt-4 text-slate-700">There is no such lead. It may have been deleted.</p>
      <p className="mt-4">
        <Link to={source?.listPath ?? "/admin/leads/all"} className={linkClass}>
          {source?.backLabel ?? backLabels.all}
        </Link>
      </p>
    </>
  );
}

function Detail({ kind, id }: { kind: LeadKind; id: string }) {
  const lead = useQuery(leadQuery(kind, id));
  const source = useListSource(kind);

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
  if (lead.isError && isNotFound(lead.error)) return <NotFound source={source} />;
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
  return <LeadView kind={kind} lead={lead.data} source={source} />;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-b border-slate-200 py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 min-w-0 break-words text-slate-900 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

/** Where the lead came from: only the rows the lead has (most leads have no UTM tags or referrer). */
function SourceFields({ lead }: { lead: LeadDetail }) {
  const rows: [string, string | null | undefined][] = [
    ["Page", lead.pagePath],
    ["Form", leadFormLabel(lead.formName)],
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

function ReplyByIndicator({ lead, now }: { lead: LeadDetail; now: number }) {
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

/** The requested meeting in the lead's time and, when the browser's zone differs, in the owner's; zones in words. */
function Meeting({ lead }: { lead: ContactLead }) {
  if (!lead.meetingDate && !lead.meetingTime) return <NotGiven />;
  const raw = [lead.meetingDate, lead.meetingTime].filter(Boolean).join(" ");
  const instant = lead.meetingDate && lead.meetingTime && lead.timezone ? zonedInstant(lead.meetingDate, lead.meetingTime, lead.timezone) : null;
  if (!instant || !lead.timezone) {
    return (
      <span>
        {raw} {lead.timezone ? `(${timeZoneLabel(lead.timezone)})` : "(time zone not given)"}
      </span>
    );
  }
  const shown = formatMeeting(instant, lead.timezone);
  return (
    <span className="block">
      <span className="block">
        {shown.lead} <span className="text-slate-700">(the lead’s time: {timeZoneLabel(lead.timezone)})</span>
      </span>
      {shown.ownerZone !== lead.timezone && (
        <span className="block">
          {shown.owner} <span className="text-slate-700">(your time: {timeZoneLabel(shown.ownerZone)})</span>
        </span>
      )}
    </span>
  );
}

/** Previous and next lead in the order of the list the lead was opened from (refs from the server). */
function useNeighbours(kind: LeadKind, id: string, source: ListSource) {
  const neighbours = useQuery(neighboursQuery(source.list, { kind, id }, source.filters));
  const path = (ref: { kind: LeadKind; id: string } | null | undefined) => (ref ? `/admin/leads/${ref.kind}/${ref.id}${source.leadSearch}` : null);
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

/** The follow-up offer after Contacted; `moveTo`: where `e` goes once the owner has answered it. */
type Offer = { moveTo: string | null };

function LeadView({ kind, lead, source }: { kind: LeadKind; lead: LeadDetail; source: ListSource }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [offer, setOffer] = useState<Offer | null>(null);
  const name = leadName(lead);
  const neighbours = useNeighbours(kind, lead.id, source);
  const emailLink = useRef<HTMLAnchorElement>(null);
  const noteBox = useRef<HTMLTextAreaElement | null>(null);
  const followUpEditor = useRef<FollowUpEditorHandle>(null);
  const status = useLeadStatus(kind, lead);
  const now = useNow(60_000);
  const ids = { contact: useId(), followUp: useId(), notes: useId(), timeline: useId(), details: useId(), remove: useId() };

  const offerFollowUp = (changed: LeadStatus) => {
    if (changed === "contacted") setOffer({ moveTo: null });
  };
  const answerOffer = (choice: FollowUpChoice) => {
    const moveTo = offer?.moveTo ?? null;
    setOffer(null);
    // "Another time" stays here, in the follow-up editor; otherwise `e` goes on with the list.
    if (moveTo && choice !== "other") void navigate(moveTo);
  };
  const goToNoteBox = () => {
    noteBox.current?.scrollIntoView({ block: "center" });
    noteBox.current?.focus({ preventScroll: true });
  };

  useLeadShortcuts({
    next: () => neighbours.next && void navigate(neighbours.next),
    previous: () => neighbours.previous && void navigate(neighbours.previous),
    // "Done" in this product is Contacted: the lead got its answer, so the reply-by promise is kept
    // (Won and Lost are outcomes of a sale, Qualified a judgement; neither is what a triage pass decides).
    done: () => {
      if (lead.status !== "new") {
        toast({ title: "Not changed", description: `${name} is ${statusLabels[lead.status]}: e marks only New leads as Contacted.` });
        return;
      }
      // The next lead is taken now, in the list's order before this lead left its place in it.
      const moveTo = neighbours.next ?? source.listPath;
      status.mutate("contacted", () => setOffer({ moveTo }));
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
        void navigate(source.listPath);
      },
      onError: () => toast({ variant: "destructive", title: "Error", description: "The lead could not be deleted. Please try again." }),
    });

  const contact = kind === "contacts" ? (lead as LeadDetail<ContactLead>) : null;
  const inquiry = kind === "inquiries" ? (lead as LeadDetail<InquiryLead>) : null;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>
          <Link to={source.listPath} className={cn(linkClass, "text-sm")}>
            {source.backLabel}
          </Link>
        </p>
        <nav aria-label="Leads in this view" className="flex flex-wrap items-center gap-2">
          <Pager to={neighbours.previous} label="Previous lead" shortcut="k" />
          <Pager to={neighbours.next} label="Next lead" shortcut="j" />
          {/* Not on a phone, which has no keys to press (the ? key still opens the list). */}
          <button
            type="button"
            aria-keyshortcuts="Shift+?"
            onClick={() => setHelpOpen(true)}
            className={cn(pagerClass, "hidden border-transparent text-brand-700 underline-offset-4 hover:underline sm:inline-flex", focusRing)}
          >
            Keyboard shortcuts
          </button>
        </nav>
      </div>
      <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-700">{kindLabels[kind].one}</p>
          <h1 className="break-words text-3xl font-bold text-slate-900">
            {name}
            {lead.readAt === null && <UnreadBadge />}
          </h1>
          <div className="flex flex-wrap gap-x-3">
            <ReplyByIndicator lead={lead} now={now} />
            <FollowUpBadge lead={lead} now={now} />
          </div>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {/* On a phone the status is in the bar at the bottom (LeadPhoneBar). */}
          <LeadStatusSelect kind={kind} lead={lead} label="Status" className="hidden w-48 sm:block" onChanged={offerFollowUp} />
          <SpamButton kind={kind} lead={lead} />
        </div>
      </div>

      <section aria-labelledby={ids.contact} className="mt-6">
        <h2 id={ids.contact} className="sr-only">
          Contact
        </h2>
        <dl>
          <Field label="E-mail">
            <a ref={emailLink} href={`mailto:${lead.email}`} aria-keyshortcuts="r" className={linkClass}>
              {lead.email}
            </a>
          </Field>
          <Field label="Phone">
            <a href={telHref(lead.phone)} className={linkClass}>
              {lead.phone}
            </a>
          </Field>
          <Field label="Company">{text(lead.company)}</Field>
          {contact && (
            <Field label="Meeting">
              <Meeting lead={contact} />
            </Field>
          )}
          {inquiry && (
            <>
              <Field label="Service type">{serviceTypeLabels[inquiry.serviceType]}</Field>
              <Field label="Budget">{inquiry.budget ? budgetLabels[inquiry.budget] : <NotGiven />}</Field>
              <Field label="Message">
                <span className="whitespace-pre-wrap">{inquiry.message}</span>
              </Field>
            </>
          )}
        </dl>
      </section>

      <section aria-labelledby={ids.followUp} className="mt-8">
        <h2 id={ids.followUp} className="text-xl font-semibold text-slate-900">
          Follow-up
        </h2>
        {!lead.followUpAt && <p className="mt-1 text-sm text-slate-700">No follow-up set. Pick when to get back to {name}.</p>}
        {/* A new editor when the saved follow-up changes (the offer after Contacted sets one too). */}
        <FollowUpEditor key={`${lead.followUpAt ?? ""}|${lead.followUpNote ?? ""}`} ref={followUpEditor} kind={kind} lead={lead} />
      </section>

      <Notes kind={kind} lead={lead} headingId={ids.notes} noteBoxRef={noteBox} />

      <LeadTimeline lead={lead} headingId={ids.timeline} />

      <section aria-labelledby={ids.details} className="mt-10">
        <h2 id={ids.details} className="text-xl font-semibold text-slate-900">
          Details
        </h2>
        <dl className="mt-2">
          {contact && (
            <>
              <Field label="Products">{contact.products.length > 0 ? contact.products.join(", ") : <NotGiven />}</Field>
              {contact.timezone && <Field label="Time zone">{timeZoneLabel(contact.timezone)}</Field>}
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

      <section aria-labelledby={ids.remove} className="mt-10 rounded-lg border border-red-200 p-4">
        <h2 id={ids.remove} className="text-xl font-semibold text-slate-900">
          Delete
        </h2>
        <p className="mt-1 text-sm text-slate-700">Erases this lead, its notes and its deliveries for good, for example when the person asks for it.</p>
        <Button type="button" variant="destructive" className="mt-3" onClick={() => setConfirming(true)}>
          Delete lead
        </Button>
      </section>

      {/* Room for the phone bar, so it never covers the end of the page. */}
      <div aria-hidden="true" className="h-20 sm:hidden" />
      <LeadPhoneBar kind={kind} lead={lead} onNote={goToNoteBox} onStatusChanged={offerFollowUp} />

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
      <FollowUpOffer kind={kind} lead={lead} open={offer !== null} onDone={answerOffer} onAnotherTime={() => followUpEditor.current?.focus()} />
    </>
  );
}

function Notes({ kind, lead, headingId, noteBoxRef }: { kind: LeadKind; lead: LeadDetail; headingId: string; noteBoxRef: RefObject<HTMLTextAreaElement | null> }) {
  const id = useId();
  const add = useMutation(addNoteMutation(kind, lead.id));
  const form = useContractForm(noteInput, { body: "" });
  const error = form.formState.errors.body?.message;
  const body = form.register("body");

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
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        Notes
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {lead.notes.length === 0 ? "No notes yet." : `${lead.notes.length === 1 ? "1 note" : `${lead.notes.length} notes`}, in the timeline below.`}
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-3 max-w-xl space-y-2">
        <FormField id={id} label="New note" error={error}>
          <Textarea
            {...fieldA11y(id, error)}
            {...body}
            ref={(element) => {
              body.ref(element);
              noteBoxRef.current = element;
            }}
            rows={3}
            maxLength={noteMaxLength}
          />
        </FormField>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? "Adding note..." : "Add note"}
        </Button>
      </form>
    </section>
  );
}
