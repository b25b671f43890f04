import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import { pathOf } from "./log-safety.ts";

// One JSON line per request, written when it is answered (Fastify's default is two, and they carry the
// URL with its query string: an admin search's ?q= is the text searched for). Every other line a request
// logs carries the same reqId (request.log is a child logger bound to it).

/** The proxy's request id (nginx: proxy_set_header X-Request-Id $request_id), sent back on every answer. */
export const REQUEST_ID_HEADER = "x-request-id";

/** An id we take from a proxy: short, and only characters that cannot carry an address or break a log line. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Fastify's genReqId: the proxy's X-Request-Id when well-formed (so its log and ours join), else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && WELL_FORMED_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The fields of the request's line: what was asked and how it went, never the query, headers or body. */
function requestLine(request: FastifyRequest, reply: FastifyReply) {
  return {
    method: request.method,
    path: pathOf(request.url),
    // The matched route's pattern (/api/admin/leads/:kind/:id): what the metrics count by.
    route: request.is404 ? null : (request.routeOptions.url ?? null),
    status: reply.statusCode,
    responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
  };
}

/** Fastify's internal request lines, replaced by the one line above; its other lines without the request's URL. */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    // An error here is the answer's stream's, or an onResponse hook's.
    if (error) reply.log.error({ ...requestLine(request, reply), err: error }, "request errored");
    else reply.log.info(requestLine(request, reply), "request completed");
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode >= 500) reply.log.error({ err: error }, "request failed");
    else reply.log.info({ err: error }, "request refused");
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info({ method: request.method, path: pathOf(request.url) }, "no route");
  }

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    reply.log.warn({ err: error }, "could not write the answer's headers");
  }
}
