import { connect, type Socket } from "node:net";

// A load generator for one URL over HTTP/1.1 keep-alive: CONNECTIONS sockets, one request in flight on
// each, for SECONDS; prints {"requests","bytes","errors","seconds"} as JSON. Raw sockets, not fetch: the
// client must cost far less CPU per request than the servers it measures (both run on this machine).
// Run as its own process (node scripts/bench-web/load-client.ts URL CONNECTIONS SECONDS ACCEPT_ENCODING).

const [target = "", connectionsArg = "32", secondsArg = "5", acceptEncoding = "gzip, deflate, br"] =
  process.argv.slice(2);
const url = new URL(target);
const connections = Number(connectionsArg);
const seconds = Number(secondsArg);
const request = Buffer.from(
  `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/html\r\nAccept-Encoding: ${acceptEncoding}\r\nConnection: keep-alive\r\n\r\n`,
);
const HEADER_END = Buffer.from("\r\n\r\n");

let requests = 0;
let bytes = 0;
let errors = 0;
let stopping = false;

/** The length of the first complete response in `data` (headers and body), or -1 when it has not all arrived. */
function responseLength(data: Buffer): number {
  const headerEnd = data.indexOf(HEADER_END);
  if (headerEnd === -1) return -1;
  const head = data.subarray(0, headerEnd).toString("latin1");
  if (!/^HTTP\/1\.1 (200|304)/.test(head)) errors += 1;
  const bodyStart = headerEnd + 4;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) return data.length >= bodyStart + Number(length[1]) ? bodyStart + Number(length[1]) : -1;
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head)) return bodyStart;
  // Chunked: walk the chunk sizes to the last (empty) chunk and its closing line.
  let at = bodyStart;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd === -1) return -1;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (size === 0) return data.length >= lineEnd + 4 ? lineEnd + 4 : -1;
    at = lineEnd + 2 + size + 2;
    if (at > data.length) return -1;
  }
}

function open(): Socket {
  const socket = connect(Number(url.port || 80), url.hostname);
  socket.setNoDelay(true);
  let pending: Buffer = Buffer.alloc(0);
  socket.on("connect", () => socket.write(request));
  socket.on("data", (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      const length = responseLength(pending);
      if (length === -1) return;
      requests += 1;
      bytes += length;
      pending = pending.subarray(length);
      if (stopping) return void socket.destroy();
      socket.write(request);
    }
  });
  socket.on("error", () => {
    errors += 1;
  });
  return socket;
}

const sockets = Array.from({ length: connections }, open);
const started = process.hrtime.bigint();
setTimeout(() => {
  stopping = true;
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  for (const socket of sockets) socket.destroy();
  process.stdout.write(`${JSON.stringify({ requests, bytes, errors, seconds: elapsed })}\n`);
  process.exit(0);
}, seconds * 1000);
