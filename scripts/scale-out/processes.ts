import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

// The processes of `npm run scale-out`: app instances as `npm start` runs them (the built server on the
// project's Node 24) and nginx with a config of its own. Every child is tracked so the script can end
// them all on success, failure or Ctrl-C.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nobody listens on now (asked of the kernel), for a run without --base-port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Every child process started, so cleanup can end what is still running. */
const children = new Set<ChildProcess>();

function track(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  children.add(child);
  return new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
}

/** Ends every child still running (SIGKILL: cleanup after a failure or Ctrl-C must not hang). */
export function killAll(): void {
  for (const child of children) child.kill("SIGKILL");
}

export type Instance = {
  name: string;
  port: number;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export type InstanceSetup = { root: string; node: string; logFile: string; env: NodeJS.ProcessEnv };

/** Starts `node dist/server/server.js` on `port`; its output goes to the log file (appended across restarts). */
export function startInstance(name: string, port: number, setup: InstanceSetup): Instance {
  const log = openSync(setup.logFile, "a");
  const child = spawn(setup.node, ["dist/server/server.js"], {
    cwd: setup.root,
    // Only what the server needs: the caller's DATABASE_URL, METRICS_* or mail settings must not leak in.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...setup.env, PORT: String(port) },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  return { name, port, child, exited: track(child) };
}

/** Resolves with the ms it took once GET /readyz answers 200; rejects if the process exits first or after 30 s. */
export async function waitReady(instance: Instance, timeoutMs = 30_000): Promise<number> {
  const started = performance.now();
  let exited = false;
  void instance.exited.then(() => (exited = true));
  while (performance.now() - started < timeoutMs) {
    if (exited) throw new Error(`${instance.name} exited before it was ready (see its log)`);
    try {
      const response = await fetch(`http://127.0.0.1:${instance.port}/readyz`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return Math.round(performance.now() - started);
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${instance.name} was not ready within ${timeoutMs / 1000} s`);
}

/** SIGTERM, then the exit (SIGKILL after `graceMs`); answers the exit code and how long the stop took. */
export async function stopInstance(
  instance: Instance,
  graceMs = 15_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const started = performance.now();
  instance.child.kill("SIGTERM");
  const timer = setTimeout(() => instance.child.kill("SIGKILL"), graceMs);
  const result = await instance.exited;
  clearTimeout(timer);
  return { ...result, ms: Math.round(performance.now() - started) };
}

/** The nginx binary: on PATH, or where Debian puts it (not on a normal user's PATH). */
export function findNginx(): string | null {
  for (const candidate of ["nginx", "/usr/sbin/nginx"]) {
    const probe = spawnSync(candidate, ["-v"], { stdio: "ignore" });
    if (probe.status === 0) return candidate;
  }
  return null;
}

export type NginxSetup = {
  binary: string;
  dir: string;
  listenPort: number;
  upstreamPorts: number[];
  /** The proxy directives to include (deploy/nginx/proxy-to-app.conf, or a variant of it). */
  include: string;
  /** The upstream's keepalive_timeout, below the instances' KEEP_ALIVE_TIMEOUT_SECONDS. */
  keepaliveTimeoutSeconds: number;
  /** Each upstream server's max_fails and fail_timeout (nginx's passive health check). */
  maxFails: number;
  failTimeoutSeconds: number;
};

/** The access log's fields, parsed by readAccessLog. */
const LOG_FORMAT = `'$msec $request_method "$uri" $status "$upstream_addr" "$upstream_status" $request_time'`;

/** The nginx.conf of the run: the production shape (an upstream with keepalive, the shared include). */
export function nginxConfig(setup: NginxSetup): string {
  const { dir } = setup;
  return `# Written by scripts/scale-out.ts for one run.
worker_processes 1;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "nginx-error.log")} warn;
events { worker_connections 1024; }
http {
    log_format scaleout ${LOG_FORMAT};
    access_log ${join(dir, "nginx-access.log")} scaleout;
    client_body_temp_path ${join(dir, "nginx-body")};
    proxy_temp_path ${join(dir, "nginx-proxy")};
    fastcgi_temp_path ${join(dir, "nginx-fastcgi")};
    uwsgi_temp_path ${join(dir, "nginx-uwsgi")};
    scgi_temp_path ${join(dir, "nginx-scgi")};

    upstream agency {
${setup.upstreamPorts.map((port) => `        server 127.0.0.1:${port} max_fails=${setup.maxFails} fail_timeout=${setup.failTimeoutSeconds}s;`).join("\n")}
        keepalive 32;
        keepalive_timeout ${setup.keepaliveTimeoutSeconds}s;
    }

    server {
        listen 127.0.0.1:${setup.listenPort};
        location / {
            proxy_pass http://agency;
            include ${setup.include};
        }
    }
}
`;
}

export type Nginx = { child: ChildProcess; stop: () => Promise<void> };

/** Checks the config (nginx -t) and starts nginx in the foreground; resolves once it answers. */
export async function startNginx(setup: NginxSetup): Promise<Nginx> {
  const conf = join(setup.dir, "nginx.conf");
  writeFileSync(conf, nginxConfig(setup));
  const args = ["-p", setup.dir, "-c", conf, "-g", "daemon off;"];
  const test = spawnSync(setup.binary, ["-t", ...args.slice(0, 4)], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx -t refused the config:\n${test.stderr}`);
  const child = spawn(setup.binary, args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = track(child);
  let gone = false;
  void exited.then(() => (gone = true));
  for (let i = 0; i < 100; i += 1) {
    if (gone) throw new Error(`nginx exited at start:\n${stderr}`);
    try {
      // Any answer (a 502 while no instance runs) means nginx listens.
      await (await fetch(`http://127.0.0.1:${setup.listenPort}/healthz`)).arrayBuffer();
      break;
    } catch {
      await sleep(100);
    }
  }
  return {
    child,
    stop: async () => {
      // SIGQUIT: finish the requests in flight, then exit.
      child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type AccessLine = {
  at: number;
  method: string;
  uri: string;
  status: number;
  upstreamAddr: string;
  upstreamStatus: string;
  seconds: number;
};

/** nginx's access log of the run, one entry per request a client sent. */
export function readAccessLog(dir: string): AccessLine[] {
  const file = join(dir, "nginx-access.log");
  if (!existsSync(file)) return [];
  const pattern = /^(\S+) (\S+) "([^"]*)" (\d+) "([^"]*)" "([^"]*)" (\S+)$/;
  const lines: AccessLine[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = pattern.exec(line);
    if (!match) continue;
    lines.push({
      at: Number(match[1]),
      method: match[2]!,
      uri: match[3]!,
      status: Number(match[4]),
      upstreamAddr: match[5]!,
      upstreamStatus: match[6]!,
      seconds: Number(match[7]),
    });
  }
  return lines;
}

export type UpstreamFailure = { method: string; uri: string; cause: string; sent: boolean };

/**
 * nginx's error log of the run: each failed try at an upstream. `sent` tells whether the request had gone
 * out to the instance (nginx resends a POST that went out only with non_idempotent) or failed to connect.
 */
export function readUpstreamFailures(dir: string): UpstreamFailure[] {
  const file = join(dir, "nginx-error.log");
  if (!existsSync(file)) return [];
  const failures: UpstreamFailure[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match =
      /\[error\] .*?\*\d+ (.+?) while (connecting to upstream|reading response header from upstream|sending request to upstream)[^"]*request: "(\S+) (\S+)/.exec(
        line,
      );
    if (!match) continue;
    failures.push({
      cause: `${match[1]} while ${match[2]}`,
      sent: match[2] !== "connecting to upstream",
      method: match[3]!,
      uri: match[4]!,
    });
  }
  return failures;
}
