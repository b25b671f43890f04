import { brotliCompressSync } from "node:zlib";
import { pageModules, type ModuleLoad } from "../../server/lib/page-modules.ts";

// Weights: what each page loads, brotli as served.

export type ModuleWeight = { path: string; load: ModuleLoad; bytes: number };
export type PageWeight = {
  path: string;
  status: number;
  html: string;
  htmlBytes: number;
  modules: ModuleWeight[];
  cssBytes: number;
};

/** The page's inline module scripts (Astro inlines small ones), brotli, as one entry: they run with the page. */
export function inlineModules(html: string): ModuleWeight[] {
  const code = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1]!)
    .filter((text) => text.trim() !== "");
  return code.length === 0
    ? []
    : [{ path: "inline", load: "page", bytes: brotliCompressSync(code.join("\n")).byteLength }];
}

/** The size of the answer as it travels when the browser accepts brotli. */
export async function servedSize(url: string): Promise<{ bytes: number; text: string; status: number }> {
  const response = await fetch(url, { headers: { "accept-encoding": "br" } });
  const text = await response.text();
  // fetch decodes the body; the encoded size is the Content-Length (static files and pages send it).
  const length = Number(response.headers.get("content-length"));
  const encoded = response.headers.get("content-encoding");
  const bytes = Number.isFinite(length) && length > 0 && encoded ? length : brotliCompressSync(text).byteLength;
  return { bytes, text, status: response.status };
}

export async function pageWeight(origin: string, path: string): Promise<PageWeight> {
  const page = await servedSize(`${origin}${path}`);
  const sizes = new Map<string, number>();
  const modules = await pageModules(page.text, async (modulePath) => {
    const module = await servedSize(`${origin}${modulePath}`);
    if (module.status !== 200) return null;
    sizes.set(modulePath, module.bytes);
    return module.text;
  });
  const stylesheets = [...page.text.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)]
    .map(([tag]) => /href="([^"]+)"/.exec(tag)?.[1])
    .filter((href): href is string => href !== undefined && href.startsWith("/"));
  let cssBytes = 0;
  for (const href of new Set(stylesheets)) cssBytes += (await servedSize(`${origin}${href}`)).bytes;
  return {
    path,
    status: page.status,
    html: page.text,
    htmlBytes: page.bytes,
    modules: [
      ...inlineModules(page.text),
      ...modules.map((module) => ({ path: module.path, load: module.load, bytes: sizes.get(module.path) ?? 0 })),
    ],
    cssBytes,
  };
}

export const withPage = (weight: PageWeight) =>
  weight.modules.filter((m) => m.load !== "dynamic").reduce((sum, m) => sum + m.bytes, 0);
export const onDemand = (weight: PageWeight) =>
  weight.modules.filter((m) => m.load === "dynamic").reduce((sum, m) => sum + m.bytes, 0);
