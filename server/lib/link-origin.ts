import type { FastifyInstance, FastifyRequest } from "fastify";

/** Where a link in an e-mail points: SITE_ORIGIN, else the origin the admin is using (development, no SITE_ORIGIN). */
export function linkOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.siteOrigin ?? `${request.protocol}://${request.host}`;
}
