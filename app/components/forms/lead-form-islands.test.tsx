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
    for (const config of [
      leadAuditForm,
      websiteAuditForm,
      coachingForm,
      homeServicesForm,
      personalInjuryForm,
      tradeContactForm("hvac"),
    ]) {
      expect(JSON.parse(JSON.stringify(config))).toEqual(config);
    }
  });

  it.each([
    [
      "ContactForm",
      () => <ContactForm formName="contact-page" />,
      "Send Message",
      "/forms/contact-page",
      ["fullName", "email", "phone", "company", "products", "meetingDate", "meetingTime", "timezone"],
    ],
    [
      "ServiceInquiryForm",
      () => <ServiceInquiryForm formName="service-seo" />,
      "Send Inquiry",
      "/forms/service-seo",
      ["firstName", "lastName", "email", "company", "phone", "serviceType", "budget", "message"],
    ],
    [
      "ShortLeadForm",
      () => <ShortLeadForm {...homeServicesForm} />,
      "Get My Free Audit",
      "/forms/home-services-audit",
      ["firstName", "lastName", "company", "email", "phone"],
    ],
  ])("%s renders a real HTML form that posts without any script (issue 18)", (_name, element, label, action, names) => {
    const html = renderToString(element());
    const formTag = /<form\b[^>]*>/.exec(html)?.[0] ?? "";
    expect(formTag).toContain('method="post"');
    expect(formTag).toContain(`action="${action}"`);
    // The browser's own checks apply before the island takes over.
    expect(formTag).not.toContain("novalidate");
    // Send works from the first paint.
    const button = new RegExp(`<button[^>]*type="submit"[^>]*>${label}</button>`).exec(html)?.[0] ?? "";
    expect(button).not.toBe("");
    expect(button).not.toContain(`disabled=""`);
    for (const name of [...names, "website", "formToken", "idempotencyKey"])
      expect(html, name).toContain(`name="${name}"`);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*required=""|<input[^>]*required=""[^>]*type="email"/);
  });

  it("renders the short form's note and company label", () => {
    const html = renderToString(<ShortLeadForm {...leadAuditForm} />);
    expect(html).toContain("No obligations. We&#x27;ll contact you within 24 hours.");
    expect(renderToString(<ShortLeadForm {...personalInjuryForm} />)).toContain("Law Firm Name");
  });
});
