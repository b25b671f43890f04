import { describe, expect, it } from "vitest";
import {
  fastReplyPromise,
  leadFormReplyPromises,
  replyPromiseHours,
  replyWindowHours,
  serviceSlugs,
} from "../../contract/form-names.ts";
import { contactBookingHref, publicForms, tradeForms } from "../../contract/public-forms.ts";
import { auditPages } from "./audit-pages.ts";
import { industryPageContent } from "./industry-pages.ts";
import { industryPages, tradeKeys } from "./industries.ts";
import { leadFormLabels } from "./lead-form-names.ts";
import { services } from "./services.ts";
import { tradePages } from "./trade-pages.ts";

// The table of public forms (contract/public-forms.ts) is what the server reads for a form posted without
// JavaScript; the pages' own config must agree with it, form by form.

describe("the table of public forms", () => {
  it("names the service pages the site has", () => {
    expect([...serviceSlugs]).toEqual(services.map((service) => service.slug));
    for (const service of services) expect(publicForms.get(`service-${service.slug}`)?.pagePath).toBe(service.path);
  });

  it("books a call on a trade page's own calendar only where the page has one", () => {
    for (const trade of tradeKeys) {
      expect(tradeForms[trade].hasBookingSection).toBe(Boolean(tradePages[trade].scheduling));
      const form = publicForms.get(`${trade}-contact`)!;
      expect(form.bookingHref).toBe(
        tradePages[trade].scheduling ? `${tradeForms[trade].path}#booking-calendar` : contactBookingHref,
      );
    }
  });

  it("places the industry pages' forms on their pages with the 4-hour promise", () => {
    for (const page of Object.values(industryPages)) {
      const form = publicForms.get(page.formName)!;
      expect(form.pagePath).toBe(page.path);
      expect(form.replyWithin).toBe(fastReplyPromise);
    }
  });

  it("has a human name in the admin for every form", () => {
    for (const name of publicForms.keys()) expect(leadFormLabels.has(name), name).toBe(true);
  });
});

/** Every "<n> hours" a text states, as numbers. */
const statedHours = (text: string) => [...text.matchAll(/\b(\d+) hours\b/g)].map((match) => Number(match[1]));

// The pages word the reply promise themselves; the auto-reply, the webhook and the admin's reply-by
// mark count it from contract/form-names.ts. These fail when a page's words and the contract disagree.
describe("the reply promise the pages state", () => {
  it("is, on every form, the contract's promise for its form name", () => {
    for (const form of publicForms.values()) {
      expect(leadFormReplyPromises.get(form.formName), form.formName).toBe(form.replyWithin);
      expect(replyPromiseHours[form.replyWithin], form.formName).toBe(replyWindowHours(form.formName));
      for (const words of [form.note ?? "", form.successMessage]) {
        for (const hours of statedHours(words))
          expect(hours, `${form.formName}: ${words}`).toBe(replyWindowHours(form.formName));
      }
    }
  });

  it("is, everywhere on the home services and personal injury pages, their form's 4 hours", () => {
    for (const [page, content] of Object.entries(industryPageContent)) {
      const formName = industryPages[page as keyof typeof industryPages].formName;
      expect(content.form.formName).toBe(formName);
      const hours = statedHours(JSON.stringify(content));
      // The hero's "We contact you within … of your request", the form's toast and panel; law firms: the stat too.
      expect(hours.length, page).toBeGreaterThanOrEqual(2);
      for (const stated of hours) expect(stated, page).toBe(replyWindowHours(formName));
      expect(replyWindowHours(formName)).toBe(4);
    }
  });

  it("is, on the audit and coaching pages, their form's promise wherever they state one", () => {
    for (const [page, content] of Object.entries(auditPages)) {
      const hours = statedHours(JSON.stringify(content));
      expect(hours.length, page).toBeGreaterThanOrEqual(2);
      for (const stated of hours) expect(stated, page).toBe(replyWindowHours(content.form.formName));
    }
  });
});
