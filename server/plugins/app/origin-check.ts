import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * `config: { crossSite: … }` on a route: "page" for routes that answer a cross-site post themselves (with
 * a page, routes/forms/); "allow" for a route that any origin may post to because the post changes
 * nothing a session could be tricked into: Content-Security-Policy reports (routes/api/csp-reports.ts),
 * which browsers send without credentials and with `Origin: null` or the reporting frame's origin.
 */
export type CrossSiteConfig = { crossSite?: "page" | "allow" };

/** An origin as URLs compare it: a default port dropped (http://host:80 -> http://host), case folded. */
function normalisedOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    return origin;
  }
}

/**
 * The origins that are ours. With SITE_ORIGIN set: it, and this server reached directly on the port the
 * request came in on (http://localhost:<port>, an SSH tunnel or a health check on the machine itself),
 * never what the request's Host header claims (a client chooses it; behind a proxy it may be anything).
 * Without SITE_ORIGIN (development), the Host header is all there is to compare with.
 */
function isOurOrigin(request: FastifyRequest, configured: string | null, origin: string): boolean {
  const normalised = normalisedOrigin(origin);
  if (configured === null) return normalised === normalisedOrigin(`${request.protocol}://${request.host}`);
  if (normalised === configured) return true;
  const port = request.socket?.localPort;
  return port !== undefined && [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`].includes(normalised);
}

/**
 * The origin a state-changing request came from when it is not ours (see isOurOrigin), else null. The JSON
 * API reads the Origin header alone (absent: curl, server-to-server, which carry no browser cookies). A
 * plain HTML form post is judged by Origin too, but some privacy settings send `Origin: null` or none with
 * it: then the Referer decides, and a post with neither is accepted.
 */
export function crossSiteOrigin(request: FastifyRequest, configured: string | null, options: { refererFallback: boolean }): string | null {
  const ours = (origin: string) => isOurOrigin(request, configured, origin);
  const origin = request.headers.origin;
  if (origin !== undefined && (origin !== "null" || !options.refererFallback)) return ours(origin) ? null : origin;
  if (!options.refererFallback) return null;
  const referer = request.headers.referer;
  if (referer === undefined) return null;
  let refererOrigin: string;
  try {
    refererOrigin = new URL(referer).origin;
  } catch {
    return referer.slice(0, 200);
  }
  return ours(refererOrigin) ? null : refererOrigin;
}

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF) with 403 and a JSON
 * message; routes configured `crossSite: "page"` check the same rule themselves and answer a page, and
 * routes configured `crossSite: "allow"` take posts from anywhere.
 */
export default fp(
  async (app) => {
    const configured = app.config.siteOrigin;
    app.addHook("onRequest", async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      const crossSite = (request.routeOptions.config as CrossSiteConfig | undefined)?.crossSite;
      if (crossSite === "page" || crossSite === "allow") return;
      const origin = crossSiteOrigin(request, configured, { refererFallback: false });
      if (origin === null) return;
      request.log.warn({ origin }, "refused a cross-site request");
      return reply.code(403).send({ message: "Cross-site requests are not allowed" });
    });
  },
  { name: "origin-check" },
);
