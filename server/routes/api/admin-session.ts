import type { FastifyInstance } from "fastify";
import { adminLoginInput, type AdminStatus } from "../../../contract/admin.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { sendTooManyRequests } from "../../lib/too-many-requests.ts";
import { loginRateLimit } from "./rate-limits.ts";

export default async function adminSessionRoutes(app: FastifyInstance) {
  const sessions = app.adminSessions;
  const throttle = app.accountThrottle;

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.post("/api/admin/login", { config: loginRateLimit(app.config) }, async (request, reply) => {
    const { username, password } = parseInput(adminLoginInput, request.body, "Please enter both email and password.");
    // Refused before the password is checked, so a 429 says nothing about the password.
    const wait = await throttle.signInAttempt(request, username);
    if (wait !== null) {
      return sendTooManyRequests(reply, wait, "Too many failed sign-ins for this account. Sign in from a browser you have used before, or wait.");
    }
    const admin = await sessions.login(request, reply, username, password);
    if (!admin) {
      request.log.info("admin sign-in refused");
      return reply.code(401).send({ message: "Invalid email or password" });
    }
    await throttle.signInSucceeded(request, reply, admin);
    return { authenticated: true, username: admin.username } satisfies AdminStatus;
  });

  app.post("/api/admin/logout", async (request, reply) => {
    await sessions.logout(request, reply);
    return { authenticated: false, username: null } satisfies AdminStatus;
  });

  app.get("/api/admin/status", async (request, reply) => {
    const admin = await sessions.current(request, reply);
    return { authenticated: admin !== null, username: admin?.username ?? null } satisfies AdminStatus;
  });
}
