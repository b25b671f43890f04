import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { services } from "./config/services.ts";

// Every URL of the product is declared here and nowhere else.
// /ultimate-pitch carries the offer page with packages (the articles' "Our Ultimate Offer");
// /ultimate-website-offer carries the website upgrade landing page (the SEO page's and articles' link).
export default [
  layout("routes/_site/site-layout.tsx", [
    index("routes/_site/home.tsx"),
    route("about", "routes/_site/about.tsx"),
    route("ultimate-pitch", "routes/_site/ultimate-pitch.tsx"),
    route("ultimate-website-offer", "routes/_site/ultimate-website-offer.tsx"),
    route("privacy-policy", "routes/_site/privacy-policy.tsx"),
    route("blog", "routes/_site/blog/blog-index.tsx"),
    route("blog/:slug", "routes/_site/blog/blog-article.tsx"),
    // Pages with a lead form get the query client and toasts (kept out of the other pages' JavaScript).
    layout("routes/_site/lead-capture-layout.tsx", [
      route("services", "routes/_site/services.tsx"),
      ...services.map((service) => route(service.path.slice(1), "routes/_site/service-page.tsx", { id: `service-${service.slug}` })),
      route("contact", "routes/_site/contact.tsx"),
      route("get-leads", "routes/_site/get-leads.tsx"),
      route("improve-website", "routes/_site/improve-website.tsx"),
      route("marketing-coaching", "routes/_site/marketing-coaching.tsx"),
      route("home-services", "routes/_site/home-services.tsx"),
      route("personal-injury", "routes/_site/personal-injury.tsx"),
      route("plumbing", "routes/_site/plumbing.tsx"),
      route("SEO-For-Roofing-Companies", "routes/_site/roofing.tsx"),
      route("hvac", "routes/_site/hvac.tsx"),
    ]),
    // The catch-all is part of the public frame so the 404 page has the header and footer.
    route("*", "routes/_site/not-found.tsx"),
  ]),
  // The RSS feed: a resource route, prerendered to build/client/blog/rss.xml.
  route("blog/rss.xml", "routes/_site/blog/rss.ts"),
] satisfies RouteConfig;
