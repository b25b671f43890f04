import { CONFIRMATION_LINK_HOURS } from "../../../contract/notification-settings.ts";
import { escapeHtml, type Business, type ServerPage } from "../../site/server-page.ts";

// The pages of an address's confirmation link (routes/notifications/confirm.ts): the Confirm button, the
// confirmation, and what to do when the link does not work. Sent in the plain frame
// (site/server-page.ts): the link's token is in the address, and the site's frame runs the analytics, which
// would send that address to a third party.

const page = (title: string, main: string): ServerPage => ({ title, main });

const NEW_LINK = "Ask for a new link in the admin's Settings.";

/** GET with a working link: the address and a Confirm button (a GET never confirms: mail scanners follow links). */
export function confirmPage(business: Business, address: string, token: string, action: string): ServerPage {
  return page(
    "Confirm your address",
    `<section class="panel" aria-labelledby="page-title">
<h1 id="page-title">Confirm this address for new leads</h1>
<p>${escapeHtml(business.companyName)} will e-mail its new leads to <strong>${escapeHtml(address)}</strong> once you confirm.</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Confirm</button>
</form>
<p class="hint">If you did not expect this, close this page: nothing will be sent to this address.</p>
</section>`,
  );
}

export function confirmedPage(business: Business, address: string): ServerPage {
  return page(
    "Confirmed",
    `<section class="panel thanks" aria-labelledby="page-title">
<h1 id="page-title">Confirmed</h1>
<p>Confirmed: new leads will be e-mailed to ${escapeHtml(address)}.</p>
</section>`,
  );
}

/** Why a link does not work, and what to do. */
export type LinkProblem = { status: 403 | 404 | 410 | 400 | 500 | 503; heading: string; explanation: string };

export const linkProblems = {
  unknown: {
    status: 404,
    heading: "This link does not work",
    explanation: `It may have been replaced by a newer link, or the address was removed from the list. ${NEW_LINK}`,
  },
  expired: {
    status: 410,
    heading: "This link has expired",
    explanation: `A confirmation link works for ${CONFIRMATION_LINK_HOURS} hours. ${NEW_LINK}`,
  },
  used: (address: string): LinkProblem => ({
    status: 410,
    heading: "This link was already used",
    explanation: `${address} is confirmed: new leads are e-mailed to it. Nothing more to do. To change the addresses, open the admin's Settings.`,
  }),
  crossSite: {
    status: 403,
    heading: "This confirmation came from another website",
    explanation:
      "For your safety, an address is only confirmed from our own page. Open the link in the e-mail again and press Confirm.",
  },
  unreadable: {
    status: 400,
    heading: "We could not read this confirmation",
    explanation: "Open the link in the e-mail again and press Confirm.",
  },
  unavailable: {
    status: 503,
    heading: "We could not confirm your address right now",
    explanation: "Our system is briefly unavailable. Please go back and press Confirm again in a minute.",
  },
  failed: {
    status: 500,
    heading: "Something went wrong on our side",
    explanation: "Please go back and press Confirm again in a minute.",
  },
} satisfies Record<string, LinkProblem | ((address: string) => LinkProblem)>;

export function linkProblemPage(business: Business, problem: LinkProblem): ServerPage {
  return page(
    problem.heading,
    `<section class="panel" aria-labelledby="page-title">
<h1 id="page-title">${escapeHtml(problem.heading)}</h1>
<p>${escapeHtml(problem.explanation)}</p>
</section>`,
  );
}
