import type { ContactLead, InquiryLead, LeadDetail, LeadKind } from "../../../../contract/admin-leads.ts";
import { budgetLabels, serviceTypeLabels } from "../../../../contract/service-inquiry.ts";
import { linkClass } from "../../components/admin-classes.ts";
import { telHref } from "../../components/lead-format.ts";
import { Field, Meeting, NotGiven, valueOrNotGiven } from "./lead-fields.tsx";

/** How to reach the lead and what they asked for, first on the page. `onLogCall`: "Log the call" beside the phone (issue 33). */
export function ContactEssentials({
  kind,
  lead,
  headingId,
  onLogCall,
}: {
  kind: LeadKind;
  lead: LeadDetail;
  headingId: string;
  onLogCall: () => void;
}) {
  const contact = kind === "contacts" ? (lead as LeadDetail<ContactLead>) : null;
  const inquiry = kind === "inquiries" ? (lead as LeadDetail<InquiryLead>) : null;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="sr-only">
        Contact
      </h2>
      <dl>
        <Field label="E-mail">
          <a href={`mailto:${lead.email}`} className={linkClass}>
            {lead.email}
          </a>
        </Field>
        <Field label="Phone">
          <span className="flex flex-wrap items-baseline gap-x-3">
            <a href={telHref(lead.phone)} className={linkClass}>
              {lead.phone}
            </a>
            <button type="button" onClick={onLogCall} className={linkClass}>
              Log the call
            </button>
          </span>
        </Field>
        <Field label="Company">{valueOrNotGiven(lead.company)}</Field>
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
  );
}
