import { liveBusiness } from "../../content/live-business.ts";
import type { FastifyContextConfig, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { confirmationToken } from "../../../contract/notification-settings.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, unavailableReason } from "../../db/unavailable.ts";
import { sendServerPage, type ServerPage } from "../../site/server-page.ts";
import { crossSiteOrigin, type CrossSiteConfig } from "../../plugins/app/origin-check.ts";
import { confirmedPage, confirmPage, linkProblemPage, linkProblems, type LinkProblem } from "./confirm-pages.ts";

// An address's confirmation link (contract/notification-settings.ts): GET /notifications/confirm?token=…
// shows the address and a Confirm button; the button's POST confirms. A GET never confirms: mail scanners
// and link previews fetch links. No sign-in: the address may be an assistant's. Pages, never JSON; the
// page's policy allows its own style element by hash (lib/content-security-policy.ts), and the token stays
// out of any Referer.

export const CONFIRM_PATH = "/notifications/confirm";

export default async function notificationConfirmRoutes(app: FastifyInstance) {
  // The site's published name and phone (issue 37), read at most once a second before each request.
  const { business, refresh } = liveBusiness(app);
  app.addHook("onRequest", refresh);
  const { notificationSettings } = app.repositories;

  // The plain frame: the site's runs the analytics, and the token is in this page's address.
  const page = (reply: FastifyReply, status: number, serverPage: ServerPage) =>
    sendServerPage(app, reply.header("referrer-policy", "no-referrer"), status, business, serverPage, { frame: false });
  const problem = (reply: FastifyReply, which: LinkProblem) =>
    page(reply, which.status, linkProblemPage(business, which));

  // This route alone reads a form body here (the plugin's scope); the server's body limit applies.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });

  const pageOnError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: unavailableReason(error) }, "the database is unavailable; answered 503");
      reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return problem(reply, linkProblems.unavailable);
    }
    if ((error.statusCode ?? 500) < 500) return problem(reply, linkProblems.unreadable);
    request.log.error({ err: error }, "request failed");
    return problem(reply, linkProblems.failed);
  };
  // Fastify types a route's errorHandler as returning nothing; the page is sent before pageOnError returns.
  const errorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    void pageOnError(error, request, reply);

  app.get<{ Querystring: { token?: unknown } }>(CONFIRM_PATH, { errorHandler }, async (request, reply) => {
    const token = confirmationToken.safeParse(request.query.token);
    if (!token.success) return problem(reply, linkProblems.unknown);
    const link = await notificationSettings.linkState(token.data, app.clock());
    if (link.state === "unknown") return problem(reply, linkProblems.unknown);
    if (link.state === "expired") return problem(reply, linkProblems.expired);
    if (link.state === "confirmed") return problem(reply, linkProblems.used(link.address));
    return page(reply, 200, confirmPage(business, link.address, token.data, CONFIRM_PATH));
  });

  // The origin check answers pages here (crossSite "page"): the same rule as the plugin's, with the
  // Referer when a privacy setting sends no Origin, as for the site's forms.
  // (No rate limit: a token is 256 random bits, and a wrong one changes nothing.)
  const config = { crossSite: "page" } satisfies CrossSiteConfig as FastifyContextConfig;
  app.post(CONFIRM_PATH, { config, errorHandler }, async (request, reply) => {
    const foreign = crossSiteOrigin(request, app.config.siteOrigin, { refererFallback: true });
    if (foreign !== null) {
      request.log.warn({ origin: foreign }, "refused a cross-site confirmation");
      return problem(reply, linkProblems.crossSite);
    }
    if (!(request.body instanceof URLSearchParams)) return problem(reply, linkProblems.unreadable);
    const token = confirmationToken.safeParse(request.body.get("token"));
    if (!token.success) return problem(reply, linkProblems.unknown);
    const result = await notificationSettings.confirm(token.data, app.clock());
    if (result.outcome === "unknown") return problem(reply, linkProblems.unknown);
    if (result.outcome === "expired") return problem(reply, linkProblems.expired);
    if (result.outcome === "used") return problem(reply, linkProblems.used(result.address));
    request.log.info("an address for new leads was confirmed");
    return page(reply, 200, confirmedPage(business, result.address));
  });
}
