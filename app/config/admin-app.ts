import { siteConfig } from "./site.ts";

// The admin as an installable app (issue 36): its web app manifest (app/pages/admin/manifest.webmanifest.ts
// writes it at build time, so it carries the company name the admin's title shows) and what the admin page's
// head says alike. The icons (public/admin/icons/) are the favicon's mark, drawn once as PNGs.

/** The brand blue (app.css --color-brand-700): the installed app's title bar, and the admin page's theme-color. */
export const ADMIN_THEME_COLOR = "#1e40af";

export const ADMIN_MANIFEST_PATH = "/admin/manifest.webmanifest";
export const ADMIN_APPLE_TOUCH_ICON = "/admin/icons/apple-touch-icon.png";

export const adminManifest = {
  id: "/admin/",
  name: `${siteConfig.companyName} admin`,
  short_name: "Leads",
  description: "New leads, follow-ups and replies: the agency's admin.",
  lang: "en",
  // The dashboard (the admin's bare /admin redirects there too).
  start_url: "/admin/submissions",
  scope: "/admin/",
  display: "standalone",
  theme_color: ADMIN_THEME_COLOR,
  background_color: "#ffffff",
  icons: [
    { src: "/admin/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/admin/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/admin/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};
