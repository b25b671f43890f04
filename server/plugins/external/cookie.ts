import cookie from "@fastify/cookie";
import fp from "fastify-plugin";

/** Cookie parsing and setting (the admin session). */
export default fp(
  async (app) => {
    await app.register(cookie);
  },
  { name: "cookie" },
);
