import { escapeHtml, headerText, htmlDocument } from "./mail-parts.ts";

// The team's e-mails (issue 23): an invitation, a password-reset link, and a lead assigned to someone.
// Each says who sent it and why, holds one link, and says what to do when it was not expected. The
// invitation and the reset go through the account mails' outbox (server/delivery/account-mail.ts), which
// adds the sender; their links carry the token in the fragment (#), never in a path a server logs.

/** `from`: only for a mail sent at once (the assignment); the outbox adds MAIL_FROM itself. */
type Common = { from?: string; to: string; companyName: string };

/** A ready message: a nodemailer message (with `from`) or an account mail for the outbox. */
export type TeamMail = { from?: string; to: string; subject: string; text: string; html: string };

function mail(
  { from, to }: Common,
  subjectText: string,
  paragraphs: string[],
  link: { href: string; label: string },
  footnote: string,
): TeamMail {
  const subject = headerText(subjectText, 150);
  const text = [...paragraphs.flatMap((p) => [p, ""]), link.href, "", footnote, ""].join("\n");
  const html = htmlDocument(
    subject,
    [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(link.href)}" style="color:#1d4ed8">${escapeHtml(link.label)}</a></p>`,
      `<p style="color:#555">${escapeHtml(footnote)}</p>`,
    ].join("\n"),
  );
  return { ...(from ? { from } : {}), to, subject, text, html };
}

export function invitationMail(
  input: Common & { invitedBy: string; role: string; link: string; days: number },
): TeamMail {
  return mail(
    input,
    `${input.invitedBy} invited you to ${input.companyName}'s lead inbox`,
    [
      `${input.invitedBy} invited you to work on the leads of ${input.companyName}'s website, as ${input.role === "owner" ? "an owner" : "a member"}.`,
      `To accept, open this link and choose your password (it works once, for ${input.days} days):`,
    ],
    { href: input.link, label: "Accept the invitation" },
    "If you did not expect this, ignore this e-mail: no account is made until the link is used.",
  );
}

export function passwordResetMail(input: Common & { link: string; minutes: number }): TeamMail {
  return mail(
    input,
    `Set a new password for ${input.companyName}'s admin`,
    [
      `Someone asked to set a new password for ${input.to} on ${input.companyName}'s admin.`,
      `To choose a new one, open this link (it works once, for ${input.minutes} minutes):`,
    ],
    { href: input.link, label: "Set a new password" },
    "If you did not ask, ignore this e-mail: your password stays as it is.",
  );
}

export function assignmentMail(
  input: Common & { assignedBy: string; leads: { name: string; link: string }[]; inboxLink: string },
): TeamMail {
  const one = input.leads.length === 1 ? input.leads[0]! : null;
  return mail(
    input,
    one
      ? `${input.assignedBy} assigned you a lead: ${one.name}`
      : `${input.assignedBy} assigned you ${input.leads.length} leads`,
    [
      one
        ? `${input.assignedBy} assigned ${one.name} to you.`
        : `${input.assignedBy} assigned these leads to you: ${input.leads.map((lead) => lead.name).join(", ")}.`,
      one ? "Open the lead:" : "Open your leads:",
    ],
    one
      ? { href: one.link, label: `Open ${one.name}` }
      : { href: input.inboxLink, label: "Open the leads assigned to you" },
    `You get this e-mail because you are on ${input.companyName}'s team.`,
  );
}
