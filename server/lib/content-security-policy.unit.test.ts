import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  inlineScriptHashes,
  inlineStyleHashes,
  pagePolicy,
  styleAttributeHashes,
  thirdPartyOrigins,
  withNonce,
} from "./content-security-policy.ts";
import { pageModulePaths, pageModules } from "./page-modules.ts";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("what a page's policy is written from", () => {
  it("allows data: images only on a public page that carries one (its icon)", () => {
    const icon = '<link rel="icon" href="data:image/svg+xml,%3Csvg%3E%3C%2Fsvg%3E" type="image/svg+xml">';
    const imgSrc = (html: string, kind: "site" | "admin") =>
      pagePolicy(html, kind, [])
        .split("; ")
        .find((part) => part.startsWith("img-src "));
    expect(imgSrc(icon, "site")).toBe("img-src 'self' data:");
    expect(imgSrc('<link rel="icon" href="/favicon.svg">', "site")).toBe("img-src 'self'");
    expect(imgSrc(icon, "admin")).toBe("img-src 'self'");
  });

  it("hashes executable inline scripts exactly as written, not data blocks or external scripts", () => {
    const html = [
      "<script>window.a = 1;</script>",
      '<script type="module">import "/assets/x.js";</script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script type="module" src="/assets/page.js"></script>',
      "<script>window.a = 1;</script>",
    ].join("\n");
    expect(inlineScriptHashes(html)).toEqual([sha256("window.a = 1;"), sha256('import "/assets/x.js";')]);
  });

  it("hashes style elements, and style attributes as the browser reads them (entities decoded)", () => {
    const html =
      '<style>a{color:red}</style><div style="font-family:&quot;Inter&quot;;height:700px"></div><p data-style="x">style="not an attribute"</p>';
    expect(inlineStyleHashes(html)).toEqual([sha256("a{color:red}")]);
    expect(styleAttributeHashes(html)).toEqual([sha256('font-family:"Inter";height:700px')]);
  });

  it("finds the hosts of scripts, frames (the booking facade's too, which it also asks) and images, srcset included, but not our own paths", () => {
    const html = [
      '<script src="https://cdn.example/a.js"></script><script src="/assets/b.js"></script>',
      '<iframe src="https://calendly.com/x/30min?embed=1" title="Book"></iframe>',
      '<div data-booking-calendar="" data-frame-src="https://booking.example/later" data-frame-title="Book later"></div>',
      '<img src="/hero.jpg" srcset="https://images.example/a.jpg 1x, https://img2.example/a.jpg 2x" alt="">',
    ].join("");
    expect(thirdPartyOrigins(html)).toEqual({
      script: ["https://cdn.example"],
      frame: ["https://booking.example", "https://calendly.com"],
      img: ["https://images.example", "https://img2.example"],
      connect: ["https://booking.example"],
    });
  });

  it("lets pages load fonts from our own origin only", () => {
    const policy = pagePolicy(
      '<link rel="preload" href="/assets/figtree.woff2" as="font" type="font/woff2" crossorigin>',
      "site",
      [],
    );
    expect(policy.split("; ")).toContain("font-src 'self'");
    expect(pagePolicy("", "admin", []).split("; ")).toContain("font-src 'self'");
  });

  it("lets the admin name no other host even when its markup does", () => {
    const policy = pagePolicy(
      '<img src="https://images.example/a.jpg"><iframe src="https://calendly.com/x"></iframe>',
      "admin",
      ['const u="https://www.googletagmanager.com";'],
    );
    expect(policy).not.toMatch(/https:/);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("allows the style elements the admin's components add by the answer's nonce, never by 'unsafe-inline'", () => {
    const radix = ['const s="[data-radix-select-viewport]{scrollbar-width:none}";'];
    const template = pagePolicy("<style>a{color:red}</style>", "admin", radix);
    const policy = withNonce(template, "bm9uY2Utb2YtdGhlLWFuc3dlcg==").split("; ");
    expect(policy).toContain(`style-src-elem 'self' ${sha256("a{color:red}")} 'nonce-bm9uY2Utb2YtdGhlLWFuc3dlcg=='`);
    expect(policy).toContain(`style-src 'self' ${sha256("a{color:red}")} 'nonce-bm9uY2Utb2YtdGhlLWFuc3dlcg=='`);
    expect(policy.join("; ")).not.toContain("unsafe-inline");
    // A public page with such a component keeps 'unsafe-inline' for style elements (static, precompressed pages).
    expect(pagePolicy("<style>a{color:red}</style>", "site", radix).split("; ")).toContain(
      "style-src-elem 'self' 'unsafe-inline'",
    );
    // An admin without such code needs no nonce.
    expect(pagePolicy("", "admin", []).split("; ")).toContain("style-src-elem 'self'");
  });

  it("lets the admin start its own service worker (issue 36) and the public pages none", () => {
    const workerSrc = (kind: "site" | "admin") =>
      pagePolicy('<script src="https://cdn.example/a.js"></script>', kind, [])
        .split("; ")
        .find((part) => part.startsWith("worker-src "));
    expect(workerSrc("admin")).toBe("worker-src 'self'");
    expect(workerSrc("site")).toBe("worker-src 'none'");
    expect(pagePolicy("", "admin", []).split("; ")).toContain("manifest-src 'self'");
  });

  it("names the report endpoint in every policy", () => {
    for (const policy of [pagePolicy("", "site", []), pagePolicy("", "admin", [])]) {
      expect(policy.split("; ").slice(-2)).toEqual(["report-uri /api/csp-reports", "report-to csp"]);
    }
  });
});

describe("the modules a page loads", () => {
  const files: Record<string, string> = {
    "/assets/page.js": 'import"./shared.js";const later=()=>import("./lazy.js");',
    "/assets/shared.js": "export const s=1;",
    "/assets/lazy.js": 'import{s}from"./shared.js";import"./lazy-only.js";',
    "/assets/lazy-only.js": "export {};",
    "/assets/island.js": 'import{s}from"/assets/shared.js";',
    "/assets/client.js": "export default 1;",
    "/assets/entry.js": "export {};",
  };
  const read = async (path: string) => files[path] ?? null;

  it("names module scripts, islands' modules and what inline module scripts import", () => {
    const html = [
      '<script type="module" src="/assets/page.js"></script>',
      '<astro-island component-url="/assets/island.js" renderer-url="/assets/client.js"></astro-island>',
      '<script type="module">import "/assets/shared.js"; import("/assets/entry.js");</script>',
      '<script src="https://www.googletagmanager.com/gtag/js"></script>',
    ].join("");
    expect(pageModulePaths(html).sort()).toEqual([
      "/assets/client.js",
      "/assets/entry.js",
      "/assets/island.js",
      "/assets/page.js",
      "/assets/shared.js",
    ]);
  });

  it("tells what loads with the page from what loads on demand", async () => {
    const modules = await pageModules('<script type="module" src="/assets/page.js"></script>', read);
    expect(Object.fromEntries(modules.map((m) => [m.path, m.load]))).toEqual({
      "/assets/page.js": "page",
      "/assets/shared.js": "static",
      "/assets/lazy.js": "dynamic",
      "/assets/lazy-only.js": "dynamic",
    });
  });

  it("skips paths that are not there", async () => {
    expect(await pageModules('<script type="module" src="/assets/missing.js"></script>', read)).toEqual([]);
  });
});
