import { ShortLeadForm } from "../../components/forms/short-lead-form.tsx";
import { homeServicesForm } from "../../config/lead-forms.ts";
import { pageMeta } from "../../lib/seo.ts";

// Placeholder until the page's full copy is written.
export function meta() {
  return pageMeta({ title: 'Home Services Marketing', description: 'Local marketing for home-service businesses.', path: '/home-services' });
}

export default function HomeServices() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">Get 50-80 New Leads Every Month</h1>
      <ShortLeadForm {...homeServicesForm} className="mt-10" />
    </section>
  );
}
