import type { ContactLead, LeadDetail, LeadKind } from "../../../../contract/admin-leads.ts";
import { formatDateTime, timeZoneLabel } from "../../components/lead-format.ts";
import { Field, NotGiven, SourceFields } from "./lead-fields.tsx";

/** The long list of the lead's other fields, below the notes and the timeline. */
export function LeadDetailsSection({ kind, lead, headingId }: { kind: LeadKind; lead: LeadDetail; headingId: string }) {
  const contact = kind === "contacts" ? (lead as LeadDetail<ContactLead>) : null;
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
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
        <Field label="Spam reason">
          {lead.spamReason ? lead.spamReason : <span className="text-slate-700">None</span>}
        </Field>
      </dl>
    </section>
  );
}
