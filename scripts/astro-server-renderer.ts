import type { AstroIntegration } from "astro";

/**
 * Our own adapter (issue 37): Astro builds the public pages into a renderer (app/server-entry.ts, at
 * build/server/entry.mjs) that our Fastify server calls with the published content, instead of a server of
 * Astro's own. Pages that hold no content (the admin's) are still prerendered into build/client.
 */
export function serverRenderer(): AstroIntegration {
  return {
    name: "server-renderer",
    hooks: {
      "astro:config:done": ({ setAdapter }) =>
        setAdapter({
          name: "server-renderer",
          entrypointResolution: "auto",
          serverEntrypoint: new URL("../app/server-entry.ts", import.meta.url),
          supportedAstroFeatures: { staticOutput: "stable", serverOutput: "stable", hybridOutput: "stable" },
        }),
    },
  };
}
