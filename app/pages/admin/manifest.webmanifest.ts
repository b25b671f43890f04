import type { APIRoute } from "astro";
import { adminManifest } from "../../config/admin-app.ts";

// Written to build/client/admin/manifest.webmanifest at build time (app/config/admin-app.ts says what it holds);
// the admin page links it, the public pages do not.
export const prerender = true;

export const GET: APIRoute = () =>
  new Response(`${JSON.stringify(adminManifest, null, 2)}\n`, {
    headers: { "Content-Type": "application/manifest+json" },
  });
