import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import type { AstroIntegration } from "astro";
import { defineConfig, passthroughImageService } from "astro/config";
import type { PluginOption } from "vite";
import { adminServiceWorker } from "./scripts/admin-service-worker.ts";
import { inlinePageScripts } from "./scripts/inline-page-scripts.ts";
import { serverRenderer } from "./scripts/astro-server-renderer.ts";

// The public site: every page is static HTML rendered at build time from our React components; only the
// islands (client:* directives) ship JavaScript. The admin is one more page, a client-only React app that
// the server returns for every /admin/* path (docs/decisions/020-astro-public-site-and-admin-spa.md).

// In development `astro dev` (http://localhost:3000) serves the site with hot reload and forwards /api,
// /healthz and /readyz to the API server that `npm run dev` starts on API_PORT.
const api = `http://127.0.0.1:${process.env.API_PORT ?? "3001"}`;

// A page's own <script> (with the shared chunks it imports) up to this size, minified, goes into the HTML
// instead of being requested: no request chain before the largest paint (docs/decisions/022).
const PAGE_SCRIPT_INLINE_LIMIT = 8 * 1024;

/**
 * The renderer carries everything it imports (React, our components, marked): the server runs it with
 * production dependencies only (issue 37: no development dependency on the server). At build only: `astro
 * dev` loads the packages as they are (bundled there, React's CommonJS breaks the dev server).
 */
const bundleTheRenderer: PluginOption = {
  name: "bundle-the-renderer",
  apply: "build",
  config: () => ({ ssr: { noExternal: true } }),
};

/** client:lead-form: a lead form's island wakes on first use, and its Send works before (app/client-directives/lead-form.ts). */
const leadFormDirective: AstroIntegration = {
  name: "lead-form-directive",
  hooks: {
    "astro:config:setup": ({ addClientDirective }) =>
      addClientDirective({ name: "lead-form", entrypoint: "./app/client-directives/lead-form.ts" }),
  },
};

export default defineConfig({
  srcDir: "app",
  publicDir: "public",
  // The browser tests build a variant (with a test analytics ID) into another folder: BUILD_DIR=build-e2e.
  // The public pages are rendered by our server from the published content (issue 37): the renderer goes to
  // <BUILD_DIR>/server, the browser's files to <BUILD_DIR>/client.
  outDir: process.env.BUILD_DIR ?? "build",
  output: "server",
  adapter: serverRenderer(),
  trailingSlash: "never",
  // The stylesheet is one hashed, immutable file that every page links: a visit pays for it once, and the
  // first page's LCP still holds (docs/decisions/037). CSS_DELIVERY=inline inlines it into every page
  // instead: bench:web builds that variant to compare (the three-page visit, the LCP).
  build: {
    format: "directory",
    assets: "assets",
    inlineStylesheets: process.env.CSS_DELIVERY === "inline" ? "always" : "never",
  },
  image: { service: passthroughImageService() },
  // The admin's service worker (push notifications, issue 36) at /admin/service-worker.js.
  integrations: [react(), leadFormDirective, adminServiceWorker()],
  devToolbar: { enabled: false },
  server: { port: Number(process.env.PORT ?? 3000) },
  vite: {
    plugins: [tailwindcss(), inlinePageScripts({ limit: PAGE_SCRIPT_INLINE_LIMIT }), bundleTheRenderer],
    build: {
      // Astro reads this limit for its scripts (see above); other assets (images, fonts) keep Vite's default.
      assetsInlineLimit: (filePath, content) =>
        filePath.endsWith(".js") ? content.byteLength < PAGE_SCRIPT_INLINE_LIMIT : undefined,
    },
    // Browser-visible settings are explicit and few: only PUBLIC_* variables reach the client.
    envPrefix: "PUBLIC_",
    server: { strictPort: true, proxy: { "/api": api, "/healthz": api, "/readyz": api } },
  },
});
