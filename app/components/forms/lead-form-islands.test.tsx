import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { industryPageContent } from "../../config/industry-pages.ts";
import { coachingForm, leadAuditForm, websiteAuditForm } from "../../config/lead-forms.ts";
import { tradeContactForm } from "../../config/trade-pages.ts";

const homeServicesForm = industryPageContent["home-services"].form;
const personalInjuryForm = industryPageContent["personal-injury"].form;
import { ContactForm } from "./contact-form.tsx";
import { ServiceInquiryForm } from "./service-inquiry-form.tsx";
import { ShortLeadForm } from "./short-lead-form.tsx";

// The lead forms are Astro islands: Astro serializes their props into the HTML and renders them at
// build time, before any script runs.

describe("lead form islands", () => {
  it("take only serializable props (the short forms' settings survive JSON)", () => {
    for (const config of [leadAuditForm, websiteAuditForm, coachingForm, homeServicesForm, personalInjuryForm, tradeContactForm("hvac")]) {
      expect(JSON.parse(JSON.stringify(config))).toEqual(config);
    }
  });

  it.each([
    ["ContactForm", () => <ContactForm formName="contact-page" />, "Send Message"],
    ["ServiceInquiryForm", () => <ServiceInquiryForm formName="service-seo" />, "Send Inquiry"],
    ["ShortLeadForm", () => <ShortLeadForm {...homeServicesForm} />, "Get My Free Audit"],
  ])("%s renders with its submit button disabled until hydrated", (_name, element, label) => {
    const html = renderToString(element());
    expect(html).toMatch(new RegExp(`<button[^>]*type="submit"[^>]*disabled=""[^>]*>${label}</button>`));
    expect(html).toContain('name="website"');
  });

  it("renders the short form's note and company label", () => {
    const html = renderToString(<ShortLeadForm {...leadAuditForm} />);
    expect(html).toContain("No obligations. We&#x27;ll contact you within 24 hours.");
    expect(renderToString(<ShortLeadForm {...personalInjuryForm} />)).toContain("Law Firm Name");
  });
});
