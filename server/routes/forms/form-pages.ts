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

// The pages a form posted without JavaScript gets back (routes/forms/form-posts.ts): the thank-you page,
// the form again with its problems (GOV.UK's error summary pattern) or to confirm, and the pages that
// say why nothing was saved (cross-site, too many requests, the database away, a body we cannot read).
// Plain HTML with one small stylesheet: no script, readable on a phone, every value escaped.

export type Business = { companyName: string; phone: string; phoneHref: string; hours?: string };

/** Text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1.0625rem;line-height:1.5;color:#0f172a;background:#f8fafc}
a{color:#1d4ed8;text-underline-offset:3px}
a:hover{color:#1e3a8a}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
header,footer{background:#fff;border-bottom:1px solid #e2e8f0}
footer{border-top:1px solid #e2e8f0;border-bottom:0;margin-top:3rem}
.bar{max-width:44rem;margin:0 auto;padding:.875rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between}
.brand{font-weight:800;color:#1e3a8a;text-decoration:none;font-size:1.125rem}
main{max-width:44rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.75rem;line-height:1.2;margin:.5rem 0 1rem}
h2{font-size:1.25rem;margin:0 0 .5rem}
.panel{background:#fff;border:1px solid #cbd5e1;border-radius:.75rem;padding:1.25rem}
.thanks{border-color:#047857;background:#ecfdf5}
.summary{border:3px solid #b91c1c;background:#fff;border-radius:.5rem;padding:1rem 1.25rem;margin-bottom:1.5rem}
.summary:focus{outline:3px solid #1d4ed8;outline-offset:2px}
.summary ul{margin:.25rem 0 0;padding-left:1.25rem}
.summary a{color:#b91c1c;font-weight:600}
.field{margin-bottom:1.125rem}
label,legend{display:block;font-weight:600;margin-bottom:.25rem}
.hint{color:#475569;font-size:.9375rem;margin:0 0 .5rem}
.error{color:#b91c1c;font-weight:600;margin:.25rem 0}
input[type=text],input[type=email],input[type=tel],input[type=date],select,textarea{width:100%;font:inherit;padding:.5rem .75rem;border:1px solid #64748b;border-radius:.375rem;background:#fff;color:#0f172a}
[aria-invalid=true]{border:2px solid #b91c1c}
fieldset{border:0;padding:0;margin:0 0 1.125rem}
.choice{display:flex;gap:.5rem;align-items:center;margin:.25rem 0}
.choice label{font-weight:400;margin:0}
.choice input{width:1.125rem;height:1.125rem}
button{font:inherit;font-weight:700;color:#fff;background:#1d4ed8;border:0;border-radius:.375rem;padding:.75rem 1.25rem;cursor:pointer;width:100%}
button:hover{background:#1e3a8a}
.honeypot{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.nowrap{white-space:nowrap}
.required{color:#b91c1c}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
`;

/** A page of the site's plain frame (brand, phone, footer): every page the server writes itself. */
export function shell(business: Business, title: string, main: string): string {
  const phone = `<a class="nowrap" href="${escapeHtml(business.phoneHref)}">${escapeHtml(business.phone)}</a>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(business.companyName)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><div class="bar"><a class="brand" href="/">${escapeHtml(business.companyName)}</a><span>Call ${phone}</span></div></header>
<main id="main">
${main}
</main>
<footer><div class="bar"><span>${escapeHtml(business.companyName)}: call ${phone} (${escapeHtml(business.hours ?? businessDefaults.hours)})</span><a href="/contact">Contact</a></div></footer>
</body>
</html>
`;
}

const callUs = (business: Business) =>
  `call <a class="nowrap" href="${escapeHtml(business.phoneHref)}">${escapeHtml(business.phone)}</a> (${escapeHtml(business.hours ?? businessDefaults.hours)})`;

/** The page a lead's post is sent to after it is stored (303): what the island's thank-you panel says. */
export function thankYouPage(business: Business, form: PublicForm): string {
  return shell(
    business,
    "Thank you",
    `<section class="panel thanks" aria-labelledby="thanks-title">
<h1 id="thanks-title">Thank you! We have your request.</h1>
<p>${escapeHtml(form.successMessage)}</p>
<p>What happens next: a strategist reads your details and contacts you within ${escapeHtml(form.replyWithin)} by phone or e-mail.</p>
<p>Rather talk now? Call <a class="nowrap" href="${escapeHtml(business.phoneHref)}">${escapeHtml(business.phone)}</a> (${escapeHtml(business.hours ?? businessDefaults.hours)}) or <a href="${escapeHtml(form.bookingHref)}">book a free 30-minute call</a>.</p>
</section>
<p><a href="${escapeHtml(form.pagePath)}">Back to the page you were on</a></p>`,
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
): string {
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
  return shell(
    business,
    title,
    `${intro}
<form class="panel" method="post" action="${escapeHtml(formActionPath(form.formName))}" aria-label="${escapeHtml(form.title ?? "Contact form")}">
${fields.map((field) => fieldHtml(field, values, problems)).join("\n")}
${hidden}
<button type="submit">${escapeHtml(form.submitLabel)}</button>
</form>
<p><a href="${escapeHtml(form.pagePath)}">Back to the page you were on</a> (what you entered here is not kept)</p>`,
  );
}

/** A page that says nothing was saved and why, with the phone number: cross-site (403), too many requests (429), the database away (503), a body we cannot read (4xx), an unknown form (404). */
export function notSavedPage(business: Business, heading: string, explanation: string, backPath = "/"): string {
  return shell(
    business,
    heading,
    `<section class="panel" aria-labelledby="page-title">
<h1 id="page-title">${escapeHtml(heading)}</h1>
<p>${escapeHtml(explanation)}</p>
<p>Your request was not saved. To reach us now, ${callUs(business)}.</p>
</section>
<p><a href="${escapeHtml(backPath)}">Back to the page you were on</a></p>`,
  );
}
