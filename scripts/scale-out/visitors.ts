import { randomUUID } from "node:crypto";
import { MIN_HUMAN_FILL_MS } from "../../contract/fields.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../contract/idempotency-key.ts";

// The visitors of `npm run scale-out`: each fills in a lead form and sends it through nginx the way the
// site does, then starts on the next one, until told to stop.
// - With JavaScript (app/components/forms/): the form fetches a form token when it appears
//   (GET /api/form-token, app/lib/form-token.ts; fetched once more at submit when that failed), the person
//   takes a while to fill it in (the spam guard wants MIN_HUMAN_FILL_MS from the token), the lead goes to
//   POST /api/contact or /api/service-inquiry with one Idempotency-Key per filled-in form. The form's
//   script does not resend by itself: a failure (network error or any non-2xx) shows the failure toast
//   and the person clicks Send again; the same values get the same key and the form keeps its token
//   (app/lib/idempotency-keys.ts). So every failed answer here is one a visitor saw.
// - Without JavaScript (routes/forms/form-posts.ts): the page's form posts urlencoded with no token; the
//   server answers the form again to confirm, with a fresh token and idempotency key in hidden fields; the
//   person clicks Send and gets 303 to the thank-you page. A failure is an error page: the person goes
//   back and sends the same page again.
// Every lead carries a marker (in its last name and e-mail) so what was stored and mailed can be matched.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A person's time to fill in a form (or to confirm it), well above the spam guard's minimum. */
const fillMs = () => MIN_HUMAN_FILL_MS + 100 + Math.random() * 1400;
/** A person who saw the failure toast or an error page reads it and sends again. */
const RESEND_AFTER_MS = 2000;
/** Sends of one lead before the person gives up (the first and three more). */
const MAX_SENDS = 4;
const REQUEST_TIMEOUT_MS = 30_000;

export type LeadVariant = "json-contact" | "json-inquiry" | "nojs-inquiry" | "resend-json" | "resend-nojs";

export type Send = { ms: number; status: number | "network-error"; at: number };

export type LeadRecord = {
  marker: string;
  variant: LeadVariant;
  /** The JSON API's receipt id (the no-JS answer is a redirect without one). */
  receiptId: string | null;
  acknowledged: boolean;
  /** Every send of the storing request (the no-JS confirm step is in `confirmSends`). */
  sends: Send[];
  confirmSends: Send[];
  /** The form token could not be fetched (twice): the lead went without one and is stored as spam. */
  withoutToken: boolean;
  /** A 4xx other than 408/429: a fault of the request, not of the topology; not sent again. */
  refused: string | null;
  /** The resend probe: the same request sent again to the other instance answered like the first (same receipt). */
  resendAnsweredAlike?: boolean;
};

export type VisitorOptions = {
  baseUrl: string;
  /** What a browser on the site sends as Origin (the server refuses cross-site posts). */
  origin: string;
  runId: string;
  /** Share of leads sent without JavaScript. */
  noJsShare: number;
};

function isFailure(status: number | "network-error"): boolean {
  return status === "network-error" || status >= 400;
}

async function timed(url: string, init: RequestInit): Promise<{ send: Send; response: Response | null; body: string }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const body = await response.text();
    return { send: { ms: performance.now() - started, status: response.status, at: Date.now() }, response, body };
  } catch {
    return {
      send: { ms: performance.now() - started, status: "network-error", at: Date.now() },
      response: null,
      body: "",
    };
  }
}

