import { pageMeta } from "../../lib/seo.ts";

// Placeholder until the page's full copy is written.
export function meta() {
  return pageMeta({ title: 'About Us', description: 'Who we are and how we work: a local lead-generation agency founded in 2025.', path: '/about' });
}

export default function About() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">About</h1>
    </section>
  );
}
