import { pageHead, type PageHead } from "../lib/seo.ts";

// Not indexed, and its canonical is never listed in the sitemap (the server lists indexable pages only).
/** Built at render time: the company name and phone are the published site settings (issue 37). */
export const head = (): PageHead => ({
  ...pageHead({ title: "404 Page Not Found", description: "This page does not exist.", path: "/404", noindex: true }),
  title: "404 Page Not Found",
});

export default function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-4 text-slate-700">Did you forget to add the page to the router?</p>
      <p className="mt-8">
        <a href="/" className="font-semibold text-brand-700 underline">
          Back to the home page
        </a>
      </p>
    </section>
  );
}
