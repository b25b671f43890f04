import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { loadSiteRenderer, seedSource } from "../server/site/page-renderer.ts";

// Writes every public page, as a fresh install serves it (the seed: today's files and settings), into the
// client build (build/client/about/index.html, 404.html, blog/rss.xml). The server renders its pages from the
// database (issue 37) and never serves these; they are the build's record of the site, which the HTML checks
// (scripts/check-html.ts), the benchmarks and the nginx comparison read.

const clientDir = resolve(process.argv[2] ?? join(process.env.BUILD_DIR ?? "build", "client"));
const renderer = await loadSiteRenderer(clientDir);
if (!renderer) throw new Error(`no renderer beside ${clientDir} (build/server/entry.mjs): run astro build first`);
const content = await seedSource(renderer).load();

function fileOf(path: string): string {
  if (path === renderer!.NOT_FOUND_PATH) return join(clientDir, "404.html");
  if (/\.[a-z]+$/.test(path)) return join(clientDir, path);
  return join(clientDir, path === "/" ? "" : path, "index.html");
}

let pages = 0;
for (const path of [...renderer.publicPaths(content), renderer.NOT_FOUND_PATH]) {
  const rendered = await renderer.renderPage(path, content);
  if (rendered.status !== 200 && path !== renderer.NOT_FOUND_PATH)
    throw new Error(`rendering ${path} answered ${rendered.status}`);
  const file = fileOf(path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, rendered.body);
  pages += 1;
}
console.log(`rendered ${pages} pages of the seeded site into ${clientDir}`);
