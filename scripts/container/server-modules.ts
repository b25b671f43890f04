// Copies into the image only the packages the compiled server loads, found from its imports and the
// lockfile (docs/decisions/036-container-and-runtime.md). The site's build tools are devDependencies, so
// `npm ci --omit=dev` installs these same packages (181 on 2026-11-28) plus two optional ones (the Node build,
// pg-cloudflare), but whole: 108 MB without Node against 55 MB here, which leaves out type declarations,
// source maps, readmes and better-sqlite3's C sources and other platforms' addons. It also fails if the server imports a dev
// dependency.
//
//   node scripts/container/server-modules.ts <out-dir>     (repository root, after npm ci and npm run build)
//
// Starts from the bare imports of every .js file under dist/ (the server, its CLI and the contract), then
// follows each package's dependencies and required peers through package-lock.json as Node resolves them
// (nested node_modules first, then each parent's). Optional dependencies are followed only when installed:
// npm installs just this platform's, and sharp's prebuilt addon and libvips come that way (@img/sharp-linux-x64).
// It fails if the server needs a dev dependency or a required package that is not installed.
// Runs on Node 24 as it is (type stripping): only erasable TypeScript here.
import { cpSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { basename, join, relative } from "node:path";

type LockPackage = {
  version?: string;
  dev?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

// Files no running server reads: type declarations, source maps, readmes and changelogs (licences stay).
const SKIPPED_FILE = /(\.d\.[cm]?ts|\.map|\.md|\.markdown)$/i;
const LICENCE = /^(licen[cs]e|copying|notice)/i;
// better-sqlite3 ships SQLite's C sources and a prebuilt addon for each platform; the image needs only its own.
const PLATFORM_PREBUILD = `${process.platform}-${process.arch}.node`;
const SKIPPED_IN: Record<string, (path: string) => boolean> = {
  "better-sqlite3": (path) =>
    path === "deps" || path === "src" || (path.startsWith("prebuilds/") && basename(path) !== PLATFORM_PREBUILD),
};

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.[cm]?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

// Statements at the start of a line (as tsc writes them), and import("x") calls.
const IMPORT =
  /^\s*(?:import|export)\s[\w$*{},\s]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;
const builtins = new Set(builtinModules);

/** The package names the compiled code imports (`nodemailer/lib/x` is nodemailer, `@fastify/static` itself). */
export function importedPackages(sources: string[]): string[] {
  const names = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2] ?? match[3])!;
      if (/^[./#]/.test(specifier) || specifier.startsWith("node:") || builtins.has(specifier)) continue;
      const parts = specifier.split("/");
      names.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!);
    }
  }
  return [...names].sort();
}

/** Where Node finds `name` from the package at `from` ("" is the project): its own node_modules, then its parents'. */
function resolve(packages: Record<string, LockPackage>, from: string, name: string): string | null {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (packages[candidate] && existsSync(candidate)) return candidate;
    if (dir === "") return null;
    dir = dir.slice(0, dir.lastIndexOf("node_modules/")).replace(/\/$/, "");
  }
}

export function serverPackages(packages: Record<string, LockPackage>, roots: string[]): string[] {
  const found = new Set<string>();
  const queue = roots.map((name) => ({ from: "", name, optional: false, by: "dist/" }));
  while (queue.length > 0) {
    const { from, name, optional, by } = queue.shift()!;
    const path = resolve(packages, from, name);
    if (path === null) {
      if (optional) continue;
      throw new Error(`${by} needs ${name}, which is not installed (run npm ci first)`);
    }
    if (found.has(path)) continue;
    const entry = packages[path]!;
    if (entry.dev) throw new Error(`${by} needs ${name}, a dev dependency: the server must not load one`);
    found.add(path);
    for (const dep of Object.keys(entry.dependencies ?? {}))
      queue.push({ from: path, name: dep, optional: false, by: path });
    for (const dep of Object.keys(entry.optionalDependencies ?? {}))
      queue.push({ from: path, name: dep, optional: true, by: path });
    for (const peer of Object.keys(entry.peerDependencies ?? {})) {
      queue.push({ from: path, name: peer, optional: entry.peerDependenciesMeta?.[peer]?.optional === true, by: path });
    }
  }
  return [...found].sort();
}

function main() {
  const out = process.argv[2];
  if (!out) throw new Error("usage: node scripts/container/server-modules.ts <out-dir>");
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockPackage> };
  const roots = importedPackages(jsFiles("dist").map((file) => readFileSync(file, "utf8")));
  const paths = serverPackages(lock.packages, roots);
  for (const path of paths) {
    const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
    const skipped = SKIPPED_IN[name];
    cpSync(path, join(out, path), {
      recursive: true,
      filter: (source) => {
        const inside = relative(path, source);
        if (inside === "") return true;
        // Nested packages are copied in their own right, and only when the server needs them.
        if (inside === "node_modules" || inside.startsWith("node_modules/")) return false;
        if (skipped?.(inside)) return false;
        return LICENCE.test(basename(source)) || !SKIPPED_FILE.test(source);
      },
    });
  }
  console.log(`server imports: ${roots.join(", ")}`);
  console.log(`${paths.length} packages copied to ${join(out, "node_modules")}`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main();
