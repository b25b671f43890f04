import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { findNginx } from "../scale-out/processes.ts";
import { onCleanUp } from "./cleanup.ts";

// GET / throughput, ours against nginx serving the same build in the same run: nginx with one worker
// process and gzip on (compressing each answer, its stock setting: nginx-light has no brotli), ours as
// deployed (the precompressed brotli copy from memory). The load comes from scripts/bench-web/load-client.ts
// in a process of its own: keep-alive connections, one request in flight on each, a browser's
// Accept-Encoding. This machine runs the client beside the server: the figures compare, they do not rate.

export type Throughput =
  | { name: string; requestsPerSecond: number; bytesPerResponse: number; errors: number }
  | { name: string; skipped: string };

const LOAD_CLIENT = resolve(import.meta.dirname, "load-client.ts");

async function load(
  url: string,
  connections: number,
  seconds: number,
): Promise<{ requests: number; bytes: number; errors: number; seconds: number }> {
  // The project's Node 24 runs the client's TypeScript as is (type stripping).
  const child = spawn(
    process.execPath,
    [LOAD_CLIENT, url, String(connections), String(seconds), "gzip, deflate, br, zstd"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once("exit", done));
  if (code !== 0) throw new Error(`the load client exited with ${code}`);
  return JSON.parse(output) as { requests: number; bytes: number; errors: number; seconds: number };
}

async function measure(name: string, url: string, connections: number, seconds: number): Promise<Throughput> {
  await load(url, connections, 1); // warm-up: the server's code paths compiled, connections open once
  const result = await load(url, connections, seconds);
  return {
    name,
    requestsPerSecond: result.requests / result.seconds,
    bytesPerResponse: result.bytes / Math.max(result.requests, 1),
    errors: result.errors,
  };
}

function nginxConfig(dir: string, clientDir: string, port: number): string {
  return `# Written by scripts/bench-web/throughput.ts for one run.
worker_processes 1;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  types { text/html html; text/css css; application/javascript js; image/svg+xml svg; }
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip on;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
    root ${clientDir};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`;
}

/** Starts nginx (one worker, gzip) on the client build; null when nginx is not installed. */
async function startNginx(clientDir: string, port: number): Promise<(() => Promise<void>) | null> {
  const binary = findNginx();
  if (!binary) return null;
  const dir = mkdtempSync(join(tmpdir(), "agency-bench-nginx-"));
  onCleanUp(() => rmSync(dir, { recursive: true, force: true }));
  const conf = join(dir, "nginx.conf");
  writeFileSync(conf, nginxConfig(dir, resolve(clientDir), port));
  const args = ["-p", dir, "-c", conf];
  const test = spawnSync(binary, ["-t", ...args], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx -t refused the config:\n${test.stderr}`);
  const child = spawn(binary, [...args, "-g", "daemon off;"], { stdio: "ignore" });
  const exited = new Promise((done) => child.once("exit", done));
  onCleanUp(() => void child.kill("SIGKILL"));
  for (let tries = 0; ; tries += 1) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (tries > 50) throw new Error("nginx did not answer GET / within 5 s");
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return async () => {
    child.kill("SIGQUIT");
    await exited;
  };
}

export async function throughputFigures(
  origin: string,
  clientDir: string,
  nginxPort: number,
  connections: number,
  seconds: number,
): Promise<Throughput[]> {
  const ours = await measure("ours (node dist/server/server.js)", `${origin}/`, connections, seconds);
  const stopNginx = await startNginx(clientDir, nginxPort);
  if (!stopNginx) return [ours, { name: "nginx", skipped: "not installed (apt-get install nginx-light)" }];
  try {
    return [ours, await measure("nginx (1 worker, gzip on)", `http://127.0.0.1:${nginxPort}/`, connections, seconds)];
  } finally {
    await stopNginx();
  }
}
