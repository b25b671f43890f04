import { resolve } from "node:path";
import fp from "fastify-plugin";
import { moduleReader } from "../../lib/page-modules.ts";
import { loadSiteRenderer, seedSource, SitePages, type ContentSource } from "../../site/page-renderer.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The public pages, rendered from the published content (issue 37); null when the client folder has no
     * renderer beside it (the API alone, or a test's hand-made folder of HTML files).
     */
    sitePages: SitePages | null;
  }
}

/**
 * Loads the build's renderer (build/server/entry.mjs) and serves its pages from the published content: the
 * database's (server/content/) when the content plugin is registered, else the build's own seed.
 */
export default fp(
  async (app) => {
    const clientDir = resolve(app.config.clientDir);
    const renderer = await loadSiteRenderer(clientDir);
    if (!renderer) {
      app.decorate("sitePages", null);
      return;
    }
    const withContent = app as typeof app & { contentSource?: ContentSource };
    const source = withContent.contentSource ?? seedSource(renderer);
    const pages = new SitePages(renderer, source, moduleReader(clientDir));
    app.decorate("sitePages", pages);
    // A listening server renders every page once, in the background, so its first visitors find them ready.
    app.addHook("onListen", async () => {
      pages.warm().catch((error: unknown) => app.log.warn({ err: error }, "the pages could not be rendered ahead"));
    });
  },
  { name: "site-pages", dependencies: ["database"] },
);
