import { ShortLeadForm } from "../../components/forms/short-lead-form.tsx";
import { leadAuditForm } from "../../config/lead-forms.ts";
import { pageMeta } from "../../lib/seo.ts";

// Placeholder until the page's full copy is written.
export function meta() {
  return pageMeta({ title: 'Get More Quality Leads', description: 'Free lead audit.', path: '/get-leads' });
}

export default function GetLeads() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">Get More Quality Leads for Your Business</h1>
      <ShortLeadForm {...leadAuditForm} className="mt-10" />
    </section>
  );
}
