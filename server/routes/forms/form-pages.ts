import { businessDefaults } from "../../../contract/business-defaults.ts";
import {
  budgetLabels,
  contactProductOptions,
  meetingDateRange,
  meetingSlots,
  serviceTypeLabels,
} from "../../../contract/lead-options.ts";
import {
  contactFormFields,
  formActionPath,
  hiddenFormFields,
  inquiryFormFields,
  selectPlaceholders,
  shortFormFields,
  type FormFieldSpec,
  type PublicForm,
} from "../../../contract/public-forms.ts";
import { CONFIRMATION_FIELD } from "../../lib/form-confirmation.ts";
import { escapeHtml, type Business, type ServerPage } from "../../site/server-page.ts";

// The pages a form posted without JavaScript gets back (routes/forms/form-posts.ts): the thank-you page,
// the form again with its problems (GOV.UK's error summary pattern) or to confirm, and the pages that
// say why nothing was saved (cross-site, too many requests, the database away, a body we cannot read).
// Each builder returns the page's title and main content; site/server-page.ts puts them in the site's frame
// (its header, footer and type). No script of their own, readable on a phone, every value escaped.

const page = (title: string, main: string): ServerPage => ({ title, main });

const callUs = (business: Business) =>
  `call <a class="nowrap" href="${escapeHtml(business.phoneHref)}">${escapeHtml(business.phone)}</a> (${escapeHtml(business.hours ?? businessDefaults.hours)})`;

/** The page a lead's post is sent to after it is stored (303): what the island's thank-you panel says. */
export function thankYouPage(business: Business, form: PublicForm): ServerPage {
  return page(
    "Thank you",
    `<section class="panel thanks" aria-labelledby="thanks-title">
<h1 id="thanks-title">Thank you! We have your request.</h1>
<p>${escapeHtml(form.successMessage)}</p>
<p>What happens next: a strategist reads your details and contacts you within ${escapeHtml(form.replyWithin)} by phone or e-mail.</p>
<p>Rather talk now? Call <a class="nowrap" href="${escapeHtml(business.phoneHref)}">${escapeHtml(business.phone)}</a> (${escapeHtml(business.hours ?? businessDefaults.hours)}) or <a href="${escapeHtml(form.bookingHref)}">book a free 30-minute call</a>.</p>
</section>
<p class="back"><a href="${escapeHtml(form.pagePath)}">Back to the page you were on</a></p>`,
  );
}

/** What the visitor entered, as the form shows it again: text by field name, the chips as a list. */
export type EnteredValues = Record<string, string | string[]>;
export type Problems = Record<string, { message: string }>;

function fieldsOf(form: PublicForm): FormFieldSpec[] {
  if (form.layout === "contact") return [...contactFormFields];
  if (form.layout === "inquiry") return [...inquiryFormFields];
  return shortFormFields(form);
}

const fieldId = (name: string) => `field-${name}`;
/** As on the site: a red asterisk for the eye; the field's required attribute says it to assistive technology. */
const REQUIRED_MARK = '<span class="required" aria-hidden="true"> *</span>';

const options: Record<string, { value: string; label: string }[]> = {
  serviceType: Object.entries(serviceTypeLabels).map(([value, label]) => ({ value, label })),
  budget: Object.entries(budgetLabels).map(([value, label]) => ({ value, label })),
  meetingTime: meetingSlots,
};
const inputTypes: Record<string, string> = { email: "email", phone: "tel", meetingDate: "date" };
const autocomplete: Record<string, string> = {
  fullName: "name",
  firstName: "given-name",
  lastName: "family-name",
  email: "email",
  phone: "tel",
  company: "organization",
};

function fieldHtml(field: FormFieldSpec, values: EnteredValues, problems: Problems): string {
  const id = fieldId(field.name);
  const problem = problems[field.name];
  const error = problem
    ? `<p class="error" id="${id}-error"><span class="visually-hidden">Error: </span>${escapeHtml(problem.message)}</p>`
    : "";
  const invalid = problem ? ` aria-invalid="true" aria-describedby="${id}-error"` : "";
  const required = field.required ? " required" : "";
  const value = values[field.name];
  const text = typeof value === "string" ? value : "";
  if (field.name === "products") {
    const chosen = Array.isArray(value) ? value : [];
    const boxes = contactProductOptions
      .map(
        (option, index) =>
          `<div class="choice"><input type="checkbox" id="${id}-${index}" name="products" value="${escapeHtml(option)}"${chosen.includes(option) ? " checked" : ""}><label for="${id}-${index}">${escapeHtml(option)}</label></div>`,
      )
      .join("\n");
    return `<fieldset class="field" id="${id}"${problem ? ` aria-describedby="${id}-error"` : ""}><legend>${escapeHtml(field.label)}${field.required ? REQUIRED_MARK : ""}</legend>${error}${boxes}</fieldset>`;
  }
  const label = `<label for="${id}">${escapeHtml(field.label)}${field.required ? REQUIRED_MARK : ""}</label>`;
  const choices = options[field.name];
  if (choices) {
    const placeholder = selectPlaceholders[field.name as keyof typeof selectPlaceholders];
    const list = [{ value: "", label: placeholder }, ...choices]
      .map(
        (choice) =>
          `<option value="${escapeHtml(choice.value)}"${choice.value === text ? " selected" : ""}>${escapeHtml(choice.label)}</option>`,
      )
      .join("");
    return `<div class="field">${label}${error}<select id="${id}" name="${field.name}"${required}${invalid}>${list}</select></div>`;
  }
  if (field.name === "message") {
    return `<div class="field">${label}${error}<textarea id="${id}" name="message" rows="4"${required}${invalid}>${escapeHtml(text)}</textarea></div>`;
  }
  const type = inputTypes[field.name] ?? "text";
  // The date input offers the contract's range (computed where today is latest: the server rechecks in the visitor's zone).
  const range = field.name === "meetingDate" ? meetingDateRange("Etc/GMT+12") : null;
  const bounds = range ? ` min="${range.min}" max="${range.max}"` : "";
  const auto = autocomplete[field.name] ? ` autocomplete="${autocomplete[field.name]}"` : "";
  return `<div class="field">${label}${error}<input type="${type}" id="${id}" name="${field.name}" value="${escapeHtml(text)}"${bounds}${auto}${required}${invalid}></div>`;
}

