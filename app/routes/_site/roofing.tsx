import { ShortLeadForm } from "../../components/forms/short-lead-form.tsx";
import { tradeContactForm } from "../../config/lead-forms.ts";
import { pageMeta } from "../../lib/seo.ts";

// Placeholder until the page's full copy is written.
export function meta() {
  return pageMeta({ title: 'SEO for Roofing Companies', description: 'SEO for roofers.', path: '/SEO-For-Roofing-Companies' });
}

export default function Roofing() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">SEO for Roofing Companies</h1>
      <ShortLeadForm {...tradeContactForm("roofing", "Roofing")} className="mt-10" />
    </section>
  );
}
