import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { services, trades } from "./config/services.ts";

// Every URL of the product is declared here and nowhere else.
const leadFormPaths = ["/get-leads", "/improve-website", "/marketing-coaching", "/home-services", "/personal-injury", ...trades.map((t) => t.path)];

export default [
  layout("routes/_site/site-layout.tsx", [
    index("routes/_site/home.tsx"),
    route("services", "routes/_site/services.tsx"),
    ...services.map((service) => route(service.path.slice(1), "routes/_site/service-page.tsx", { id: `service-${service.slug}` })),
    route("contact", "routes/_site/contact.tsx"),
    ...leadFormPaths.map((path) => route(path.slice(1), "routes/_site/lead-form-page.tsx", { id: `lead-form${path.replaceAll("/", "-")}` })),
    // The catch-all is part of the public frame so the 404 page has the header and footer.
    route("*", "routes/_site/not-found.tsx"),
  ]),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/submissions", "routes/admin/submissions.tsx"),
] satisfies RouteConfig;
