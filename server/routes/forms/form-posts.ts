import { liveBusiness } from "../../content/live-business.ts";
import { randomUUID } from "node:crypto";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { contactSubmissionInput, isTimeZone } from "../../../contract/contact-submission.ts";
import { validateForm } from "../../../contract/form-errors.ts";
import { idempotencyKey as idempotencyKeyRule } from "../../../contract/idempotency-key.ts";
import { contactFormMessages, serviceInquiryFormMessages } from "../../../contract/lead-form-messages.ts";
import {
  contactFormSchema,
  serviceInquiryFormSchema,
  shortLeadFormSchema,
} from "../../../contract/lead-form-schemas.ts";
import {
  contactFormFields,
  hiddenFormFields,
  inquiryFormFields,
  officeTimeZone,
  publicForms,
  shortFormFields,
  type FormFieldSpec,
  type PublicForm,
} from "../../../contract/public-forms.ts";
import { serviceInquiryInput } from "../../../contract/service-inquiry.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, unavailableReason } from "../../db/unavailable.ts";
import { CONFIRMATION_FIELD, isSealedFormToken, sealFormToken } from "../../lib/form-confirmation.ts";
import { formPostOrigin, type CrossSiteConfig } from "../../plugins/app/origin-check.ts";
import { formRateLimit } from "../api/rate-limits.ts";
import { storeLead } from "../lead-intake.ts";
import { sendServerPage, type ServerPage } from "../../site/server-page.ts";
import { formAgainPage, notSavedPage, thankYouPage, type EnteredValues } from "./form-pages.ts";

// A lead form posted without JavaScript (issue 18; docs/decisions/029-forms-without-javascript.md):
// POST /forms/<formName>, application/x-www-form-urlencoded, from the real HTML forms of the public pages.
// Validated by the same contract schemas as the form in the browser, stored exactly as the JSON API stores
// a lead (routes/lead-intake.ts), answered with pages: 303 to the thank-you page, the form again with its
// problems (422) or to confirm (200, a post without a usable form token, or one whose origin is unproven:
// `Origin: null` or none, and no Referer), or a page that says why nothing was saved (403, 404, 413, 415,
// 429, 503). No personal data ever goes into a URL.

type FormRoute = { Params: { formName: string } };

const layouts = {
  contact: { kind: "contacts", schema: contactFormSchema, messages: contactFormMessages },
  inquiry: { kind: "inquiries", schema: serviceInquiryFormSchema, messages: serviceInquiryFormMessages },
  short: { kind: "contacts", schema: shortLeadFormSchema, messages: {} },
} as const;

/** The form's fields as its page shows them (contract/public-forms.ts); the contact form's chips are read apart. */
function formFields(form: PublicForm): readonly FormFieldSpec[] {
  if (form.layout === "contact") return contactFormFields.filter((field) => field.name !== "products");
  return form.layout === "inquiry" ? inquiryFormFields : shortFormFields(form);
}

/** The visitor's fields of this form from the post (a missing field is empty; the chips are every `products`). */
function enteredValues(form: PublicForm, body: URLSearchParams): EnteredValues {
  const values: EnteredValues = {};
  for (const { name } of formFields(form)) values[name] = body.get(name) ?? "";
  if (form.layout === "contact") values.products = body.getAll("products");
  return values;
}

