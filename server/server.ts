import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig, siteOriginWarning } from "./config.ts";
import { linkOrigin } from "./lib/link-origin.ts";
import { DatabaseStartupError } from "./db/startup-wait.ts";
import { closeLogDestination, createLogDestination } from "./lib/log-destination.ts";

// Creates the process around the app: configuration, listening, and a graceful stop.

const SHUTDOWN_TIMEOUT_MS = 10_000;
const MIN_NODE_MAJOR = 24;

async function main() {
  // `npm start` runs the Node 24 that `npm ci` installs (docs/decisions/012-node-24.md); a server started by
  // hand with an older system Node would run on a runtime without security fixes.
  const nodeMajor = Number(process.versions.node.split(".")[0]);
  if (nodeMajor < MIN_NODE_MAJOR) {
    console.error(
      `This server needs Node.js ${MIN_NODE_MAJOR} or newer; this is ${process.version}. Start it with \`npm start\`, which runs the Node ${MIN_NODE_MAJOR} that \`npm ci\` installs.`,
    );
    process.exit(1);
  }
  // A local .env (see .env.example) fills in variables the environment does not set.
  if (existsSync(".env")) process.loadEnvFile(".env");
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logDestination = createLogDestination();
  let app;
  try {
    app = await buildApp(config, { logDestination });
  } catch (error) {
    // The retries are in the log above; this line says why the process ends.
    if (error instanceof DatabaseStartupError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // SIGTERM is how a supervisor (systemd, Docker, a deploy) replaces the instance: first tell the proxy,
    // through /readyz, and keep serving what it still sends until it has looked again. Ctrl-C (SIGINT) is a
    // person at a terminal: no grace.
    const graceMs = signal === "SIGTERM" ? config.shutdownGraceMs : 0;
    if (graceMs > 0) {
      app.drain.begin();
      app.log.info({ signal, graceMs }, "draining: /readyz answers 503, requests are still served");
      await new Promise((resolve) => setTimeout(resolve, graceMs));
    }
    app.log.info({ signal }, "stopping: no new connections, finishing requests in flight");
    // The last lines get a bounded time to be written: a log reader that stopped reading must not keep
    // the process alive (lib/log-destination.ts).
    let exiting = false;
    const exit = async (code: number) => {
      if (exiting) return;
      exiting = true;
      await closeLogDestination(logDestination);
      process.exit(code);
    };
    const timer = setTimeout(() => {
      app.log.error("requests did not finish in time; exiting anyway");
      void exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // Keep-alive sockets that fall idle after their last response would hold the close open until
    // the client drops them; close them as they become idle.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    try {
      await app.close();
      await exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while stopping");
      await exit(1);
    }
  };
  // Not awaited: stop ends the process itself, with 1 when closing fails.
  process.on("SIGTERM", (signal) => void stop(signal));
  process.on("SIGINT", (signal) => void stop(signal));

  const address = await app.listen({ port: config.port, host: config.host });
  // performance.now() counts from process start: the figure a deploy waits for.
  // After listening: with PORT=0 the links' port is the one the system chose.
  const originWarning = siteOriginWarning(config, linkOrigin(app));
  if (originWarning) app.log.warn(originWarning);
  app.log.info({ startupMs: Math.round(performance.now()), database: config.database.kind, address }, "server ready");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
