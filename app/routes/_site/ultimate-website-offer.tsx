import { pageMeta } from "../../lib/seo.ts";

// Placeholder until the page's full copy is written.
export function meta() {
  return pageMeta({ title: 'Website Upgrade Offer', description: 'Upgrade your website in one week.', path: '/ultimate-website-offer' });
}

export default function UltimateWebsiteOffer() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">Ready to Upgrade Your Website? Let's Transform Your Online Presence</h1>
    </section>
  );
}
