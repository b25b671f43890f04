import type { FastifyError, FastifyInstance } from "fastify";
import { resolve } from "node:path";
import { pageViewBeacon } from "../../../contract/reports.ts";
import { InputValidationError, parseInput } from "../../lib/request-errors.ts";
import { sendTooManyRequests } from "../../lib/too-many-requests.ts";
import { createViewLimiter, viewRules } from "../../reports/page-view-rules.ts";
import { prerenderedPaths } from "../client.ts";

// POST /api/views (issue 24): one page view, from the page's navigator.sendBeacon (text/plain) or fetch
// (JSON). It counts in memory (reports/page-views.ts), written every few seconds; it answers 204 whether
// or not the view counted (a bot, an admin, GPC or DNT: not counted), 400 for a body that is not a view,
// 429 past the per-address limit. No cookie is set or read for counting, and nothing about the visitor is kept.

export const VIEW_BODY_LIMIT_BYTES = 1024;
export const PAGE_VIEWS_PATH = "/api/views";

export default async function pageViewRoutes(app: FastifyInstance) {
  const { pageViews } = app.repositories;
  const limiter = createViewLimiter(app.clock);
  const uncounted = viewRules(app.config.session.cookieName);
  // The site's pages as built: a view of any other path is not counted, so the table stays bounded. With
  // no client built (the API alone), any path of the right shape counts.
  // Rendered pages (issue 37): the paths of the content published now, so a new article counts at once.
  const builtPages = new Set(
    [...prerenderedPaths(resolve(app.config.clientDir)).keys()].filter((path) => path !== "/admin"),
  );
  const isSitePage = async (path: string) => {
    if (app.sitePages) return (await app.sitePages.paths()).has(path);
    return builtPages.size === 0 ? !path.startsWith("/admin") && !path.startsWith("/api/") : builtPages.has(path);
  };

  // This plugin is encapsulated: its parser reads the beacon's text/plain body as JSON, for this route only.
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new InputValidationError("The page view is not valid JSON.", { body: "is not JSON" }), undefined);
    }
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
      return reply.code(413).send({ message: `A page view is at most ${VIEW_BODY_LIMIT_BYTES} bytes.` });
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
      return reply.code(415).send({ message: "Send the page view with Content-Type: text/plain or application/json." });
    throw error;
  });

  app.post(PAGE_VIEWS_PATH, { bodyLimit: VIEW_BODY_LIMIT_BYTES }, async (request, reply) => {
    if (app.config.rateLimit.enabled) {
      const waitMs = limiter.hit(request.ip);
      if (waitMs > 0) return sendTooManyRequests(reply, waitMs, "Too many page views.");
    }
    const view = parseInput(pageViewBeacon, request.body, "Invalid page view.");
    reply.header("cache-control", "no-store");
    if (uncounted(request.headers) !== null) return reply.code(204).send();
    const path = view.path.length > 1 ? view.path.replace(/\/+$/, "") : view.path;
    if (!(await isSitePage(path))) return reply.code(204).send();
    // An entrance: the visit came from elsewhere (or from nowhere: typed, bookmarked).
    const from = view.ref?.toLowerCase();
    pageViews.count(path, !from || from !== request.hostname.toLowerCase());
    return reply.code(204).send();
  });

  const flush = () =>
    pageViews.flush().catch((error: unknown) => {
      app.log.warn({ err: error }, "could not write the page-view counts; they wait for the next try");
    });
  const timer = setInterval(() => void flush(), app.config.pageViewFlushMs).unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await flush();
  });
}
