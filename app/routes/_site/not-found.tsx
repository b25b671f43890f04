import { Link } from "react-router";

export function meta() {
  return [{ title: "404 Page Not Found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-4 text-slate-700">Did you forget to add the page to the router?</p>
      <p className="mt-8">
        <Link to="/" className="font-semibold text-brand-700 underline">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}
