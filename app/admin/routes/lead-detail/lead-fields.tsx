import type { ReactNode } from "react";
import type { ContactLead, LeadDetail } from "../../../../contract/admin-leads.ts";
import { channelLabels } from "../../../../contract/lead-channels.ts";
import { meetingTimeLabel } from "../../../../contract/lead-options.ts";
import { leadFormLabel } from "../../../config/lead-form-names.ts";
import { formatMeeting, timeZoneLabel, zonedInstant } from "../../components/lead-format.ts";

// The rows of a lead's page (a label and its value in a <dl>), and the values that need more than a string.

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-b border-slate-200 py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 min-w-0 break-words text-slate-900 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

export function NotGiven() {
  return <span className="text-slate-700">Not given</span>;
}

/** The value, or "Not given" when the lead left it empty. */
export function valueOrNotGiven(value: string | null | undefined): ReactNode {
  return value ? value : <NotGiven />;
}

/** Where the lead came from: its channel, then only the rows the lead has (most leads have no UTM tags or referrer). */
export function SourceFields({ lead }: { lead: LeadDetail }) {
  const rows: [string, string | null | undefined][] = [
    ["Landing page", lead.landingPath],
    ["Page", lead.pagePath],
    ["Form", leadFormLabel(lead.formName)],
    ["UTM source", lead.utmSource],
    ["UTM medium", lead.utmMedium],
    ["UTM campaign", lead.utmCampaign],
    ["UTM term", lead.utmTerm],
    ["UTM content", lead.utmContent],
    ["Referrer", lead.referrer],
    ["Ad click", lead.clickId],
  ];
  const given = rows.filter(([, value]) => value);
  const channel = <Field label="Channel">{channelLabels[lead.channel]}</Field>;
  if (given.length === 0)
    return (
      <>
        {channel}
        <Field label="Source">Not recorded</Field>
      </>
    );
  return (
    <>
      {channel}
      {given.map(([label, value]) => (
        <Field key={label} label={label}>
          {value}
        </Field>
      ))}
    </>
  );
}

/** The requested meeting in the lead's time and, when the browser's zone differs, in the owner's; zones in words. */
export function Meeting({ lead }: { lead: ContactLead }) {
  if (!lead.meetingDate && !lead.meetingTime) return <NotGiven />;
  // A preferred hour without a day (each is optional on its own, SPEC §5).
  if (!lead.meetingDate && lead.meetingTime) {
    return (
      <span>
        Any day, {meetingTimeLabel(lead.meetingTime)}{" "}
        {lead.timezone ? `(${timeZoneLabel(lead.timezone)})` : "(time zone not given)"}
      </span>
    );
  }
  const raw = [lead.meetingDate, lead.meetingTime].filter(Boolean).join(" ");
  const instant =
    lead.meetingDate && lead.meetingTime && lead.timezone
      ? zonedInstant(lead.meetingDate, lead.meetingTime, lead.timezone)
      : null;
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
