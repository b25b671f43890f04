import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, humanSignals, type TestApp } from "../../tests/helpers/test-app.ts";

// The serving rules, checked against a small client folder shaped like Astro's build output (the
// browser tests check the real build).

let t: TestApp;
let clientDir: string;

function writeWithVariants(file: string, content: string) {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

/** What Astro writes for a page with an island: the island element's inline definition and its style. */
const ISLAND_SCRIPT = "(()=>{customElements.define('astro-island',class extends HTMLElement{})})();";
const ISLAND_STYLE = "astro-island,astro-slot,astro-static-slot{display:contents}";
const SCHEDULING_URL = "https://calendly.example/summit/30min";
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const SERVICE_WORKER = '(function(){self.addEventListener("push",()=>{});})();';

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), "agency-client-"));
  writeWithVariants(
    join(clientDir, "index.html"),
    '<link rel="canonical" href="https://agency.example/"/><h1>Home page</h1>'.padEnd(2000, " "),
  );
  writeWithVariants(
    join(clientDir, "about", "index.html"),
    '<link rel="canonical" href="https://agency.example/about"/><h1>About page</h1>',
  );
  writeWithVariants(
    join(clientDir, "thanks", "index.html"),
    '<link rel="canonical" href="https://agency.example/thanks"/><meta name="robots" content="noindex"/><h1>Thanks</h1>',
  );
  writeWithVariants(
    join(clientDir, "contact", "index.html"),
    [
      '<link rel="canonical" href="https://agency.example/contact"/>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script type="module" src="/assets/page.Ab12.js"></script>',
      `<style>${ISLAND_STYLE}</style><script>${ISLAND_SCRIPT}</script>`,
      '<astro-island component-url="/assets/contact-form.Cd34.js" renderer-url="/assets/client.Ef56.js"></astro-island>',
      `<div data-booking-calendar="" data-frame-src="${SCHEDULING_URL}" data-frame-title="Schedule" style="height:700px"></div>`,
      '<img src="https://images.example/photo.jpg" alt="">',
    ].join(""),
  );
  writeWithVariants(
    join(clientDir, "404.html"),
    '<meta name="robots" content="noindex"/><h1>404 Page Not Found</h1><script type="module" src="/assets/page.Ab12.js"></script>',
  );
  writeWithVariants(
    join(clientDir, "admin", "index.html"),
    `<meta name="robots" content="noindex"/><style>${ISLAND_STYLE}</style><script>${ISLAND_SCRIPT}</script><astro-island component-url="/assets/admin-app.Gh78.js"><p>Loading...</p></astro-island>`.padEnd(
      2000,
      " ",
    ),
  );
  writeWithVariants(join(clientDir, "assets", "entry-AbC123.js"), "console.log('app');".repeat(100));
  // The site script loads the Google tag; the admin app has no third party in it.
  writeFileSync(join(clientDir, "assets", "page.Ab12.js"), 'import"./analytics.Ij90.js";');
  writeFileSync(
    join(clientDir, "assets", "analytics.Ij90.js"),
    'export const u="https://www.googletagmanager.com/gtag/js?id=";',
  );
  writeFileSync(join(clientDir, "assets", "contact-form.Cd34.js"), 'import{a}from"./client.Ef56.js";');
  writeFileSync(join(clientDir, "assets", "client.Ef56.js"), "export const a=1;");
  writeFileSync(
    join(clientDir, "assets", "admin-app.Gh78.js"),
    'import{a}from"./client.Ef56.js";const s="[data-radix-select-viewport]{scrollbar-width:none}";',
  );
  writeFileSync(join(clientDir, "favicon.ico"), "icon");
  writeFileSync(join(clientDir, "admin", "service-worker.js"), SERVICE_WORKER);
  writeFileSync(join(clientDir, "admin", "manifest.webmanifest"), '{"name":"Admin"}');
  t = await createTestApp({ clientDir });
});

afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

/** Sends `GET <target> HTTP/1.1` byte for byte and reads the status and Location of the answer. */
function rawGet(port: number, target: string): Promise<{ status: number; location: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      const location = /^location: (.*)$/im.exec(head)?.[1];
      resolve({ status, location, body: rest.join("\r\n\r\n") });
    });
    socket.end(Buffer.from(`GET ${target} HTTP/1.1\r\nHost: ours.example\r\nConnection: close\r\n\r\n`, "latin1"));
  });
}

