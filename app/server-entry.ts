import { createApp } from "astro/app/entrypoint";
import type { PublishedContent, SeedContent } from "../contract/content.ts";
import { services } from "./config/services.ts";
import { tradeKeys, trades } from "./config/industries.ts";
import { applySiteSettings } from "./config/site.ts";
import { listArticles } from "./content/blog-articles.ts";
import { applyPageCopy, editablePages } from "./content/page-copy.ts";
import { defaultContent } from "./content/site-content.ts";

// The public site's renderer, built by Astro into build/server/entry.mjs (scripts/astro-server-renderer.ts)
// and loaded by our Fastify server (server/site/page-renderer.ts), which keeps each page's HTML cached until
// the published content changes (issue 37, docs/decisions/044-content-rendered-by-the-server.md). Nothing here
// listens on a port or reads the database: the server hands in the content.

const app = createApp({ streaming: false });

export type RenderedPage = { status: number; body: string; contentType: string };

let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders one public path with this content. One render at a time: the components read the site's settings
 * from one module (app/config/site.ts), set for the render that runs.
 */
export function renderPage(
  path: string,
  content: PublishedContent,
  preview?: PublishedContent["posts"][number],
): Promise<RenderedPage> {
  const run = queue.then(async () => {
    applySiteSettings(content.site);
    applyPageCopy(content.pages);
    const response = await app.render(new Request(new URL(path, "http://localhost")), {
      locals: { content, ...(preview ? { previewPost: preview } : {}) },
    });
    return {
      status: response.status,
      body: await response.text(),
      contentType: response.headers.get("content-type") ?? "text/html; charset=utf-8",
    };
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * The frame of the pages the server writes itself (app/pages/server-page-frame.astro): rendered like any
 * page, never served at its path; the server fills in each page's title and content.
 */
export const FRAME_PATH = "/server-page-frame";
export { FRAME_MAIN_MARKER, FRAME_TITLE_MARKER } from "./views/server-page-frame.ts";

// The pages with a fixed path: every .astro file of app/pages/ but the dynamic ones, the admin, 404 and the server's frame.
const fixedPagePaths = Object.keys(import.meta.glob("./pages/**/*.astro"))
  .map((file) =>
    file
      .replace(/^\.\/pages/, "")
      .replace(/\.astro$/, "")
      .replace(/\/index$/, ""),
  )
  .filter((path) => !path.includes("[") && !path.startsWith("/admin") && path !== "/404" && path !== FRAME_PATH)
  .map((path) => path || "/");

/** Every public path the content has: the server renders these and answers any other with the 404 page. */
export function publicPaths(content: PublishedContent): string[] {
  return [
    ...fixedPagePaths,
    ...services.map((service) => service.path),
    ...tradeKeys.map((trade) => trades[trade].path),
    ...listArticles(content).map((article) => `/blog/${article.slug}`),
    "/blog/rss.xml",
  ];
}

/** The pages whose copy the owner edits, with their fields (the server validates a page's draft against them). */
export { editablePages };

/** The not-found page's path: rendered like any page, sent with status 404. */
export const NOT_FOUND_PATH = "/404";

/** What an empty database is seeded with on first start: today's articles and settings. */
export async function seedContent(): Promise<SeedContent> {
  const { site, posts } = await defaultContent();
  return { site, posts };
}
