import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

// A real HTTP receiver for webhook tests: answers each request with the next status of `statuses`
// (the last one repeats) and keeps what it received.

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string; status: number };

export async function startWebhookReceiver(statuses: number[] = [200]) {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const status = statuses[Math.min(received.length, statuses.length - 1)]!;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), status });
      response
        .writeHead(status, { "content-type": "text/plain" })
        .end(status < 300 ? "ok" : "receiver is down for maintenance");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    received,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
