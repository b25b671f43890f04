import { createHash, timingSafeEqual } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { createAppMetrics, type AppMetrics } from "../../metrics/app-metrics.ts";
import { startMetricsListener, stopMetricsListener } from "../../metrics/metrics-listener.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The app's metrics: counters the routes move, and the scrape (docs/deploy/metrics.md). */
    metrics: AppMetrics;
    /** Where the METRICS_PORT listener listens, once ready; null without one. */
    metricsListenerAddress: () => AddressInfo | null;
  }
}

// GET /metrics for Prometheus, never public: on the main port only with `Authorization: Bearer
// <METRICS_TOKEN>`, or on a listener of its own (METRICS_PORT) that serves nothing else. Neither set: off
// (404), and the counters still count (cheaply) so the code that moves them has no "metrics on?" branch.

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/** Compares digests, so neither the length nor the first differing character of the token shows in the timing. */
function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

/** The bearer token of an Authorization header, or null. */
function bearerToken(header: string | undefined): string | null {
  const match = header === undefined ? null : /^Bearer +([^\s]+) *$/i.exec(header);
  return match?.[1] ?? null;
}

export default fp(
  async (app) => {
    const { token, listen } = app.config.metrics;
    const metrics = createAppMetrics({
      reads: { selectOne: app.pingDatabase, backlog: () => app.repositories.leads.deliveries.backlog() },
      clock: app.clock,
      processMetrics: token !== null || listen !== null,
    });
    app.decorate("metrics", metrics);

    // Every answer, 404s included, by the route's pattern (never the URL: no ids or queries as labels).
    app.addHook("onResponse", async (request, reply) => {
      metrics.observeRequest({
        method: request.method,
        route: request.routeOptions.url,
        is404: request.is404,
        statusCode: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      });
    });

    if (token !== null) {
      const refuse = (reply: FastifyReply, challenge: string, message: string) =>
        reply.code(401).header("www-authenticate", challenge).header("cache-control", "no-store").send({ message });
      app.get("/metrics", async (request: FastifyRequest, reply) => {
        const given = bearerToken(request.headers.authorization);
        if (given === null)
          return refuse(reply, 'Bearer realm="metrics"', "The metrics need Authorization: Bearer <METRICS_TOKEN>.");
        if (!sameToken(given, token))
          return refuse(reply, 'Bearer realm="metrics", error="invalid_token"', "The metrics token is not valid.");
        const scraped = await metrics.scrape();
        return reply.header("cache-control", "no-store").type(scraped.contentType).send(scraped.body);
      });
    }

    let listener: Server | null = null;
    app.decorate("metricsListenerAddress", () => (listener?.address() as AddressInfo | null | undefined) ?? null);
    if (listen !== null) {
      // At ready, before the main port listens: a metrics port in use stops the start-up, as a main port would.
      app.addHook("onReady", async () => {
        listener = await startMetricsListener(listen, () => metrics.scrape(), app.log);
      });
      app.addHook("onClose", async () => {
        if (listener) await stopMetricsListener(listener);
      });
    }
  },
  { name: "metrics", dependencies: ["database", "repositories"] },
);
