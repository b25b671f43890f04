import { readdirSync } from "node:fs";
import type { Config } from "@react-router/dev/config";

/** One page per Markdown file of content/blog/ (the file name is the slug). */
const blogPaths = readdirSync("content/blog")
  .filter((file) => file.endsWith(".md"))
  .map((file) => `/blog/${file.slice(0, -3)}`);

// Every public page is rendered to HTML at build time (no server rendering at run time). The admin
// pages are left to the SPA fallback. "/404" renders the catch-all route: the server sends it, with
// status 404, for every unknown path.
export default {
  ssr: false,
  // The browser tests build a variant (with a test analytics ID) into another folder: BUILD_DIR=build-e2e.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  async prerender({ getStaticPaths }) {
    const publicPaths = getStaticPaths().filter((path) => !path.startsWith("/admin"));
    return [...publicPaths, ...blogPaths, "/blog/rss.xml", "/404"];
  },
} satisfies Config;