/**
 * The form again, filled with what the visitor entered: with its problems listed at the top and under each
 * field (status 422), or with none, to confirm (a post that came without a usable form token). It carries a
 * fresh form token and Idempotency-Key, so the next post is judged on this page's clock and stored once, and
 * the token's seal (lib/form-confirmation.ts), the proof of a page of ours a post without an origin lacks.
 */
export function formAgainPage(
  business: Business,
  form: PublicForm,
  values: EnteredValues,
  problems: Problems,
  fresh: { formToken: string; idempotencyKey: string; confirmation: string; timezone?: string },
): ServerPage {
  const fields = fieldsOf(form);
  const listed = fields.filter((field) => problems[field.name]);
  const confirming = listed.length === 0;
  const title = confirming ? "Check your details and send" : "There is a problem with your details";
  const intro = confirming
    ? `<h1>Check your details and send</h1>
<p>One more step: please check what you entered and press “${escapeHtml(form.submitLabel)}”. Nothing has been sent yet.</p>`
    : `<div class="summary" role="alert" aria-labelledby="problem-title" tabindex="-1" autofocus>
<h2 id="problem-title">There is a problem</h2>
<ul>${listed
        .map((field) => {
          const target = field.name === "products" ? `${fieldId(field.name)}-0` : fieldId(field.name);
          return `<li><a href="#${target}">${escapeHtml(problems[field.name]!.message)}</a></li>`;
        })
        .join("")}</ul>
</div>
<h1>${escapeHtml(form.title ?? "Send us a message")}</h1>
<p>Nothing has been sent yet. Correct the details below and send again, or ${callUs(business)}.</p>`;
  const hidden = [
    `<input type="hidden" name="${hiddenFormFields.formToken}" value="${escapeHtml(fresh.formToken)}">`,
    `<input type="hidden" name="${hiddenFormFields.idempotencyKey}" value="${escapeHtml(fresh.idempotencyKey)}">`,
    `<input type="hidden" name="${CONFIRMATION_FIELD}" value="${escapeHtml(fresh.confirmation)}">`,
    ...(form.layout === "contact" && fresh.timezone
      ? [`<input type="hidden" name="${hiddenFormFields.timezone}" value="${escapeHtml(fresh.timezone)}">`]
      : []),
    `<div class="honeypot" aria-hidden="true"><label for="field-website">Leave this field empty</label><input type="text" id="field-website" name="${hiddenFormFields.honeypot}" tabindex="-1" autocomplete="off" value=""></div>`,
  ].join("\n");
  return page(
    title,
    `${intro}
<form class="panel" method="post" action="${escapeHtml(formActionPath(form.formName))}" aria-label="${escapeHtml(form.title ?? "Contact form")}">
${fields.map((field) => fieldHtml(field, values, problems)).join("\n")}
${hidden}
<button type="submit">${escapeHtml(form.submitLabel)}</button>
</form>
<p class="back"><a href="${escapeHtml(form.pagePath)}">Back to the page you were on</a> (what you entered here is not kept)</p>`,
  );
}

/** A page that says nothing was saved and why, with the phone number: cross-site (403), too many requests (429), the database away (503), a body we cannot read (4xx), an unknown form (404). */
export function notSavedPage(business: Business, heading: string, explanation: string, backPath = "/"): ServerPage {
  return page(
    heading,
    `<section class="panel" aria-labelledby="page-title">
<h1 id="page-title">${escapeHtml(heading)}</h1>
<p>${escapeHtml(explanation)}</p>
<p>Your request was not saved. To reach us now, ${callUs(business)}.</p>
</section>
<p class="back"><a href="${escapeHtml(backPath)}">Back to the page you were on</a></p>`,
  );
}
