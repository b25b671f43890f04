import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { AnalyticsTracker } from "./components/analytics-tracker.tsx";
import { ScrollManager } from "./components/scroll-manager.tsx";

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Digital Marketing Insights", href: "/blog/rss.xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <ScrollManager />
      <AnalyticsTracker />
    </>
  );
}

/** What the SPA fallback (admin pages) shows until the client has rendered the route. */
export function HydrateFallback() {
  return (
    <p className="p-8 text-center text-slate-600" role="status">
      Loading...
    </p>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-bold">{message}</h1>
      <p className="mt-4">
        Please reload the page. If it keeps happening, <a className="underline" href="/contact">contact us</a>.
      </p>
    </main>
  );
}
