import fp from "fastify-plugin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF). Requests with no
 * Origin header (curl, server-to-server) pass: only browsers attach cookies on their own.
 */
export default fp(
  async (app) => {
    const configured = app.config.siteOrigin;
    app.addHook("onRequest", async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      const origin = request.headers.origin;
      if (origin === undefined) return;
      const own = `${request.protocol}://${request.host}`;
      if (origin === own || origin === configured) return;
      request.log.warn({ origin }, "refused a cross-site request");
      return reply.code(403).send({ message: "Cross-site requests are not allowed" });
    });
  },
  { name: "origin-check" },
);
