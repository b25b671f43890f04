import { resolve } from "node:path";
import type { Server } from "node:http";
import Fastify, { type FastifyError, type FastifyHttpOptions } from "fastify";
import { trustProxyHopsWarning, type ServerConfig } from "./config.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, unavailableReason } from "./db/unavailable.ts";
import type { Agent } from "node:https";
import type { SeedContent } from "../contract/content.ts";
import type { LogDestination } from "./lib/log-destination.ts";
import { serializeError, serializeRequest, withoutEmailAddresses } from "./lib/log-safety.ts";
import { InputValidationError } from "./lib/request-errors.ts";
import { REQUEST_ID_HEADER, RequestLogController, requestIdOf } from "./lib/request-log.ts";
import accountMail from "./plugins/app/account-mail.ts";
import accountThrottle from "./plugins/app/account-throttle.ts";
import adminBootstrap from "./plugins/app/admin-bootstrap.ts";
import adminSessions from "./plugins/app/admin-sessions.ts";
import content from "./plugins/app/content.ts";
import leadReplies from "./plugins/app/lead-replies.ts";
import inboundMail from "./plugins/app/inbound-mail.ts";
import database from "./plugins/app/database.ts";
import drain from "./plugins/app/drain.ts";
import metrics from "./plugins/app/metrics.ts";
import delivery from "./plugins/app/delivery.ts";
import morningEmail from "./plugins/app/morning-email.ts";
import originCheck from "./plugins/app/origin-check.ts";
import repositories from "./plugins/app/repositories.ts";
import sitePages from "./plugins/app/site-pages.ts";
import { loadSiteRenderer, type SiteRendererModule } from "./site/page-renderer.ts";
import spamGuard from "./plugins/app/spam-guard.ts";
import sweeps from "./plugins/app/sweeps.ts";
import compression from "./plugins/external/compression.ts";
import cookie from "./plugins/external/cookie.ts";
import helmet from "./plugins/external/helmet.ts";
import rateLimit from "./plugins/external/rate-limit.ts";
import adminDeliveryRoutes from "./routes/api/admin-deliveries.ts";
import adminLeadRoutes from "./routes/api/admin-leads.ts";
import adminReplyRoutes from "./routes/api/admin-replies.ts";
import adminBusinessHoursRoutes from "./routes/api/admin-business-hours.ts";
import adminChatSettingsRoutes from "./routes/api/admin-chat-settings.ts";
import adminContentRoutes from "./routes/api/admin-content.ts";
import contentPreviewRoutes from "./routes/content-preview.ts";
import adminMediaRoutes from "./routes/api/admin-media.ts";
import adminInboundRoutes from "./routes/api/admin-inbound.ts";
import adminNotificationSettingsRoutes from "./routes/api/admin-notification-settings.ts";
import adminSessionRoutes from "./routes/api/admin-session.ts";
import adminTeamRoutes from "./routes/api/admin-team.ts";
import adminActivityRoutes from "./routes/api/admin-activity.ts";
import adminReportRoutes from "./routes/api/admin-reports.ts";
import adminSavedViewRoutes from "./routes/api/admin-saved-views.ts";
import adminSpendRoutes from "./routes/api/admin-spend.ts";
import pageViewRoutes from "./routes/api/page-views.ts";
import adminTwoFactorRoutes from "./routes/api/admin-two-factor.ts";
import adminPasskeyRoutes from "./routes/api/admin-passkeys.ts";
import adminPushRoutes from "./routes/api/admin-push.ts";
import adminPasswordResetRoutes from "./routes/api/admin-password-reset.ts";
import cspReportRoutes from "./routes/api/csp-reports.ts";
import leadFormRoutes from "./routes/api/lead-forms.ts";
import clientRoutes from "./routes/client.ts";
import formPostRoutes from "./routes/forms/form-posts.ts";
import healthRoutes from "./routes/health.ts";
import mediaRoutes from "./routes/media.ts";
import notificationConfirmRoutes from "./routes/notifications/confirm.ts";

/** 32 KB: far above any real form, far below anything that could hurt. */
export const BODY_LIMIT_BYTES = 32 * 1024;

/**
 * A connection on which no byte moves either way for this long is closed: it catches a client that stops
 * reading its answer, which no request timeout covers. Far above any handler we have (a CSV export of
 * 100,000 leads takes seconds).
 */
