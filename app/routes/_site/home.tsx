import { Link } from "react-router";
import { siteConfig } from "../../config/site.ts";
import type { Route } from "./+types/home";

export function meta(_: Route.MetaArgs) {
  return [
    { title: `${siteConfig.companyName} | Get Local Leads on Autopilot` },
    { name: "description", content: siteConfig.tagline },
  ];
}

export default function Home() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-20">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">Get Local Leads on Autopilot</h1>
      <p className="mt-6 max-w-2xl text-lg text-slate-700">
        SEO and lead generation for plumbers, HVAC companies and roofers who want a phone that rings with real jobs.
      </p>
      <div className="mt-8 flex flex-wrap gap-4">
        <Link to="/get-leads" className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900">
          Get Leads
        </Link>
        <Link to="/improve-website" className="rounded-md border border-brand-700 px-5 py-3 font-semibold text-brand-700">
          Improve my Website
        </Link>
        <Link to="/marketing-coaching" className="rounded-md border border-brand-700 px-5 py-3 font-semibold text-brand-700">
          Get Marketing Coaching
        </Link>
      </div>
    </section>
  );
}