describe("serving the built client", () => {
  it("serves a prerendered page at its path, revalidated on every visit", async () => {
    const response = await get("/about");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toContain("About page");
    expect((await get("/")).body).toContain("Home page");
  });

  it("answers 304 when the page has not changed", async () => {
    const first = await get("/about");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const second = await get("/about", { "if-none-match": etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
  });

  it("sends the build-time brotli or gzip copy the browser accepts", async () => {
    const br = await get("/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("Home page");

    const gz = await get("/", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toContain("Home page");

    const plain = await get("/", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("Home page");
  });

  it("serves hashed assets compressed and cached for a year as immutable", async () => {
    const response = await get("/assets/entry-AbC123.js", { "accept-encoding": "br" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain("console.log('app')");
    const other = await get("/favicon.ico");
    expect(other.statusCode).toBe(200);
    expect(other.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("serves the admin app for every admin path", async () => {
    for (const path of ["/admin/login", "/admin/submissions", "/admin"]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body).toContain("Loading...");
    }
  });

  it("serves the admin's service worker as JavaScript, revalidated on every check, under a policy of its own", async () => {
    const response = await get("/admin/service-worker.js");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers["content-security-policy"]).toBe(
      "default-src 'none'; img-src 'self'; frame-ancestors 'none'",
    );
    // Under /admin/ already: its scope needs no Service-Worker-Allowed.
    expect(response.headers["service-worker-allowed"]).toBeUndefined();
    expect(response.body).toBe(SERVICE_WORKER);
    const again = await get("/admin/service-worker.js", { "if-none-match": String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("serves the admin's web app manifest as one", async () => {
    const response = await get("/admin/manifest.webmanifest");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/manifest+json");
    expect(JSON.parse(response.body)).toEqual({ name: "Admin" });
  });

  it("answers unknown paths with the 404 page and status 404", async () => {
    for (const path of ["/no-such-page", "/services/nothing/here", "/index.html", "/about/index.html.br"]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain("404 Page Not Found");
    }
  });

  it("redirects a trailing slash to the path without it, keeping the query", async () => {
    const response = await get("/about/?utm_source=newsletter");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/about?utm_source=newsletter");
    expect((await get("/")).statusCode).toBe(200);
  });

  it("redirects a trailing slash only to a path on this site, whatever the raw request line holds", async () => {
    // Raw request lines through a real socket: inject (like any URL-parsing client) would normalise
    // `/\\x`, `/./` and tabs away before the server saw them.
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = Number(new URL(address).port);
    const ourOrigin = "http://ours.example";
    const cases: Array<[target: string, status: number, location?: string]> = [
      ["/about/?utm_source=newsletter&next=//evil.example", 301, "/about?utm_source=newsletter&next=//evil.example"],
      ["/about//", 301, "/about"],
      ["//", 301, "/"],
      ["//evil.example/", 404],
      ["/\\evil.example/", 404],
      ["///evil.example/", 404],
      ["/%2F%2Fevil.example/", 404],
      ["/%5Cevil.example/", 404],
      ["/%5cevil.example/", 404],
      ["/\\/evil.example/", 404],
      ["/%09/evil.example/", 404],
      ["/%0A/evil.example/", 404],
      ["/%0d%0a/evil.example/", 404],
      ["/./", 404],
      ["/..//", 404],
      ["/.//evil.example/", 404],
      ["/about/%2e%2e/", 404],
      ["http://evil.example/about/", 404],
      // Node's HTTP parser refuses raw control characters in the request line before any route runs.
      ["/\t/evil.example/", 400],
      ["/\n/evil.example/", 400],
      ["/about/?a=\t", 400],
      // Fastify's router refuses malformed percent-encoding.
      ["/%E0%A4%A/", 400],
    ];
    for (const [target, status, location] of cases) {
      const response = await rawGet(port, target);
      expect(response.status, target).toBe(status);
      expect(response.location, target).toBe(location);
      if (response.location !== undefined) expect(new URL(response.location, ourOrigin).origin, target).toBe(ourOrigin);
    }
  });

  it("answers the 404 page with status 404 for dot segments, doubled slashes and over-long paths, never the static files' 403 (issue 19)", async () => {
    // Through a real socket: inject would resolve `/..` to `/` before the server saw it (the test above
    // started listening; alone, this one starts).
    const port = t.app.server.listening
      ? (t.app.server.address() as AddressInfo).port
      : Number(new URL(await t.app.listen({ port: 0, host: "127.0.0.1" })).port);
    const notFoundBody = (await get("/no-such-page")).body;
    for (const target of [
      "/..",
      "/../..",
      "//x",
      "//assets/app.js",
      "/a/..",
      "/about/..",
      "/%2e%2e",
      "/%2E%2E/%2e%2e/etc/passwd",
      "/assets/%2e%2e/index.html",
      `/${"a".repeat(5000)}`,
      `/about/${"b".repeat(300)}`,
      `/${"c/".repeat(1100)}d`,
    ]) {
      const response = await rawGet(port, target);
      expect(response.status, target.slice(0, 40)).toBe(404);
      expect(response.body, target.slice(0, 40)).toContain(notFoundBody.slice(0, 200));
    }
  });

  it("answers such a path with the server's own 404 when the client is not built", async () => {
    const apiOnly = await createTestApp({ clientDir: join(clientDir, "no-build-here") });
    try {
      const address = await apiOnly.app.listen({ port: 0, host: "127.0.0.1" });
      const response = await rawGet(Number(new URL(address).port), "//evil.example/");
      expect(response).toMatchObject({ status: 404, location: undefined });
      expect(response.body).toContain("the client is not built");
    } finally {
      await apiOnly.close();
    }
  });

  it("answers unknown API paths with JSON 404 for any method", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await t.app.inject({ method, url: "/api/nothing-here" });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toContain("/api/nothing-here");
    }
  });

  it("compresses large API answers on the fly", async () => {
    for (let i = 0; i < 10; i += 1) {
      await t.app.inject({
        method: "POST",
        url: "/api/contact",
        payload: {
          firstName: "A",
          lastName: "B",
          email: "a@example.com",
          phone: "5550100100",
          ...(await humanSignals(t.app)),
        },
      });
    }
    const login = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "owner@example.com", password: "correct horse battery staple" },
    });
    const cookie = `agency_session=${login.cookies[0]?.value}`;
    const response = await get("/api/contact-submissions", { cookie, "accept-encoding": "br" });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toHaveLength(10);
  });
});

/** A policy as a map from directive name to its sources. */
function parsePolicy(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe("string");
  return new Map(
    String(header)
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

describe("Content-Security-Policy and Permissions-Policy", () => {
  it("allows a page's own inline scripts and styles by hash, and the hosts it uses where it uses them", async () => {
    const response = await get("/contact");
    const policy = parsePolicy(response.headers["content-security-policy"]);
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("script-src")).toEqual(["'self'", sha256(ISLAND_SCRIPT), "https://www.googletagmanager.com"]);
    expect(policy.get("style-src-elem")).toEqual(["'self'", sha256(ISLAND_STYLE)]);
    // React writes the booking card's height as a style attribute.
    expect(policy.get("style-src-attr")).toEqual(["'unsafe-hashes'", sha256("height:700px")]);
    expect(policy.get("frame-src")).toEqual(["https://calendly.example"]);
    expect(policy.get("img-src")).toEqual([
      "'self'",
      "https://*.google-analytics.com",
      "https://*.googletagmanager.com",
      "https://images.example",
    ]);
    expect(policy.get("connect-src")).toEqual([
      "'self'",
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://*.googletagmanager.com",
      // The booking facade asks its host whether it answers before showing the calendar (issue 39).
      "https://calendly.example",
    ]);
    for (const [name, sources] of [
      ["object-src", ["'none'"]],
      ["base-uri", ["'self'"]],
      ["form-action", ["'self'"]],
      ["frame-ancestors", ["'self'"]],
      // A public page starts no worker (script-src's third-party hosts must not start one either).
      ["worker-src", ["'none'"]],
    ] as const) {
      expect(policy.get(name), name).toEqual(sources);
    }
    // The JSON-LD block is data, not script: it needs no hash.
    expect(policy.get("script-src")).not.toContain(sha256('{"@type":"Organization"}'));
  });

  it("names no host a page does not use", async () => {
    const policy = parsePolicy((await get("/about")).headers["content-security-policy"]);
    expect(policy.get("script-src")).toEqual(["'self'"]);
    expect(policy.get("style-src-elem")).toEqual(["'self'"]);
    expect(policy.get("style-src-attr")).toEqual(["'none'"]);
    expect(policy.get("frame-src")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
  });

  it("sends the 404 page with its own policy, also when revalidated", async () => {
    const missing = await get("/no-such-page");
    expect(missing.statusCode).toBe(404);
    const policy = parsePolicy(missing.headers["content-security-policy"]);
    expect(policy.get("script-src")).toEqual(["'self'", "https://www.googletagmanager.com"]);
    const about = await get("/about");
    const revalidated = await get("/about", { "if-none-match": String(about.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers["content-security-policy"]).toBe(about.headers["content-security-policy"]);
  });

  it("gives the admin app a stricter policy: no third party at all, never framed", async () => {
    for (const path of ["/admin", "/admin/submissions"]) {
      const response = await get(path);
      const policy = parsePolicy(response.headers["content-security-policy"]);
      expect(policy.get("script-src"), path).toEqual(["'self'", sha256(ISLAND_SCRIPT)]);
      // Radix's Select and Dialog add <style> elements while they run: the admin allows them by this
      // answer's nonce (given to the page in a meta element), never 'unsafe-inline'.
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(response.body)?.[1];
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(policy.get("style-src-elem"), path).toEqual(["'self'", sha256(ISLAND_STYLE), `'nonce-${nonce}'`]);
      expect(policy.get("style-src"), path).toEqual(["'self'", sha256(ISLAND_STYLE), `'nonce-${nonce}'`]);
      expect(policy.get("style-src-attr"), path).toEqual(["'none'"]);
      expect(String(response.headers["content-security-policy"]), path).not.toContain("unsafe-inline");
      expect(policy.get("img-src"), path).toEqual(["'self'"]);
      expect(policy.get("connect-src"), path).toEqual(["'self'"]);
      expect(policy.get("frame-src"), path).toEqual(["'none'"]);
      // Its push service worker (issue 36), from our origin only.
      expect(policy.get("worker-src"), path).toEqual(["'self'"]);
      expect(policy.get("frame-ancestors"), path).toEqual(["'none'"]);
      expect(response.headers["x-frame-options"], path).toBe("DENY");
      const thirdParty = [...policy.values()].flat().filter((source) => /^https?:/.test(source));
      expect(thirdParty, path).toEqual([]);
    }
  });

  it("gives the admin a new nonce with every answer, never cached, compressed when asked", async () => {
    const nonces = new Set<string>();
    for (const encoding of ["br", "gzip", "identity", "br"]) {
      const response = await get("/admin/leads", { "accept-encoding": encoding });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
      const body =
        encoding === "br"
          ? brotliDecompressSync(response.rawPayload).toString()
          : encoding === "gzip"
            ? gunzipSync(response.rawPayload).toString()
            : response.body;
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(body)?.[1] ?? "";
      expect(String(response.headers["content-security-policy"])).toContain(`'nonce-${nonce}'`);
      expect(body).toContain("<astro-island");
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(4);
  });

  it("asks the browser to report every page's violations to /api/csp-reports (report-to, and report-uri for browsers without it)", async () => {
    for (const path of ["/", "/contact", "/no-such-page", "/admin", "/admin/leads"]) {
      const response = await get(path);
      const policy = parsePolicy(response.headers["content-security-policy"]);
      expect(policy.get("report-to"), path).toEqual(["csp"]);
      expect(policy.get("report-uri"), path).toEqual(["/api/csp-reports"]);
      expect(response.headers["reporting-endpoints"], path).toBe('csp="/api/csp-reports"');
    }
  });

  it("lets nothing load from API answers, assets and other files", async () => {
    for (const path of ["/api/nothing-here", "/healthz", "/assets/entry-AbC123.js", "/sitemap.xml", "/about/"]) {
      expect((await get(path)).headers["content-security-policy"], path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });

  it("switches off the browser features no page uses, on every answer", async () => {
    for (const path of ["/", "/admin", "/no-such-page", "/api/nothing-here"]) {
      const header = String((await get(path)).headers["permissions-policy"]);
      for (const feature of [
        "camera=()",
        "microphone=()",
        "geolocation=()",
        "payment=()",
        "usb=()",
        "browsing-topics=()",
      ]) {
        expect(header, path).toContain(feature);
      }
      expect(header, path).not.toContain("interest-cohort");
    }
  });
});

describe("sitemap and robots", () => {
  it("lists the canonical URL of every indexable prerendered page", async () => {
    const response = await get("/sitemap.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(["https://agency.example/", "https://agency.example/about", "https://agency.example/contact"]);
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  });

  it("disallows /admin and /api and names the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.statusCode).toBe(200);
    expect(response.body.split("\n")).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Disallow: /admin",
        "Disallow: /api",
        "Sitemap: https://agency.example/sitemap.xml",
      ]),
    );
  });
});

describe("health checks", () => {
  it("answers /healthz and /readyz while the database is up", async () => {
    expect((await get("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await get("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
  });

  it("answers /readyz with 503 when the database does not answer", async () => {
    const broken = await createTestApp();
    try {
      await broken.app.db.destroy();
      const response = await broken.app.inject({ method: "GET", url: "/readyz" });
      expect(response.statusCode).toBe(503);
      expect(response.json().status).toBe("unavailable");
      expect((await broken.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});
