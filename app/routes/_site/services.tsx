import { Link } from "react-router";
import { ContactForm } from "../../components/forms/contact-form.tsx";
import { services } from "../../config/services.ts";
import { siteConfig } from "../../config/site.ts";

export function meta() {
  return [
    { title: `Digital Marketing Services | ${siteConfig.companyName}` },
    { name: "description", content: "SEO, paid ads, websites, social media, email and podcast marketing for local businesses." },
  ];
}

export default function Services() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">Our Services</h1>
      <div className="mt-10 grid gap-10 lg:grid-cols-2">
        <ContactForm formName="services-hero" />
        <div>
          <h2 className="text-xl font-semibold">What to Expect</h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700">
            {services.map((service) => (
              <li key={service.slug}>
                <Link className="text-brand-700 underline" to={service.path}>
                  {service.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
