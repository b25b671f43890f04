import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import fp from "fastify-plugin";

export default fp(
  async (app) => {
    await app.register(helmet, {
      // React Router's prerendered pages carry inline hydration scripts; a nonce-free CSP that allows
      // them is planned with the public pages (docs/decisions/004-serving.md).
      contentSecurityPolicy: false,
      // The scheduling widget and analytics are third-party; keep the default referrer policy lenient
      // enough for them to see our origin.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    });
    await app.register(cookie);
  },
  { name: "security" },
);
