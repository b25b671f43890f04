import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The stop's first phase (server.ts, on SIGTERM): `/readyz` answers 503 so the proxy stops sending new
     * requests here, while the server keeps accepting them for the grace period and closes each connection
     * after its response, so a client's next request opens one to an instance that stays.
     */
    drain: { readonly active: boolean; begin: () => void };
  }
}

export default fp(
  async (app) => {
    let active = false;
    app.decorate("drain", {
      get active() {
        return active;
      },
      begin() {
        active = true;
      },
    });
    app.addHook("onSend", async (_request, reply) => {
      if (active) reply.header("connection", "close");
    });
  },
  { name: "drain" },
);
