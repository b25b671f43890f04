import { posix } from "node:path";
import { rolldown } from "rolldown";
import type { Plugin, Rollup } from "vite";

// A Vite plugin for the Astro client build: a page's <script> (the frame's menus and page view, the
// offer's countdowns) that imports chunks it shares with islands or other pages gets those chunks copied
// into it, so that Astro inlines it into the HTML (Astro inlines a processed script only when its chunk
// imports nothing and is under build.assetsInlineLimit). Why: Lighthouse's simulated LCP counts every
// request that ends before the observed LCP, and the frame's script with its 4 small shared chunks was
// a 3-level request chain on every page (docs/decisions/027-inline-page-scripts-and-lcp.md).
// Only scripts whose whole static import closure is under `limit` bytes are bundled; a script that
// imports anything on demand (import()) is left as it is, as Astro would.

type Chunk = Rollup.OutputChunk;

/** The chunks a chunk imports statically, transitively (not itself); null if any imports on demand. */
function staticClosure(entry: Chunk, chunks: Map<string, Chunk>): Chunk[] | null {
  const seen = new Map<string, Chunk>();
  const queue = [...entry.imports];
  while (queue.length > 0) {
    const fileName = queue.shift()!;
    if (seen.has(fileName)) continue;
    const chunk = chunks.get(fileName);
    if (!chunk || chunk.dynamicImports.length > 0) return null;
    seen.set(fileName, chunk);
    queue.push(...chunk.imports);
  }
  return [...seen.values()];
}

/** The chunk and its static imports as one self-contained ES module (rolldown, minified). */
async function bundleChunk(entry: Chunk, chunks: Map<string, Chunk>): Promise<string> {
  const bundler = await rolldown({
    input: entry.fileName,
    logLevel: "silent",
    plugins: [
      {
        name: "built-chunks",
        resolveId: (source, importer) => (importer ? posix.join(posix.dirname(importer), source) : source),
        load: (id) => {
          const chunk = chunks.get(id);
          if (!chunk)
            throw new Error(`inline-page-scripts: ${entry.fileName} imports ${id}, which is not in the bundle`);
          return chunk.code;
        },
      },
    ],
  });
  try {
    const { output } = await bundler.generate({ format: "esm", minify: true });
    return output[0].code;
  } finally {
    await bundler.close();
  }
}

export function inlinePageScripts({ limit }: { limit: number }): Plugin {
  return {
    name: "agency:inline-page-scripts",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle: {
      // Before Astro's own script plugin, which inlines chunks that import nothing.
      order: "pre",
      async handler(_options, bundle) {
        const chunks = new Map<string, Chunk>();
        for (const output of Object.values(bundle)) if (output.type === "chunk") chunks.set(output.fileName, output);
        const copied = new Set<string>();
        for (const chunk of chunks.values()) {
          // The chunk of an .astro file's processed <script> (Astro's module id for it).
          const isPageScript =
            chunk.isEntry && /\.astro\?astro&type=script&index=\d+&lang\.ts$/.test(chunk.facadeModuleId ?? "");
          if (!isPageScript || chunk.imports.length === 0 || chunk.dynamicImports.length > 0) continue;
          const closure = staticClosure(chunk, chunks);
          if (!closure) continue;
          const size = [chunk, ...closure].reduce((sum, part) => sum + Buffer.byteLength(part.code), 0);
          if (size >= limit) continue;
          chunk.code = await bundleChunk(chunk, chunks);
          for (const part of closure) copied.add(part.fileName);
          chunk.imports = [];
        }
        // A shared chunk that only inlined scripts imported is no longer loaded by anything.
        const stillImported = new Set(
          [...chunks.values()].flatMap((chunk) => [...chunk.imports, ...chunk.dynamicImports]),
        );
        for (const fileName of copied) {
          if (!stillImported.has(fileName) && !chunks.get(fileName)!.isEntry) delete bundle[fileName];
        }
      },
    },
  };
}
