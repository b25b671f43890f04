import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Where a link in an e-mail points: SITE_ORIGIN, else the origin the admin is using (development, no SITE_ORIGIN).
 * Without a request (the account mails' worker, issue 32): http://localhost and the port the server listens on.
 */
export function linkOrigin(app: FastifyInstance, request?: FastifyRequest): string {
  if (app.config.siteOrigin) return app.config.siteOrigin;
  if (request) return `${request.protocol}://${request.host}`;
  const address = app.server.address();
  return `http://localhost:${typeof address === "object" && address !== null ? address.port : app.config.port}`;
}
