import { describe, expect, it } from "vitest";
import { contactBookingHref, publicForms, serviceSlugs, tradeForms } from "../../contract/public-forms.ts";
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
      expect(form.bookingHref).toBe(tradePages[trade].scheduling ? `${tradeForms[trade].path}#booking-calendar` : contactBookingHref);
    }
  });

  it("places the industry pages' forms on their pages with the 4-hour promise", () => {
    for (const page of Object.values(industryPages)) {
      const form = publicForms.get(page.formName)!;
      expect(form.pagePath).toBe(page.path);
      expect(form.replyWithin).toBe("4 hours");
    }
  });

  it("has a human name in the admin for every form", () => {
    for (const name of publicForms.keys()) expect(leadFormLabels.has(name), name).toBe(true);
  });
});
