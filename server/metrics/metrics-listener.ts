import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";

// METRICS_PORT: a listener of its own that answers GET /metrics and nothing else, without a token (it is
// meant for a private interface or loopback, where Prometheus scrapes it). Plain node:http: no routes,
// cookies or sessions of the app are reachable through it.

export type Scrape = () => Promise<{ contentType: string; body: string }>;

const json = (status: number, message: string) => ({ status, body: JSON.stringify({ message }) });

export async function startMetricsListener(
  listen: { host: string; port: number },
  scrape: Scrape,
  log: FastifyBaseLogger,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    const answer = (status: number, headers: Record<string, string>, body: string) => {
      response.writeHead(status, {
        ...headers,
        "content-length": Buffer.byteLength(body),
        "cache-control": "no-store",
      });
      response.end(request.method === "HEAD" ? undefined : body);
    };
    if (path !== "/metrics") {
      const { status, body } = json(404, "This listener serves only GET /metrics.");
      return answer(status, { "content-type": "application/json; charset=utf-8" }, body);
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      const { status, body } = json(405, "Use GET /metrics.");
      return answer(status, { "content-type": "application/json; charset=utf-8", allow: "GET, HEAD" }, body);
    }
    scrape().then(
      (metrics) => answer(200, { "content-type": metrics.contentType }, metrics.body),
      (error: unknown) => {
        log.error({ err: error }, "metrics scrape failed");
        const { status, body } = json(500, "The metrics could not be collected.");
        answer(status, { "content-type": "application/json; charset=utf-8" }, body);
      },
    );
  });
  // The same bounds on slow clients as the main server's, tighter: a scrape is one small GET.
  server.headersTimeout = 5_000;
  server.requestTimeout = 10_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listen.port, listen.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  log.info(
    {
      address: `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}/metrics`,
    },
    "metrics listening",
  );
  return server;
}

/** Stops the listener: no new connections, idle ones closed, a scrape in flight finishes. */
export async function stopMetricsListener(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await closed;
}
