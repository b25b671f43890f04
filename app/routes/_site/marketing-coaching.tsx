import { ShortLeadForm } from "../../components/forms/short-lead-form.tsx";
import { coachingForm } from "../../config/lead-forms.ts";
import { pageMeta } from "../../lib/seo.ts";

// Placeholder until the page's full copy is written.
export function meta() {
  return pageMeta({ title: 'Marketing Coaching', description: 'Free strategy session.', path: '/marketing-coaching' });
}

export default function MarketingCoaching() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">Marketing Coaching for Business Owners</h1>
      <ShortLeadForm {...coachingForm} className="mt-10" />
    </section>
  );
}
