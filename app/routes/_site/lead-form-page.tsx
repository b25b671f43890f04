import { useLocation } from "react-router";
import { ShortLeadForm } from "../../components/forms/short-lead-form.tsx";
import {
  coachingForm,
  homeServicesForm,
  leadAuditForm,
  personalInjuryForm,
  tradeContactForm,
  websiteAuditForm,
} from "../../config/lead-forms.ts";
import { trades } from "../../config/services.ts";
import { siteConfig } from "../../config/site.ts";
import type { Route } from "./+types/lead-form-page";

// The landing pages built around one short lead form (app/routes.ts maps their paths here). The
// full page copy arrives with the public pages; the forms are final.
const pages = {
  "/get-leads": { heading: "Get More Quality Leads for Your Business", form: leadAuditForm },
  "/improve-website": { heading: "Turn Your Website into a Lead Machine", form: websiteAuditForm },
  "/marketing-coaching": { heading: "Marketing Coaching for Business Owners", form: coachingForm },
  "/home-services": { heading: "Get 50-80 New Leads Every Month", form: homeServicesForm },
  "/personal-injury": { heading: "More Signed Cases for Personal Injury Law Firms", form: personalInjuryForm },
  ...Object.fromEntries(
    trades.map((t) => [t.path, { heading: `${t.label} Marketing That Fills Your Schedule`, form: tradeContactForm(t.trade, t.label) }]),
  ),
} as const satisfies Record<string, { heading: string; form: ReturnType<typeof tradeContactForm> }>;

function pageAt(pathname: string) {
  return pages[pathname as keyof typeof pages] ?? pages["/get-leads"];
}

export function meta({ location }: Route.MetaArgs) {
  const page = pageAt(location.pathname);
  return [{ title: `${page.heading} | ${siteConfig.companyName}` }, { name: "description", content: page.form.title }];
}

export default function LeadFormPage() {
  const page = pageAt(useLocation().pathname);
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">{page.heading}</h1>
      <ShortLeadForm {...page.form} className="mt-10" />
    </section>
  );
}
