import { ShortLeadForm } from "../../components/forms/short-lead-form.tsx";
import { websiteAuditForm } from "../../config/lead-forms.ts";
import { pageMeta } from "../../lib/seo.ts";

// Placeholder until the page's full copy is written.
export function meta() {
  return pageMeta({ title: 'Free Website Audit', description: 'Free website audit.', path: '/improve-website' });
}

export default function ImproveWebsite() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">Turn Your Website into a Lead Machine</h1>
      <ShortLeadForm {...websiteAuditForm} className="mt-10" />
    </section>
  );
}