export const SOCKET_IDLE_TIMEOUT_MS = 60_000;
/** How often Node looks for requests past their headers or request timeout (its default, 30 s, would let a
 * 30 s request timeout cut only after up to a minute). */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** The Fastify options of production and of the tests: one object, so both run the same server. */
export function createServerOptions(config: ServerConfig, logDestination?: LogDestination): FastifyHttpOptions<Server> {
  return {
    logger: {
      level: config.logLevel,
      // The production server's own stdout writer (lib/log-destination.ts), else pino's default.
      ...(logDestination ? { stream: logDestination } : {}),
      // No personal data at any level (lib/log-safety.ts): session cookies and credentials never reach the
      // logs, bodies and query strings are not logged at all, errors keep only fields that say what went
      // wrong, and an e-mail address that slips into a line anyway is masked as the line is written.
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      serializers: { err: serializeError, req: serializeRequest },
      hooks: { streamWrite: withoutEmailAddresses },
    },
    // One line per request, at its answer, with its id (lib/request-log.ts).
    logController: new RequestLogController(),
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Graceful shutdown: idle keep-alive sockets are closed, in-flight requests finish.
    forceCloseConnections: "idle",
    // Slow clients cannot hold a connection: the whole request (headers and body) must arrive within
    // requestTimeout and its headers within headersTimeout, else 408 and the connection closes; an idle
    // kept-alive connection closes after keepAliveTimeout. Behind a proxy that reuses connections to us,
    // keepAliveTimeout must exceed the proxy's idle timeout (docs/serving.md, "Origins and proxies").
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    connectionTimeout: SOCKET_IDLE_TIMEOUT_MS,
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    // The database plugin waits for the database, then applies migrations before the server listens;
    // one that rewrites every lead (0005-csv-lines) takes about 10 s per 100,000 leads here, past
    // Fastify's default of 10 s.
    pluginTimeout: config.databaseStartupTimeoutMs + 10 * 60_000,
  };
}

/**
 * Messages for the body-parsing failures Fastify raises before a route runs. A JSON body that does not
 * parse is a bad request (400); 415 is only for a body that is not JSON at all.
 */
function bodyError(error: FastifyError): { status: number; message: string } | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { status: 415, message: "Send the request body as JSON with Content-Type: application/json." };
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { status: 400, message: "The request body is not valid JSON." };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { status: 400, message: "The request body is empty; send a JSON object." };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, message: `The request body is larger than ${BODY_LIMIT_BYTES / 1024} KB.` };
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return { status: 400, message: "The Content-Length header does not match the body." };
  }
  // Fastify's JSON parser reports malformed JSON as a SyntaxError with status 400.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { status: 400, message: "The request body is not valid JSON." };
  }
  return undefined;
}

/**
 * What tests may replace: the one clock of every time-based rule (rate-limit windows, spam guard, key and
 * session expiry) and of every stored time (leads, notes, changes, sessions); tests/helpers/test-clock.ts.
 */
/**
 * `clock`: the tests' time; `logDestination`: the production server's stdout (lib/log-destination.ts);
 * `pushAgent`: how pushes reach a test's local push service (its self-signed certificate);
 * `chatTestOrigins`: a test's local receivers (http://127.0.0.1:<port>), taken as any chat service's webhook
 * address (contract/chat-channel.ts); `contentSeed`: the site's content as its files hold it, written to the
 * database once, at the first start (server/content/); by default the build's renderer's (null: nothing to
 * seed); `siteRenderer`: the public pages' renderer (server/site/page-renderer.ts), by default the one built
 * beside CLIENT_DIR (null: none; tests pass a small one). Only code sets them: no variable or request reaches them.
 */
export type AppOptions = {
  clock?: () => Date;
  logDestination?: LogDestination;
  pushAgent?: Agent;
  chatTestOrigins?: readonly string[];
  contentSeed?: () => Promise<SeedContent | null>;
  siteRenderer?: SiteRendererModule | null;
};

/** TRUST_PROXY=true believes any X-Forwarded-For, so every client could pick the address it is limited by. */
export const TRUST_PROXY_TRUE_WARNING =
  "TRUST_PROXY=true trusts X-Forwarded-For from anyone, so any client can choose the address its rate limits count; set the number of proxies in front of the server (TRUST_PROXY=1) or their addresses instead";

