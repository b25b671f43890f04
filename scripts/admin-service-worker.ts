import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { rolldown } from "rolldown";

// An Astro integration that builds the admin's service worker (app/admin/service-worker/service-worker.ts,
// issue 36) into one classic script at a fixed address, /admin/service-worker.js: its scope is the folder it is
// served from, so it cannot be a hashed file under /assets. `astro build` writes it beside the pages (the server
// sends it never cached: server/routes/client.ts); `astro dev` builds it on each request.

/** Where the admin registers it (app/admin/push-device.ts) and the server sends it (server/routes/client.ts). */
const SERVICE_WORKER_PATH = "/admin/service-worker.js";
const ENTRY = "app/admin/service-worker/service-worker.ts";

/** The worker and the module it imports as one script with no import: a classic worker, which every browser runs. */
async function bundleServiceWorker(root: URL, minify: boolean): Promise<string> {
  const bundler = await rolldown({
    input: fileURLToPath(new URL(ENTRY, root)),
    platform: "browser",
    logLevel: "warn",
  });
  try {
    const { output } = await bundler.generate({ format: "iife", minify });
    return output[0].code;
  } finally {
    await bundler.close();
  }
}

export function adminServiceWorker(): AstroIntegration {
  let root: URL;
  return {
    name: "agency:admin-service-worker",
    hooks: {
      "astro:config:done": ({ config }) => {
        root = config.root;
      },
      "astro:server:setup": ({ server }) => {
        server.middlewares.use((request, response, next) => {
          if (request.url?.split("?")[0] !== SERVICE_WORKER_PATH) return next();
          bundleServiceWorker(root, false).then((code) => {
            response.setHeader("Content-Type", "text/javascript; charset=utf-8");
            response.setHeader("Cache-Control", "no-cache");
            response.end(code);
          }, next);
        });
      },
      "astro:build:done": async ({ dir, logger }) => {
        const file = new URL(`.${SERVICE_WORKER_PATH}`, dir);
        await mkdir(new URL(".", file), { recursive: true });
        const code = await bundleServiceWorker(root, true);
        await writeFile(file, code);
        logger.info(`${SERVICE_WORKER_PATH} (${code.length} bytes)`);
      },
    },
  };
}
