import { spawn, type ChildProcess } from "node:child_process";
import type { ServerConfig } from "../../server/config.ts";

// The real server process, as `npm start` runs it (through tsx: no build needed), with its logs kept.

export type ServerProcess = {
  child: ChildProcess;
  /** JSON log lines from stdout, in order. */
  logs: string[];
  /** What the process wrote to stderr (the reason it stopped, when it stops on its own). */
  stderr: () => string;
  /** The port, once the log says "server ready"; rejects if the process exits first. */
  ready: Promise<number>;
  /** The exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  alive: () => boolean;
};

/** `cwd`: the tree whose server/server.ts runs (a benchmark may run an older checkout). */
export function spawnServer(env: NodeJS.ProcessEnv, cwd?: string): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
    ...(cwd ? { cwd } : {}),
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      CLIENT_DIR: "/nonexistent-client-dir",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const ready = new Promise<number>((resolve, reject) => {
    let partial = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) {
        logs.push(line);
        const match = line.includes('"msg":"server ready"') && /"address":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(line);
        if (match) resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`the server exited with ${code} before it was ready:\n${stderr}`)));
  });
  // A caller that only waits for the exit must not leave this rejection unhandled.
  ready.catch(() => undefined);
  return {
    child,
    logs,
    stderr: () => stderr,
    ready,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

/** A server process that listens on `port`. */
export type StartedServer = ServerProcess & { port: number };

/** The environment that points the server at a test database (tests/helpers/test-database.ts). */
export function databaseEnv(database: ServerConfig["database"]): NodeJS.ProcessEnv {
  return database.kind === "postgres"
    ? { DATABASE_URL: database.url }
    : { DATABASE_URL: "", SQLITE_PATH: database.path };
}

/**
 * How long a server may take to listen: a bound that says "it hung", not a speed. A loaded two-core CI machine
 * took over 20 s to start two servers at once on a new PostgreSQL database (every migration).
 */
const START_LIMIT_MS = 60_000;

/** Starts the server on `database` (plus `env`) and resolves once it listens on its port. */
export async function startServerProcess(
  database: ServerConfig["database"],
  env: NodeJS.ProcessEnv = {},
): Promise<StartedServer> {
  const server = spawnServer({ ...databaseEnv(database), ...env });
  const timeout = new Promise<never>((_, reject) => {
    const timer = setTimeout(() => {
      // Not left running with nobody to stop it: a caller whose start failed has no server to end.
      server.child.kill("SIGKILL");
      reject(new Error(`the server did not start within ${START_LIMIT_MS / 1000} s:\n${server.stderr()}`));
    }, START_LIMIT_MS);
    void server.ready.finally(() => clearTimeout(timer)).catch(() => undefined);
  });
  return { ...server, port: await Promise.race([server.ready, timeout]) };
}
