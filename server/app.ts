import Fastify, { type FastifyError, type FastifyServerOptions } from "fastify";
import type { ServerConfig } from "./config.ts";
import { InputValidationError } from "./lib/request-errors.ts";
import adminBootstrap from "./plugins/app/admin-bootstrap.ts";
import adminSessions from "./plugins/app/admin-sessions.ts";
import database from "./plugins/app/database.ts";
import originCheck from "./plugins/app/origin-check.ts";
import repositories from "./plugins/app/repositories.ts";
import compression from "./plugins/external/compression.ts";
import security from "./plugins/external/security.ts";
import adminLeadRoutes from "./routes/api/admin-leads.ts";
import adminSessionRoutes from "./routes/api/admin-session.ts";
import contactSubmissionRoutes from "./routes/api/contact-submissions.ts";
import serviceInquiryRoutes from "./routes/api/service-inquiries.ts";
import clientRoutes from "./routes/client.ts";
import healthRoutes from "./routes/health.ts";

/** 32 KB: far above any real form, far below anything that could hurt. */
export const BODY_LIMIT_BYTES = 32 * 1024;

/** The Fastify options of production and of the tests: one object, so both run the same server. */
export function createServerOptions(config: ServerConfig): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      // Session cookies and credentials never reach the logs; bodies are not logged at all.
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Graceful shutdown: idle keep-alive sockets are closed, in-flight requests finish.
    forceCloseConnections: "idle",
    // The database plugin applies migrations before the server listens; one that rewrites every lead
    // (0005-csv-lines) takes about 10 s per 100,000 leads here, past Fastify's default of 10 s.
    pluginTimeout: 10 * 60_000,
  };
}

/** Messages for the body-parsing failures Fastify raises before a route runs. */
function bodyError(error: FastifyError): { status: number; message: string } | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { status: 415, message: "Send the request body as JSON with Content-Type: application/json." };
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { status: 415, message: "The request body is not valid JSON." };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { status: 415, message: "The request body is empty; send a JSON object." };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, message: `The request body is larger than ${BODY_LIMIT_BYTES / 1024} KB.` };
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return { status: 400, message: "The Content-Length header does not match the body." };
  }
  // Fastify's JSON parser reports malformed JSON as a SyntaxError with status 400.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { status: 415, message: "The request body is not valid JSON." };
  }
  return undefined;
}

export async function buildApp(config: ServerConfig) {
  const app = Fastify(createServerOptions(config));
  app.decorate("config", config);
  // The API speaks JSON only; Fastify would otherwise hand text/plain bodies to the routes as strings.
  app.removeContentTypeParser("text/plain");

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof InputValidationError) return reply.code(400).send(error.toJSON());
    const known = bodyError(error);
    if (known) return reply.code(known.status).send({ message: known.message });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // Details stay in the log; the client learns only that it was our fault.
      request.log.error({ err: error }, "request failed");
      return reply.code(500).send({ message: "Something went wrong on our side. Please try again." });
    }
    return reply.code(status).send({ message: error.message });
  });

  // External plugins, then the app's own, then routes.
  await app.register(security);
  await app.register(compression);
  await app.register(database);
  await app.register(repositories);
  await app.register(adminSessions);
  await app.register(adminBootstrap);
  await app.register(originCheck);

  await app.register(healthRoutes);
  await app.register(contactSubmissionRoutes);
  await app.register(serviceInquiryRoutes);
  await app.register(adminSessionRoutes);
  await app.register(adminLeadRoutes);
  await app.register(clientRoutes);

  return app;
}
