import type Mail from "nodemailer/lib/mailer";
import type { LeadKind, LeadRow, TodayQueue } from "../../../contract/admin-leads.ts";
import { replyStateOf } from "../../../contract/reply-window.ts";
import { dayAndTimeIn, formInWords, leadDisplayName, leadKindWords } from "../lead-summary.ts";
import { escapeHtml, htmlDocument, parseMailbox } from "./mail-parts.ts";

// The morning e-mail (issue 20): the owner's day from the dashboard's queue (TodayQueue): the leads that
// need a reply (overdue or due soon) and the follow-ups due today or overdue, each with its name, kind,
// form, phone, deadline or follow-up and a link to it in the admin. A day with nothing due still gets
// one, saying "Nothing due today": silence would look the same as an e-mail that never came.

export type MorningMailInput = {
  /** MAIL_FROM */
  from: string;
  to: string[];
  /** The owner's day, YYYY-MM-DD in OWNER_TIMEZONE: the Message-ID is made from it, so a resend is the same message. */
  day: string;
  queue: TodayQueue;
  /** SITE_ORIGIN, for the links; null: no links (the e-mail says where to look instead). */
  siteOrigin: string | null;
};

/** A calendar day (YYYY-MM-DD read at UTC midnight) as "Wed, Nov 25, 2026": no zone shift. */
const calendarDay = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});

/** "Eastern Time" for America/New_York: the zone as people name it. */
function zoneWords(timeZone: string, instant: number): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longGeneric" }).formatToParts(
    new Date(instant),
  );
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

type Entry = { title: string; facts: string; when: string; note: string | null; link: string | null };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function morningMail({ from, to, day, queue, siteOrigin }: MorningMailInput): Mail.Options {
  const zone = queue.ownerTimeZone;
  const now = Date.parse(queue.now);
  const at = (iso: string) => dayAndTimeIn(zone).format(new Date(iso));
  const link = (kind: LeadKind, id: string) => (siteOrigin ? `${siteOrigin}/admin/leads/${kind}/${id}` : null);
  const facts = (lead: LeadRow) =>
    [leadKindWords[lead.kind], formInWords(lead.formName), lead.phone || null].filter(Boolean).join(" · ");

  const replies: Entry[] = queue.needsReply.items.map((lead) => ({
    title: leadDisplayName(lead),
    facts: facts(lead),
    when:
      replyStateOf(lead, now) === "overdue"
        ? `Overdue: the reply was due ${at(lead.replyBy)}`
        : `Reply by ${at(lead.replyBy)}`,
    note: null,
    link: link(lead.kind, lead.id),
  }));
  const followUps: Entry[] = queue.followUps.items.map((lead) => ({
    title: leadDisplayName(lead),
    facts: facts(lead),
    when:
      Date.parse(lead.followUpAt!) < now
        ? `Follow-up overdue since ${at(lead.followUpAt!)}`
        : `Follow up at ${at(lead.followUpAt!)}`,
    note: lead.followUpNote,
    link: link(lead.kind, lead.id),
  }));
  const sections = [
    {
      heading: `Needs a reply (${queue.needsReply.total})`,
      entries: replies,
      more: queue.needsReply.total - replies.length,
    },
    {
      heading: `Follow-ups due today (${queue.followUps.total})`,
      entries: followUps,
      more: queue.followUps.total - followUps.length,
    },
  ].filter((section) => section.entries.length > 0);

  const dayWords = calendarDay.format(new Date(`${day}T00:00:00Z`));
  const counts = [
    queue.followUps.total > 0 && plural(queue.followUps.total, "follow-up", "follow-ups"),
    queue.needsReply.total > 0 && plural(queue.needsReply.total, "lead needs a reply", "leads need a reply"),
  ].filter(Boolean);
  const subject = `Today, ${dayWords}: ${counts.length > 0 ? counts.join(", ") : "nothing due"}`;
  const intro = `Your day, ${dayWords} (times in ${zoneWords(zone, now)}).`;
  const nothing = "Nothing due today: no lead is waiting past its reply deadline and no follow-up is due.";
  const more = (count: number) => `…and ${count} more in the admin.`;
  const admin = siteOrigin
    ? `Open the admin: ${siteOrigin}/admin`
    : "Open the admin to see every lead (no links: SITE_ORIGIN is not set).";
  const why = "You get this e-mail because the morning e-mail is on in the admin's Settings.";

  const text = [
    intro,
    "",
    ...(sections.length === 0
      ? [nothing, ""]
      : sections.flatMap((section) => [
          section.heading,
          ...section.entries.flatMap((entry) => [
            `- ${entry.title} · ${entry.facts}`,
            `  ${entry.when}${entry.note ? `: “${entry.note}”` : ""}`,
            ...(entry.link ? [`  ${entry.link}`] : []),
          ]),
          ...(section.more > 0 ? [more(section.more)] : []),
          "",
        ])),
    admin,
    why,
    "",
  ].join("\n");

  const entryHtml = (entry: Entry) =>
    `<li style="margin-bottom:10px"><strong>${entry.link ? `<a href="${escapeHtml(entry.link)}" style="color:#1d4ed8">${escapeHtml(entry.title)}</a>` : escapeHtml(entry.title)}</strong>` +
    ` <span style="color:#555">· ${escapeHtml(entry.facts)}</span><br>${escapeHtml(entry.when)}${entry.note ? `: “${escapeHtml(entry.note)}”` : ""}</li>`;
  const html = htmlDocument(
    subject,
    [
      `<p>${escapeHtml(intro)}</p>`,
      ...(sections.length === 0
        ? [`<p><strong>${escapeHtml(nothing)}</strong></p>`]
        : sections.map(
            (section) =>
              `<h2 style="font-size:16px">${escapeHtml(section.heading)}</h2>\n<ul style="padding-left:20px">${section.entries.map(entryHtml).join("\n")}</ul>` +
              (section.more > 0 ? `\n<p>${escapeHtml(more(section.more))}</p>` : ""),
          )),
      siteOrigin
        ? `<p><a href="${escapeHtml(`${siteOrigin}/admin`)}" style="color:#1d4ed8">Open the admin</a></p>`
        : `<p>${escapeHtml(admin)}</p>`,
      `<p style="color:#555">${escapeHtml(why)}</p>`,
    ].join("\n"),
  );

  // The same Message-ID for the day, whichever instance sends it and however often: a resend after an
  // unclear failure is one message to the reader's mail system.
  const domain = parseMailbox(from).address.split("@").pop();
  return { from, to, subject, text, html, messageId: `<morning-${day}@${domain}>` };
}
