import "../lib/zod-without-eval.ts";
// Before any component adds a style element.
import "./csp-nonce.ts";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { createBrowserRouter, Navigate, RouterProvider } from "react-router";
import { Toaster } from "../components/ui/toaster.tsx";
import { createQueryClient } from "../lib/api-client.ts";
import { applyLiveUpdates } from "./live-updates.ts";
import { registerAdminServiceWorker } from "./push-device.ts";
import { SignedInLayout } from "./routes/admin-layout.tsx";
import { AdminNotFound } from "./routes/admin-not-found.tsx";
import { Dashboard } from "./routes/dashboard.tsx";
import { DeliveriesPage } from "./routes/deliveries.tsx";
import { LeadDetailPage } from "./routes/lead-detail/lead-detail-page.tsx";
import { LeadInbox } from "./routes/lead-inbox.tsx";
import { AdminLogin } from "./routes/login.tsx";
import { SettingsPage } from "./routes/settings.tsx";
import { AccountPage } from "./routes/account/account-page.tsx";
import { SetupSecondFactorPage } from "./routes/account/setup-second-factor-page.tsx";
import { ReportsPage } from "./routes/reports/reports-page.tsx";
import { SpendPage } from "./routes/reports/spend-page.tsx";
import { ActivityPage } from "./routes/activity/activity-page.tsx";
import { InvitationPage } from "./routes/links/invitation-page.tsx";
import { ForgotPasswordPage, ResetPasswordPage } from "./routes/links/password-reset-pages.tsx";
import { TeamPage } from "./routes/team/team-page.tsx";
import { PostsPage } from "./routes/content/posts-page.tsx";
import { PageEditorPage } from "./routes/content/page-editor-page.tsx";
import { PagesPage } from "./routes/content/pages-page.tsx";
import { SiteSettingsPage } from "./routes/content/site-settings-page.tsx";
import { endSessionOnUnauthorized } from "./session.ts";

// The admin: a single-page app on its own page (app/pages/admin/index.astro, served for every /admin/*
// path). React Router in data mode picks the screen; the signed-in screens share one layout that
// guards them. Nothing on the public site imports this folder.

const loadPostEditor = () =>
  import("./routes/content/post-editor-page.tsx").then((module) => ({ Component: module.PostEditorPage }));

const router = createBrowserRouter([
  { path: "/admin", element: <Navigate to="/admin/submissions" replace /> },
  { path: "/admin/login", element: <AdminLogin /> },
  // The team's e-mailed links (issue 23): no session needed. Their token is after the # (issue 32): a path
  // holding it (the old /admin/invitation/<token>) matches nothing here.
  { path: "/admin/invitation", element: <InvitationPage /> },
  { path: "/admin/forgot-password", element: <ForgotPasswordPage /> },
  { path: "/admin/reset-password", element: <ResetPasswordPage /> },
  {
    element: <SignedInLayout />,
    children: [
      { path: "/admin/submissions", element: <Dashboard /> },
      { path: "/admin/leads/:kind", element: <LeadInbox /> },
      { path: "/admin/leads/:kind/:id", element: <LeadDetailPage /> },
      { path: "/admin/deliveries", element: <DeliveriesPage /> },
      { path: "/admin/settings", element: <SettingsPage /> },
      { path: "/admin/team", element: <TeamPage /> },
      { path: "/admin/activity", element: <ActivityPage /> },
      { path: "/admin/reports", element: <ReportsPage /> },
      { path: "/admin/reports/spend", element: <SpendPage /> },
      { path: "/admin/account", element: <AccountPage /> },
      // The site's content (issue 37). The article editor loads on demand: the rich editor (Tiptap) stays out
      // of the bundle every other screen loads.
      { path: "/admin/content", element: <Navigate to="/admin/content/posts" replace /> },
      { path: "/admin/content/posts", element: <PostsPage /> },
      { path: "/admin/content/posts/:id", lazy: loadPostEditor },
      { path: "/admin/content/pages", element: <PagesPage /> },
      // A page's key may hold a slash (services/seo): the rest of the address is the key.
      { path: "/admin/content/pages/*", element: <PageEditorPage /> },
      { path: "/admin/content/site", element: <SiteSettingsPage /> },
      { path: "/admin/setup-second-factor", element: <SetupSecondFactorPage /> },
      { path: "*", element: <AdminNotFound /> },
    ],
  },
]);

export function AdminApp() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    applyLiveUpdates(client);
    return client;
  });
  useEffect(() => endSessionOnUnauthorized(queryClient), [queryClient]);
  // The push service worker (issue 36), at every start: a new version is picked up, and a device whose
  // browser dropped the worker gets it back. It caches nothing and has no fetch handler; without service
  // workers (plain http, old browsers) nothing happens.
  useEffect(() => void registerAdminServiceWorker(), []);
  useEffect(() => {
    // Back from the public site the browser may restore this page as it was (back/forward cache): what
    // changed meanwhile (a new lead, the session) is fetched again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void queryClient.invalidateQueries();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
