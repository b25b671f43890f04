import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { inlinePageScripts } from "./inline-page-scripts.ts";

// The plugin on a hand-made client bundle: page scripts get the chunks they import copied in (so that
// Astro inlines them), unless too big or loading something on demand; chunks only they imported go.

type Bundle = Record<string, Rollup.OutputChunk>;

type ChunkShape = { imports?: string[]; dynamicImports?: string[]; page?: boolean; isEntry?: boolean };

function chunk(
  fileName: string,
  code: string,
  { imports = [], dynamicImports = [], page = false, isEntry = page }: ChunkShape = {},
) {
  return {
    type: "chunk",
    fileName,
    code,
    imports,
    dynamicImports,
    isEntry,
    facadeModuleId: page
      ? `/site/app/pages/${fileName.replace(/^assets\/|\.js$/g, "")}.astro?astro&type=script&index=0&lang.ts`
      : null,
  } as unknown as Rollup.OutputChunk;
}

async function runPlugin(bundle: Bundle, limit = 8 * 1024) {
  const plugin = inlinePageScripts({ limit });
  const hook = plugin.generateBundle as { handler: (this: unknown, options: unknown, bundle: Bundle) => Promise<void> };
  await hook.handler.call({}, {}, bundle);
}

/** Runs a script that imports and exports nothing; returns what it logged. */
function logged(code: string): unknown[] {
  const lines: unknown[] = [];
  new Function("console", code)({ log: (value: unknown) => lines.push(value) });
  return lines;
}

describe("inlinePageScripts", () => {
  it("copies a page script's shared chunks into it and drops the chunks nothing else imports", async () => {
    const bundle: Bundle = {
      "assets/frame.js": chunk(
        "assets/frame.js",
        'import{a as b}from"./shared.js";import{c}from"./pages-only.js";console.log(b(1)+c);',
        {
          imports: ["assets/shared.js", "assets/pages-only.js"],
          page: true,
        },
      ),
      "assets/shared.js": chunk(
        "assets/shared.js",
        'import{c as d}from"./pages-only.js";function a(x){return x+d}export{a};',
        { imports: ["assets/pages-only.js"] },
      ),
      "assets/pages-only.js": chunk("assets/pages-only.js", "var c=10;export{c};"),
      "assets/island.js": chunk("assets/island.js", 'import{a}from"./shared.js";a(0);', {
        imports: ["assets/shared.js"],
        isEntry: true,
      }),
    };
    await runPlugin(bundle);

    const frame = bundle["assets/frame.js"]!;
    expect(frame.imports).toEqual([]);
    expect(frame.code).not.toMatch(/\bimport\b|\bexport\b/);
    expect(logged(frame.code)).toEqual([21]);
    // The island still imports shared.js; pages-only.js was imported only by the frame and shared.js,
    // and shared.js still exists, so pages-only.js stays as well.
    expect(Object.keys(bundle).sort()).toEqual([
      "assets/frame.js",
      "assets/island.js",
      "assets/pages-only.js",
      "assets/shared.js",
    ]);
  });

  it("drops a shared chunk once every page script that imported it carries a copy", async () => {
    const bundle: Bundle = {
      "assets/offer.js": chunk("assets/offer.js", 'import"./countdowns.js";', {
        imports: ["assets/countdowns.js"],
        page: true,
      }),
      "assets/pitch.js": chunk("assets/pitch.js", 'import"./countdowns.js";', {
        imports: ["assets/countdowns.js"],
        page: true,
      }),
      "assets/countdowns.js": chunk("assets/countdowns.js", 'console.log("tick");'),
    };
    await runPlugin(bundle);

    expect(logged(bundle["assets/offer.js"]!.code)).toEqual(["tick"]);
    expect(logged(bundle["assets/pitch.js"]!.code)).toEqual(["tick"]);
    expect(Object.keys(bundle).sort()).toEqual(["assets/offer.js", "assets/pitch.js"]);
  });

  it("leaves a page script alone when the whole is over the limit or something loads on demand", async () => {
    const big = `console.log("${"x".repeat(200)}");`;
    const bundle: Bundle = {
      "assets/big.js": chunk("assets/big.js", 'import"./payload.js";', { imports: ["assets/payload.js"], page: true }),
      "assets/payload.js": chunk("assets/payload.js", big),
      "assets/lazy.js": chunk("assets/lazy.js", 'import"./loader.js";', { imports: ["assets/loader.js"], page: true }),
      "assets/loader.js": chunk("assets/loader.js", 'import("./later.js");', { dynamicImports: ["assets/later.js"] }),
      "assets/later.js": chunk("assets/later.js", "console.log(1);", { isEntry: false }),
    };
    await runPlugin(bundle, 150);

    expect(bundle["assets/big.js"]!.imports).toEqual(["assets/payload.js"]);
    expect(bundle["assets/lazy.js"]!.imports).toEqual(["assets/loader.js"]);
    expect(Object.keys(bundle)).toHaveLength(5);
  });
});
