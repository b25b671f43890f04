import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";

// Creates the process around the app: configuration, listening, and a graceful stop.

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
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

  const app = await buildApp(config);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "stopping: no new connections, finishing requests in flight");
    const timer = setTimeout(() => {
      app.log.error("requests did not finish in time; exiting anyway");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // Keep-alive sockets that fall idle after their last response would hold the close open until
    // the client drops them; close them as they become idle.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while stopping");
      process.exit(1);
    }
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);

  const address = await app.listen({ port: config.port, host: config.host });
  // performance.now() counts from process start: the figure a deploy waits for.
  app.log.info({ startupMs: Math.round(performance.now()), database: config.database.kind, address }, "server ready");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