export default async function formPostRoutes(app: FastifyInstance) {
  // The site's published name and phone (issue 37), read at most once a second before each request.
  const { business, refresh } = liveBusiness(app);
  app.addHook("onRequest", refresh);
  // The confirmation page's seal (lib/form-confirmation.ts) is made with the form tokens' secret.
  const formTokenSecret = await app.repositories.serverSecrets.get("form-token");
  const bodyLimitKb = Math.floor(app.initialConfig.bodyLimit! / 1024);
  // In the site's frame (issue 39 §3): its header, footer and type, from the published content.
  const page = (reply: FastifyReply, status: number, serverPage: ServerPage) =>
    sendServerPage(app, reply, status, business, serverPage);
  const notSaved = (reply: FastifyReply, status: number, heading: string, explanation: string, form?: PublicForm) =>
    page(reply, status, notSavedPage(business, heading, explanation, form?.pagePath));

  // Only these routes read form bodies (the API speaks JSON); the server's body limit applies.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });

  // Every failure of these routes is a page: a body too large or of another type, the rate limit, the database away.
  const pageOnError = (error: FastifyError, request: FastifyRequest<FormRoute>, reply: FastifyReply) => {
    const form = publicForms.get(request.params.formName);
    if (error.statusCode === 429) {
      const retryAfter = Number(reply.getHeader("retry-after")) || 60;
      const wait = retryAfter < 120 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`;
      return notSaved(
        reply,
        429,
        "Too many requests",
        `We received many requests from your connection in a short time. Please try again in ${wait}.`,
        form,
      );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: unavailableReason(error) }, "the database is unavailable; answered 503");
      reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return notSaved(
        reply,
        503,
        "We could not save your request",
        "Our system is briefly unavailable. Please go back and send the form again in a minute.",
        form,
      );
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return notSaved(
        reply,
        413,
        "Your message is too long",
        `A form can send at most ${bodyLimitKb} KB. Please shorten your message and send it again.`,
        form,
      );
    if (status === 415)
      return notSaved(reply, 415, "We could not read your request", "Please send the form from our website.", form);
    if (status < 500)
      return notSaved(reply, 400, "We could not read your request", "Please go back and send the form again.", form);
    request.log.error({ err: error }, "request failed");
    return notSaved(reply, 500, "Something went wrong on our side", "Please try again in a minute.", form);
  };

  const config: CrossSiteConfig & ReturnType<typeof formRateLimit> = {
    crossSite: "page",
    ...formRateLimit(app.config),
  };

  // Fastify types a route's errorHandler as returning nothing; the page is sent before pageOnError returns.
  const errorHandler = (error: FastifyError, request: FastifyRequest<FormRoute>, reply: FastifyReply) =>
    void pageOnError(error, request, reply);
  app.post<FormRoute>("/forms/:formName", { config, errorHandler }, async (request, reply) => {
    const form = publicForms.get(request.params.formName);
    if (!form)
      return notSaved(reply, 404, "This form does not exist", "The address this form was sent to is not one of ours.");
    const from = formPostOrigin(request, app.config.siteOrigin);
    if (from.kind === "foreign") {
      request.log.warn({ origin: from.origin }, "refused a cross-site form post");
      return notSaved(
        reply,
        403,
        "This form was sent from another website",
        "For your safety we only accept our forms when they are sent from our own pages.",
        form,
      );
    }
    if (!(request.body instanceof URLSearchParams)) {
      return notSaved(reply, 415, "We could not read your request", "Please send the form from our website.", form);
    }
    const body = request.body;
    const layout = layouts[form.layout];
    const values = enteredValues(form, body);
    const timezone = body.get(hiddenFormFields.timezone) ?? "";
    // The zone the form sent, the office's without a valid one: the page carries it on, the meeting rule reads
    // it (today is the visitor's today) and a meeting is stored with it.
    const meetingZone = form.layout === "contact" ? { timezone: isTimeZone(timezone) ? timezone : officeTimeZone } : {};
    const fresh = () => {
      const formToken = app.spamGuard.issueFormToken();
      return {
        formToken,
        idempotencyKey: randomUUID(),
        confirmation: sealFormToken(formTokenSecret, formToken),
        ...meetingZone,
      };
    };

    const checked = validateForm(layout.schema, { ...values, ...meetingZone }, layout.messages);
    if (!checked.ok) return page(reply, 422, formAgainPage(business, form, values, checked.problems, fresh()));

    // The API's payload, as the form in the browser sends it: the form's facts come from the table, not the post.
    const signals = {
      website: body.get(hiddenFormFields.honeypot) ?? "",
      formToken: body.get(hiddenFormFields.formToken) || undefined,
    };
    const source = { formName: form.formName, pagePath: form.pagePath };
    const lead = { ...checked.data } as Record<string, unknown>;
    if (form.layout === "contact" && lead.meetingTime !== undefined) lead.timezone = meetingZone.timezone;
    else if (form.layout === "contact" && isTimeZone(timezone)) lead.timezone = timezone;
    if (form.layout === "short" && form.products) lead.products = form.products;

    // A person without JavaScript has no form token: nothing is stored yet, the form comes back to confirm
    // with a fresh one (so is a token too young or too old). A filled honeypot or a forged token is spam,
    // stored and answered like any lead, as the JSON API does.
    // A post whose origin is unproven is stored only from our confirmation page: its token sealed there.
    // Before the honeypot and the token's own checks: another site's relayed post is not even spam to keep.
    if (
      from.kind === "unproven" &&
      !isSealedFormToken(formTokenSecret, signals.formToken, body.get(CONFIRMATION_FIELD))
    ) {
      request.log.info({ form: form.formName }, "asked to confirm a form posted without a provable origin");
      return page(reply, 200, formAgainPage(business, form, values, {}, fresh()));
    }
    const honeypot = signals.website.trim() !== "";
    const token = app.spamGuard.tokenStatus(signals.formToken);
    if (!honeypot && (token === "missing" || token === "too-fast" || token === "expired")) {
      request.log.info({ form: form.formName, token }, "asked to confirm a form posted without a usable form token");
      return page(reply, 200, formAgainPage(business, form, values, {}, fresh()));
    }

    const keyField = idempotencyKeyRule.safeParse(body.get(hiddenFormFields.idempotencyKey) ?? "");
    const key = keyField.success ? keyField.data : undefined;
    const payload = { ...lead, ...source, ...signals };
    // The form's schema is the API's with the form's own rules on top: these only fail on a tampered field.
    const unreadable = () =>
      notSaved(reply, 400, "We could not read your request", "Please go back and send the form again.", form);
    if (layout.kind === "contacts") {
      const parsed = contactSubmissionInput.safeParse(payload);
      if (!parsed.success) return unreadable();
      await storeLead(app, request, "contacts", parsed.data, app.spamGuard.verdict(parsed.data), key);
    } else {
      const parsed = serviceInquiryInput.safeParse(payload);
      if (!parsed.success) return unreadable();
      await storeLead(app, request, "inquiries", parsed.data, app.spamGuard.verdict(parsed.data), key);
    }
    return reply.code(303).header("location", `/forms/${form.formName}/sent`).send();
  });

  app.get<FormRoute>("/forms/:formName/sent", async (request, reply) => {
    const form = publicForms.get(request.params.formName);
    if (!form) return notSaved(reply, 404, "This form does not exist", "The address you followed is not one of ours.");
    return page(reply, 200, thankYouPage(business, form));
  });

  // Someone who opens the form's address (a bookmark, a reload after the thank-you page) is sent to the form.
  app.get<FormRoute>("/forms/:formName", async (request, reply) => {
    const form = publicForms.get(request.params.formName);
    return reply
      .code(303)
      .header("location", form?.pagePath ?? "/")
      .send();
  });
}
