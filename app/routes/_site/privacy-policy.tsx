import { pageMeta } from "../../lib/seo.ts";

// Placeholder until the page's full copy is written.
export function meta() {
  return pageMeta({ title: 'Privacy Policy', description: 'How we collect, use and protect the information you share with us.', path: '/privacy-policy' });
}

export default function PrivacyPolicy() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">Privacy Policy</h1>
    </section>
  );
}
