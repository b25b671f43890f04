import { resolve } from "node:path";
import fp from "fastify-plugin";
import { moduleReader } from "../../lib/page-modules.ts";
import { SitePages, type SiteRendererModule } from "../../site/page-renderer.ts";

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
 * Serves the renderer's pages (the build's, build/server/entry.mjs, loaded by buildApp) from the content the
 * database publishes (server/content/).
 */
export default fp<{ renderer: SiteRendererModule | null }>(
  async (app, { renderer }) => {
    if (!renderer) {
      app.decorate("sitePages", null);
      return;
    }
    const pages = new SitePages(
      renderer,
      { version: () => app.content.version(), load: () => app.content.loadPublished() },
      moduleReader(resolve(app.config.clientDir)),
    );
    app.decorate("sitePages", pages);
    // This instance's own change to what is live shows at once; the others read the version within a second.
    // Before the answer goes out, so the owner's next look at the site shows the change.
    app.addHook("onSend", async (request, reply, payload) => {
      if (request.method !== "GET" && request.url.startsWith("/api/admin/content/") && reply.statusCode < 300)
        await pages.refresh();
      return payload;
    });
    // A listening server renders every page once, in the background, so its first visitors find them ready.
    app.addHook("onListen", async () => {
      pages.warm().catch((error: unknown) => app.log.warn({ err: error }, "the pages could not be rendered ahead"));
    });
  },
  { name: "site-pages", dependencies: ["database", "content"] },
);
