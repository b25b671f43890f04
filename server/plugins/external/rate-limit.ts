import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import fp from "fastify-plugin";
import { tooManyRequestsMessage } from "../../lib/too-many-requests.ts";
import type { RateLimitsRepository } from "../../repositories/rate-limits-repository.ts";

// @fastify/rate-limit with its counters in the database (rate_limits), so every instance counts
// together and a restart forgets nothing. Routes opt in through routes/api/rate-limits.ts; the key
// is the client address (TRUST_PROXY decides which), scoped by route.

type Clock = () => Date;

/** The store interface of @fastify/rate-limit over the rate-limits repository. */
function databaseStore(counters: RateLimitsRepository, clock: Clock): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    // @fastify/rate-limit constructs the root store with its options; only route stores count.
    constructor(
      _options: unknown,
      private readonly scope = "",
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = clock();
      counters.hit(`${this.scope}|${key}`, timeWindow, now).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Date.parse(resetAt) - now.getTime() }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]) {
      // The merged options carry the route they were made for; each route counts on its own.
      const { routeInfo } = routeOptions as unknown as { routeInfo: { method: string | string[]; url: string } };
      return new DatabaseStore(routeOptions, `${String(routeInfo.method)} ${routeInfo.url}`);
    }
  }
  return DatabaseStore;
}

export default fp(
  async (app) => {
    const counters = app.repositories.rateLimits;
    await app.register(rateLimit, {
      global: false,
      store: databaseStore(counters, app.clock),
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: tooManyRequestsMessage(context.ttl),
      }),
    });
  },
  { name: "rate-limit", dependencies: ["repositories"] },
);
