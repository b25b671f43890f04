import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// Writes .br and .gz beside every compressible file of the built client, once, at the highest
// quality, so the server never compresses static files per request (@fastify/static preCompressed).

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest)$/;
const MIN_BYTES = 1024;

// The client build's folder: the argument, or BUILD_DIR's client folder (as react-router.config.ts).
const root = process.argv[2] ?? join(process.env.BUILD_DIR ?? "build", "client");

let files = 0;
let before = 0;
let afterBrotli = 0;
for (const name of readdirSync(root, { recursive: true }) as string[]) {
  const file = join(root, name);
  if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const br = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  files += 1;
  before += content.length;
  afterBrotli += br.length;
}
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(1)} KB -> ${(afterBrotli / 1024).toFixed(1)} KB brotli (${((afterBrotli / Math.max(before, 1)) * 100).toFixed(0)}%)`,
);