export async function buildApp(config: ServerConfig, options: AppOptions = {}) {
  const app = Fastify(createServerOptions(config, options.logDestination));
  app.decorate("config", config);
  app.decorate("clock", options.clock ?? (() => new Date()));
  if (config.trustProxy === true) app.log.warn(TRUST_PROXY_TRUE_WARNING);
  const hopsWarning = trustProxyHopsWarning(config);
  if (hopsWarning) app.log.warn(hopsWarning);
  // Every answer names its request id, so a visitor's or a proxy's report finds its log line.
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // The API speaks JSON only; Fastify would otherwise hand text/plain bodies to the routes as strings.
  app.removeContentTypeParser("text/plain");

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof InputValidationError) return reply.code(400).send(error.toJSON());
    const known = bodyError(error);
    if (known) return reply.code(known.status).send({ message: known.message });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // A database outage is a state, not a bug: the client may retry (only server-side errors count:
      // a visitor's broken upload carries ECONNRESET too, with status 400).
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ reason: unavailableReason(error) }, "the database is unavailable; answered 503");
        reply.header("retry-after", String(RETRY_AFTER_SECONDS));
        return reply
          .code(503)
          .send({ message: "The service is briefly unavailable. Please try again in a few seconds." });
      }
      // Details stay in the log; the client learns only that it was our fault.
      request.log.error({ err: error }, "request failed");
      return reply.code(500).send({ message: "Something went wrong on our side. Please try again." });
    }
    return reply.code(status).send({ message: error.message });
  });

  // External plugins, then the app's own, then routes.
  await app.register(helmet);
  await app.register(cookie);
  await app.register(compression);
  await app.register(drain);
  await app.register(database);
  await app.register(repositories);
  // Before every route, so its request counters see them all.
  await app.register(metrics);
  // Its counters are database rows, so it follows the repositories; routes register after it.
  await app.register(rateLimit);
  await app.register(accountThrottle);
  await app.register(adminSessions);
  await app.register(adminBootstrap);
  await app.register(spamGuard);
  await app.register(sweeps);
  await app.register(delivery, { pushAgent: options.pushAgent });
  await app.register(accountMail);
  await app.register(leadReplies);
  await app.register(inboundMail);
  await app.register(morningEmail);
  await app.register(originCheck);
  // The build's renderer seeds an empty database with today's files (issue 37) and renders the public pages.
  const renderer =
    options.siteRenderer !== undefined ? options.siteRenderer : await loadSiteRenderer(resolve(config.clientDir));
  await app.register(content, { seed: options.contentSeed ?? (renderer ? () => renderer.seedContent() : undefined) });
  // The public pages' renderer, after whatever provides the published content.
  await app.register(sitePages, { renderer });

  await app.register(healthRoutes);
  await app.register(leadFormRoutes);
  await app.register(formPostRoutes);
  await app.register(adminSessionRoutes);
  await app.register(adminTeamRoutes);
  await app.register(adminPasswordResetRoutes);
  await app.register(adminActivityRoutes);
  await app.register(adminReportRoutes);
  await app.register(pageViewRoutes);
  await app.register(adminTwoFactorRoutes);
  await app.register(adminPasskeyRoutes);
  await app.register(adminPushRoutes);
  await app.register(adminLeadRoutes);
  await app.register(adminReplyRoutes);
  await app.register(adminBusinessHoursRoutes);
  await app.register(adminSpendRoutes);
  await app.register(adminSavedViewRoutes);
  await app.register(adminChatSettingsRoutes, { testOrigins: options.chatTestOrigins ?? [] });
  await app.register(adminContentRoutes);
  await app.register(adminMediaRoutes);
  await app.register(adminInboundRoutes);
  await app.register(adminDeliveryRoutes);
  await app.register(adminNotificationSettingsRoutes);
  await app.register(notificationConfirmRoutes);
  await app.register(cspReportRoutes);
  // Before the client: /media/* are uploaded images, not files of the build nor its 404 page.
  await app.register(mediaRoutes);
  // Before the client: /admin/preview/* are drafts rendered for signed-in users, not the admin app.
  await app.register(contentPreviewRoutes);
  await app.register(clientRoutes);

  return app;
}
