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
  return (
    port !== undefined &&
    [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`].includes(normalised)
  );
}

/**
 * Where a plain HTML form post came from. Its Origin decides; some privacy settings send `Origin: null` (or
 * an old browser none) with it, and then its Referer decides. With neither there is no proof either way:
 * "unproven". Another site's page with `Referrer-Policy: no-referrer` posts exactly that through its
 * visitors' browsers (issue 32, finding 7), so an unproven post must never change anything by itself.
 */
export type FormPostOrigin = { kind: "ours" } | { kind: "foreign"; origin: string } | { kind: "unproven" };

export function formPostOrigin(request: FastifyRequest, configured: string | null): FormPostOrigin {
  const judged = (origin: string): FormPostOrigin =>
    isOurOrigin(request, configured, origin) ? { kind: "ours" } : { kind: "foreign", origin };
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== "null") return judged(origin);
  const referer = request.headers.referer;
  if (referer === undefined) return { kind: "unproven" };
  try {
    return judged(new URL(referer).origin);
  } catch {
    return { kind: "foreign", origin: referer.slice(0, 200) };
  }
}

/**
 * The origin a state-changing request came from when it is not ours (see isOurOrigin), else null. The JSON
 * API reads the Origin header alone (absent: curl, server-to-server, which carry no browser cookies). With
 * `refererFallback` (a page's form post) it is formPostOrigin's verdict, an unproven post counted as not
 * foreign: a route that takes one must also ask for a proof of its own (a link's token, the form's
 * confirmation step).
 */
export function crossSiteOrigin(
  request: FastifyRequest,
  configured: string | null,
  options: { refererFallback: boolean },
): string | null {
  if (options.refererFallback) {
    const found = formPostOrigin(request, configured);
    return found.kind === "foreign" ? found.origin : null;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return null;
  return isOurOrigin(request, configured, origin) ? null : origin;
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
