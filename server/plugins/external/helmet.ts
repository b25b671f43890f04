import helmet from "@fastify/helmet";
import fp from "fastify-plugin";
import { NON_PAGE_POLICY, PERMISSIONS_POLICY } from "../../lib/content-security-policy.ts";

/**
 * Security headers on every answer. The Content-Security-Policy is not helmet's: each page sends its
 * own, written from its content (server/routes/client.ts); every other answer (API, assets, sitemap)
 * gets one that allows nothing (docs/decisions/019-content-security-policy.md).
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: false,
      // The scheduling widget and analytics are third-party; keep the default referrer policy lenient
      // enough for them to see our origin.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    });
    app.addHook("onRequest", async (_request, reply) => {
      reply.header("content-security-policy", NON_PAGE_POLICY).header("permissions-policy", PERMISSIONS_POLICY);
    });
  },
  { name: "helmet" },
);
