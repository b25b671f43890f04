import { useLocation } from "react-router";
import { ServiceInquiryForm } from "../../components/forms/service-inquiry-form.tsx";
import { services } from "../../config/services.ts";
import { siteConfig } from "../../config/site.ts";
import type { Route } from "./+types/service-page";

// One module serves the six service routes (app/routes.ts); the path says which service.
function serviceAt(pathname: string) {
  return services.find((service) => service.path === pathname) ?? services[0];
}

export function meta({ location }: Route.MetaArgs) {
  const service = serviceAt(location.pathname);
  return [
    { title: `${service.name} | ${siteConfig.companyName}` },
    { name: "description", content: `${service.name} for local businesses that want more leads.` },
  ];
}

export default function ServicePage() {
  const service = serviceAt(useLocation().pathname);
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">{service.name}</h1>
      <ServiceInquiryForm formName={`service-${service.slug}`} className="mt-12" />
    </section>
  );
}
