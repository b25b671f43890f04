import { readFile } from "node:fs/promises";
import { resolve, sep } from "node:path";

// The JavaScript modules a built page loads, read from its HTML and the modules themselves. The server
// uses it to write each page's Content-Security-Policy (docs/decisions/019-content-security-policy.md)
// and `npm run bench:web` to weigh each page's JavaScript.

/** How a module is reached: named by the page, imported statically, or imported on demand. */
export type ModuleLoad = "page" | "static" | "dynamic";
export type PageModule = { path: string; load: ModuleLoad; source: string };

/** Reads a module by its URL path (`/assets/client.Ab12.js`); null when it does not exist. */
export type ReadModule = (path: string) => Promise<string | null>;

function attributeValues(html: string, tag: string, attribute: string): string[] {
  const values: string[] = [];
  for (const [element] of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "gi"))) {
    const value = new RegExp(`\\s${attribute}="([^"]*)"`, "i").exec(element)?.[1];
    if (value) values.push(value);
  }
  return values;
}

/**
 * The modules the page itself names: module scripts (and what inline module scripts import, as React
 * Router's pages do), module preloads, and the component, renderer and before-hydration modules of its
 * Astro islands. Only paths on this site count.
 */
export function pageModulePaths(html: string): string[] {
  const inlineModules = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (match) => match[1]!,
  );
  const inlineImports = inlineModules.flatMap((code) =>
    [...code.matchAll(STATIC_IMPORT), ...code.matchAll(DYNAMIC_IMPORT)]
      .map((match) => resolveImport(match[1]!, "/"))
      .filter((path) => path !== null),
  );
  const paths = [
    ...inlineImports,
    ...attributeValues(html, "script", "src"),
    ...attributeValues(html, "link", "href").filter((_, index, hrefs) => /\.m?js$/.test(hrefs[index]!)),
    ...attributeValues(html, "astro-island", "component-url"),
    ...attributeValues(html, "astro-island", "renderer-url"),
    ...attributeValues(html, "astro-island", "before-hydration-url"),
  ];
  return [...new Set(paths.filter((path) => path.startsWith("/") && !path.startsWith("//")))];
}

const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*["'`]([^"'`]+\.m?js)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]([^"'`]+\.m?js)["'`]\s*\)/g;

function resolveImport(specifier: string, from: string): string | null {
  if (!specifier.startsWith("./") && !specifier.startsWith("../") && !specifier.startsWith("/")) return null;
  return new URL(specifier, `http://page.invalid${from}`).pathname;
}

/**
 * Every module the page loads or may load, in discovery order: what it names, what those import
 * statically (loaded with them), and what they import on demand (`import("./x.js")`, counted as
 * "dynamic" unless also reached statically).
 */
export async function pageModules(html: string, read: ReadModule): Promise<PageModule[]> {
  const found = new Map<string, PageModule>();
  const queue: Array<{ path: string; load: ModuleLoad }> = pageModulePaths(html).map((path) => ({
    path,
    load: "page",
  }));
  const rank: Record<ModuleLoad, number> = { page: 0, static: 1, dynamic: 2 };
  while (queue.length > 0) {
    const { path, load } = queue.shift()!;
    const known = found.get(path);
    if (known) {
      // A module reached on demand first and statically later is loaded with the page after all.
      if (rank[load] < rank[known.load]) {
        known.load = load;
        queue.push(...importsOf(known.source, path, load));
      }
      continue;
    }
    const source = await read(path);
    if (source === null) continue;
    found.set(path, { path, load, source });
    queue.push(...importsOf(source, path, load));
  }
  return [...found.values()];
}

function importsOf(source: string, path: string, load: ModuleLoad): Array<{ path: string; load: ModuleLoad }> {
  const imports: Array<{ path: string; load: ModuleLoad }> = [];
  for (const match of source.matchAll(STATIC_IMPORT)) {
    const target = resolveImport(match[1]!, path);
    // What a page-loaded module imports statically loads with the page; below an on-demand module, on demand.
    if (target) imports.push({ path: target, load: load === "dynamic" ? "dynamic" : "static" });
  }
  for (const match of source.matchAll(DYNAMIC_IMPORT)) {
    const target = resolveImport(match[1]!, path);
    if (target) imports.push({ path: target, load: "dynamic" });
  }
  return imports;
}

/**
 * Reads a built module by its URL path (null when it is not a file inside the client folder), each file
 * once: every page loads the same few shared modules.
 */
export function moduleReader(clientDir: string): ReadModule {
  const read = new Map<string, Promise<string | null>>();
  return (path) => {
    const file = resolve(clientDir, `.${path}`);
    if (!file.startsWith(`${clientDir}${sep}`)) return Promise.resolve(null);
    if (!read.has(file))
      read.set(
        file,
        readFile(file, "utf8").catch(() => null),
      );
    return read.get(file)!;
  };
}
