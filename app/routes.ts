import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Every URL of the product is declared here and nowhere else.
export default [
  layout("routes/_site/site-layout.tsx", [
    index("routes/_site/home.tsx"),
    // The catch-all is part of the public frame so the 404 page has the header and footer.
    route("*", "routes/_site/not-found.tsx"),
  ]),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/submissions", "routes/admin/submissions.tsx"),
] satisfies RouteConfig;
