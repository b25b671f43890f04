import { pageMeta } from "../../lib/seo.ts";

// Placeholder until the page's full copy is written.
export function meta() {
  return pageMeta({ title: 'Ultimate SEO Packages', description: 'Three SEO packages with a top 5 ranking guarantee.', path: '/ultimate-pitch' });
}

export default function UltimatePitch() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">Our Ultimate SEO Packages</h1>
    </section>
  );
}