export function createVisitors(options: VisitorOptions) {
  const leads: LeadRecord[] = [];
  const tokenFetches: Send[] = [];
  let counter = 0;
  let stopping = false;

  async function fetchToken(): Promise<string | undefined> {
    const { send, response, body } = await timed(`${options.baseUrl}/api/form-token`, { method: "GET" });
    tokenFetches.push(send);
    if (!response?.ok) return undefined;
    return (JSON.parse(body) as { token: string }).token;
  }

  function newLead(variant: LeadVariant): LeadRecord {
    counter += 1;
    const lead: LeadRecord = {
      marker: `so${options.runId}n${counter}`,
      variant,
      receiptId: null,
      acknowledged: false,
      sends: [],
      confirmSends: [],
      withoutToken: false,
      refused: null,
    };
    leads.push(lead);
    return lead;
  }

  const person = (marker: string) => ({
    firstName: "Scale",
    lastName: `Visitor ${marker}`,
    email: `${marker}@visitors.example`,
    phone: "(512) 555-0100",
  });

  async function jsonLead(variant: "json-contact" | "json-inquiry"): Promise<void> {
    const lead = newLead(variant);
    // The token is fetched when the form appears, then the person fills the form in.
    let token = await fetchToken();
    const shownAt = Date.now();
    await sleep(fillMs());
    token ??= await fetchToken();
    lead.withoutToken = token === undefined;
    const fields =
      variant === "json-contact"
        ? { ...person(lead.marker), products: ["SEO Services"], pagePath: "/contact", formName: "contact-page" }
        : {
            ...person(lead.marker),
            serviceType: "seo",
            message: `Scale-out test lead ${lead.marker}: we need more calls.`,
            pagePath: "/services/seo",
            formName: "service-seo",
          };
    const url = `${options.baseUrl}${variant === "json-contact" ? "/api/contact" : "/api/service-inquiry"}`;
    const key = randomUUID();
    for (let i = 0; i < MAX_SENDS; i += 1) {
      const payload = {
        ...fields,
        website: "",
        elapsedMs: Date.now() - shownAt,
        ...(token ? { formToken: token } : {}),
      };
      const { send, response, body } = await timed(url, {
        method: "POST",
        headers: { "content-type": "application/json", origin: options.origin, [IDEMPOTENCY_KEY_HEADER]: key },
        body: JSON.stringify(payload),
      });
      lead.sends.push(send);
      if (response?.ok) {
        lead.acknowledged = true;
        lead.receiptId = (JSON.parse(body) as { id: string }).id;
        return;
      }
      if (response && response.status < 500 && response.status !== 408 && response.status !== 429) {
        lead.refused = `${response.status}: ${body.slice(0, 200)}`;
        return;
      }
      await sleep(RESEND_AFTER_MS);
    }
  }

  /** The hidden field `name` of the confirm page the server sent. */
  const hiddenValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];

  async function noJsLead(): Promise<void> {
    const lead = newLead("nojs-inquiry");
    const url = `${options.baseUrl}/forms/service-seo`;
    const headers = { "content-type": "application/x-www-form-urlencoded", origin: options.origin };
    const fields = {
      ...person(lead.marker),
      company: "",
      serviceType: "seo",
      budget: "",
      message: `Scale-out test lead ${lead.marker}, sent without JavaScript.`,
      website: "",
    };
    await sleep(fillMs());
    // The prerendered page's form: no token, no key. The server answers the form again to confirm.
    let confirm: { token: string; key: string } | null = null;
    for (let i = 0; i < MAX_SENDS && !confirm; i += 1) {
      const { send, response, body } = await timed(url, {
        method: "POST",
        headers,
        body: new URLSearchParams({ ...fields, formToken: "", idempotencyKey: "" }).toString(),
      });
      lead.confirmSends.push(send);
      const token = hiddenValue(body, "formToken");
      const key = hiddenValue(body, "idempotencyKey");
      if (response?.status === 200 && token && key) confirm = { token, key };
      else if (response && response.status < 500 && response.status !== 408 && response.status !== 429) {
        lead.refused = `confirm step ${response.status}: ${body.slice(0, 200)}`;
        return;
      } else await sleep(RESEND_AFTER_MS);
    }
    if (!confirm) return;
    await sleep(fillMs());
    const body = new URLSearchParams({ ...fields, formToken: confirm.token, idempotencyKey: confirm.key }).toString();
    for (let i = 0; i < MAX_SENDS; i += 1) {
      const { send, response, body: page } = await timed(url, { method: "POST", headers, body });
      lead.sends.push(send);
      if (response?.status === 303 && response.headers.get("location") === "/forms/service-seo/sent") {
        lead.acknowledged = true;
        return;
      }
      if (response && response.status < 500 && response.status !== 408 && response.status !== 429) {
        lead.refused = `${response.status}: ${page.slice(0, 200)}`;
        return;
      }
      await sleep(RESEND_AFTER_MS);
    }
  }

  async function visitor(): Promise<void> {
    // Visitors start a little apart, as they arrive.
    await sleep(Math.random() * 2000);
    while (!stopping) {
      const roll = Math.random();
      if (roll < options.noJsShare) await noJsLead();
      else if (roll < options.noJsShare + (1 - options.noJsShare) / 2) await jsonLead("json-contact");
      else await jsonLead("json-inquiry");
    }
  }

  /**
   * What nginx's non_idempotent resend does when the instance it first chose stored the lead and died
   * before answering: the same request (same Idempotency-Key, or the same no-JS confirm page) goes to the
   * other instance. Sent here straight to the instances, `count` leads of each kind, after the load.
   */
  async function resendProbe(count: number, first: string, second: string): Promise<void> {
    const tokens: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const response = await fetch(`${first}/api/form-token`);
      tokens.push(((await response.json()) as { token: string }).token);
    }
    const confirms: { lead: LeadRecord; body: string }[] = [];
    for (let i = 0; i < count; i += 1) {
      const lead = newLead("resend-nojs");
      const fields = {
        ...person(lead.marker),
        company: "",
        serviceType: "seo",
        budget: "",
        message: `Resend probe ${lead.marker}, sent without JavaScript.`,
        website: "",
      };
      const { send, body } = await timed(`${first}/forms/service-seo`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: options.origin },
        body: new URLSearchParams({ ...fields, formToken: "", idempotencyKey: "" }).toString(),
      });
      lead.confirmSends.push(send);
      const token = hiddenValue(body, "formToken");
      const key = hiddenValue(body, "idempotencyKey");
      if (!token || !key) lead.refused = `confirm step ${send.status}`;
      else
        confirms.push({
          lead,
          body: new URLSearchParams({ ...fields, formToken: token, idempotencyKey: key }).toString(),
        });
    }
    await sleep(MIN_HUMAN_FILL_MS + 500);
    for (const token of tokens) {
      const lead = newLead("resend-json");
      const payload = JSON.stringify({
        ...person(lead.marker),
        products: ["SEO Services"],
        pagePath: "/contact",
        formName: "contact-page",
        website: "",
        elapsedMs: 9000,
        formToken: token,
      });
      const init = {
        method: "POST",
        headers: { "content-type": "application/json", origin: options.origin, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        body: payload,
      };
      const answers = [await timed(`${first}/api/contact`, init), await timed(`${second}/api/contact`, init)];
      lead.sends.push(...answers.map((answer) => answer.send));
      const ids = answers.map((answer) =>
        answer.response?.ok ? (JSON.parse(answer.body) as { id: string }).id : null,
      );
      lead.acknowledged = ids[0] !== null;
      lead.receiptId = ids[0] ?? null;
      lead.resendAnsweredAlike = ids[0] !== null && ids[0] === ids[1];
    }
    for (const { lead, body } of confirms) {
      const init = {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: options.origin },
        body,
      };
      const answers = [
        await timed(`${first}/forms/service-seo`, init),
        await timed(`${second}/forms/service-seo`, init),
      ];
      lead.sends.push(...answers.map((answer) => answer.send));
      const thanked = answers.map(
        (answer) =>
          answer.response?.status === 303 && answer.response.headers.get("location") === "/forms/service-seo/sent",
      );
      lead.acknowledged = thanked[0]!;
      lead.resendAnsweredAlike = thanked[0]! && thanked[1]!;
    }
  }

  return {
    leads,
    tokenFetches,
    resendProbe,
    /** Runs `count` visitors until stop() (each finishes the lead it is on, resends included). */
    run: (count: number) => Promise.all(Array.from({ length: count }, visitor)),
    stop: () => {
      stopping = true;
    },
  };
}

export { isFailure };
