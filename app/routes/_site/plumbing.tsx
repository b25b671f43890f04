import { ShortLeadForm } from "../../components/forms/short-lead-form.tsx";
import { tradeContactForm } from "../../config/lead-forms.ts";
import { pageMeta } from "../../lib/seo.ts";

// Placeholder until the page's full copy is written.
export function meta() {
  return pageMeta({ title: 'Plumbing Marketing', description: 'Marketing for plumbers.', path: '/plumbing' });
}

export default function Plumbing() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">Plumbing Marketing That Fills Your Schedule</h1>
      <ShortLeadForm {...tradeContactForm("plumbing", "Plumbing")} className="mt-10" />
    </section>
  );
}
