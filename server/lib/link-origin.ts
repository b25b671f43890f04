import type { FastifyInstance } from "fastify";

// Where a link in an e-mail points (an invitation, a password reset, an address's confirmation, an
// assignment). Never from the request: Host and X-Forwarded-Host are the sender's to choose, so a link built
// from them could carry a reset token to another site (issue 32, finding 3).

/**
 * SITE_ORIGIN, else (development) http://localhost at the port the server listens on: PORT, or the one the
 * system chose for PORT=0. The start-up log and the admin's Settings page warn while SITE_ORIGIN is unset.
 */
export function linkOrigin(app: FastifyInstance): string {
  if (app.config.siteOrigin) return app.config.siteOrigin;
  const address = app.server.listening ? app.server.address() : null;
  return `http://localhost:${address && typeof address === "object" ? address.port : app.config.port}`;
}
