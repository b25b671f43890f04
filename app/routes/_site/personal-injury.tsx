import { ShortLeadForm } from "../../components/forms/short-lead-form.tsx";
import { personalInjuryForm } from "../../config/lead-forms.ts";
import { pageMeta } from "../../lib/seo.ts";

// Placeholder until the page's full copy is written.
export function meta() {
  return pageMeta({ title: 'Personal Injury Law Firm Marketing', description: 'Marketing for personal injury law firms.', path: '/personal-injury' });
}

export default function PersonalInjury() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">More Signed Cases for Personal Injury Law Firms</h1>
      <ShortLeadForm {...personalInjuryForm} className="mt-10" />
    </section>
  );
}
