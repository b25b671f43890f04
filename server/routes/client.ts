import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { liveBusiness } from "../content/live-business.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, unavailableReason } from "../db/unavailable.ts";
import {
  pagePolicy,
  REPORTING_ENDPOINTS,
  SERVICE_WORKER_POLICY,
  withNonce,
  type PageKind,
} from "../lib/content-security-policy.ts";
import { moduleReader, pageModules, type ReadModule } from "../lib/page-modules.ts";
import type { SitePages } from "../site/page-renderer.ts";
import { escapeHtml, sendServerPage, type Business } from "../site/server-page.ts";

// Serves the built client: prerendered pages at their paths, the SPA fallback for /admin/*, the
// prerendered 404 page with status 404 for every other unknown path, and hashed assets. Each page is
// sent with its own Content-Security-Policy, written at start-up from what it contains.

type Variant = { body: Buffer; encoding: "br" | "gzip" | null };
type HtmlPage = {
  variants: Variant[];
  html: string;
  etag: string;
  canonical: string | null;
  noindex: boolean;
  kind: PageKind;
  policy: string;
  /** Pages are HTML; the blog's feed, rendered like them, is XML. */
  contentType?: string;
};

/** The admin app's page (app/pages/admin/index.astro): the answer to every /admin/* path. */
const ADMIN_APP_FILE = join("admin", "index.html");
/** The not-found page (app/pages/404.astro), sent with status 404 for every unknown path. */
const NOT_FOUND_FILE = "404.html";
/** The admin's push service worker (scripts/admin-service-worker.ts builds it), at the address it is built for. */
const SERVICE_WORKER_PATH = "/admin/service-worker.js";

async function loadHtml(file: string, kind: PageKind, readModule: ReadModule): Promise<HtmlPage> {
  const body = readFileSync(file);
  const variants: Variant[] = [];
  // Build-time compressed copies (scripts/precompress.ts), best first.
  if (existsSync(`${file}.br`)) variants.push({ body: readFileSync(`${file}.br`), encoding: "br" });
  if (existsSync(`${file}.gz`)) variants.push({ body: readFileSync(`${file}.gz`), encoding: "gzip" });
  variants.push({ body, encoding: null });
  const html = body.toString("utf8");
  const modules = await pageModules(html, readModule);
  return {
    kind,
    policy: pagePolicy(
      html,
      kind,
      modules.map((module) => module.source),
    ),
    variants,
    html,
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? null,
    noindex: /<meta name="robots" content="[^"]*noindex/.test(html),
  };
}

function escapeXml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * The sitemap lists the canonical URL of every prerendered, indexable page: exactly what is served,
 * under the origin the pages themselves declare (PUBLIC_SITE_ORIGIN at build time).
 */
export function sitemapXml(pages: Iterable<HtmlPage>): string {
  const urls = [...pages]
    .filter((page) => page.canonical && !page.noindex)
    .map((page) => page.canonical!)
    .sort();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
}

export function robotsTxt(sitemapUrl: string | null): string {
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api",
    "",
    ...(sitemapUrl ? [`Sitemap: ${sitemapUrl}`, ""] : []),
  ].join("\n");
}

/** Every prerendered page's path and file: build/client/about/index.html is served at /about. Empty when nothing is built. */
export function prerenderedPaths(clientDir: string): Map<string, string> {
  const paths = new Map<string, string>();
  if (!existsSync(clientDir)) return paths;
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== "index.html") continue;
    const dir = relative(clientDir, entry.parentPath);
    paths.set(dir === "" ? "/" : `/${dir.split(sep).join("/")}`, join(entry.parentPath, entry.name));
  }
  return paths;
}

async function findPrerenderedPages(clientDir: string, readModule: ReadModule): Promise<Map<string, HtmlPage>> {
  const pages = new Map<string, HtmlPage>();
  for (const [path, file] of prerenderedPaths(clientDir))
    pages.set(path, await loadHtml(file, path === "/admin" ? "admin" : "site", readModule));
  return pages;
}

function acceptedEncodings(request: FastifyRequest): Set<string> {
  const header = request.headers["accept-encoding"] ?? "";
  return new Set(
    header
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => q?.trim() !== "q=0")
      .map(([name]) => name?.trim().toLowerCase() ?? ""),
  );
}

/**
 * The admin page with this answer's nonce, which its style elements must carry (the policy allows no
 * other inline style): in a meta element, where the app reads it (app/admin/csp-nonce.ts). Browsers hide
 * a nonce attribute from the page's CSS and markup, so it cannot be read back out by injected markup.
 */
function sendAdminHtml(reply: FastifyReply, page: HtmlPage, status: number) {
  const nonce = randomBytes(16).toString("base64");
  const meta = `<meta property="csp-nonce" nonce="${nonce}">`;
  const head = /<head\b[^>]*>/i.exec(page.html);
  const html = head
    ? page.html.slice(0, head.index + head[0].length) + meta + page.html.slice(head.index + head[0].length)
    : meta + page.html;
  // Never cached nor revalidated (a kept copy would hold another answer's nonce); compressed by
  // plugins/external/compression.ts, as the precompressed files hold no nonce.
  reply.header("cache-control", "no-store").header("vary", "accept-encoding");
  reply
    .header("content-security-policy", withNonce(page.policy, nonce))
    .header("reporting-endpoints", REPORTING_ENDPOINTS);
  // For browsers that predate frame-ancestors.
  reply.header("x-frame-options", "DENY");
  return reply.code(status).type("text/html; charset=utf-8").send(html);
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, page: HtmlPage, status: number) {
  if (page.kind === "admin") return sendAdminHtml(reply, page, status);
  // HTML is revalidated on every visit so a deploy shows at once; the assets it names are immutable.
  reply.header("cache-control", "no-cache").header("etag", page.etag).header("vary", "accept-encoding");
  reply.header("content-security-policy", page.policy).header("reporting-endpoints", REPORTING_ENDPOINTS);
  // For browsers that predate frame-ancestors, helmet's default (SAMEORIGIN) suits the public pages.
  if (status === 200 && request.headers["if-none-match"] === page.etag) return reply.code(304).send();
  const accepted = acceptedEncodings(request);
  const variant = page.variants.find((v) => v.encoding === null || accepted.has(v.encoding))!;
  if (variant.encoding) reply.header("content-encoding", variant.encoding);
  return reply
    .code(status)
    .type(page.contentType ?? "text/html; charset=utf-8")
    .send(variant.body);
}

/** A public page from the renderer: the page, a renamed post's redirect, a removed post's 410, or the 404 page. */
async function sendRenderedPage(request: FastifyRequest, reply: FastifyReply, sitePages: SitePages, path: string) {
  const answer = await sitePages.answer(path);
  if (answer.kind === "redirect") return reply.redirect(answer.location, 301);
  const status = answer.kind === "page" ? 200 : answer.kind === "gone" ? 410 : 404;
  return sendHtml(request, reply, answer.page, status);
}

/**
 * A public page that could not be answered (the database away before its content was ever read, a render
 * that failed): a page in the site's frame (issue 39 §3), 503 with Retry-After or 500, never JSON. The frame
 * comes from the content last read, or the build's seed (SitePages.frame), so it needs no database.
 */
async function sendPageFailure(
  app: FastifyInstance,
  business: { business: Business; refresh: () => Promise<void> },
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  await business.refresh().catch(() => undefined);
  const { phone, phoneHref, hours } = business.business;
  const call = `call <a class="nowrap" href="${escapeHtml(phoneHref)}">${escapeHtml(phone)}</a>${hours ? ` (${escapeHtml(hours)})` : ""}`;
  const unavailable = isDatabaseUnavailable(error);
  if (unavailable) {
    request.log.warn({ reason: unavailableReason(error) }, "the database is unavailable; answered 503");
    reply.header("retry-after", String(RETRY_AFTER_SECONDS));
  } else {
    request.log.error({ err: error }, "request failed");
  }
  const heading = unavailable ? "This page is briefly unavailable" : "Something went wrong on our side";
  const explanation = unavailable
    ? "Our system is taking a short break. Please reload this page in a minute."
    : "This page could not be shown. Please reload it in a minute.";
  return sendServerPage(app, reply, unavailable ? 503 : 500, business.business, {
    title: heading,
    main: `<section class="panel" aria-labelledby="page-title">
<h1 id="page-title">${escapeHtml(heading)}</h1>
<p>${escapeHtml(explanation)}</p>
<p>To reach us now, ${call}.</p>
</section>
<p class="back"><a href="/">Back to the home page</a></p>`,
  });
}

function isApiPath(path: string) {
  return path === "/api" || path.startsWith("/api/");
}

/**
 * Where a GET of `path` (which ends in a slash) is redirected: `/about/` → `/about`, or null when the
 * path is to be answered 404 instead. The result is always a path on this site: every segment non-empty,
 * not `.` or `..`, and free of slashes, backslashes and control characters even once percent-decoded.
 * Browsers read a Location of `//host`, `/\host` or (dropping tabs and newlines) `/<TAB>/host` as another
 * site, and a raw request line may even be absolute (`GET http://host/ HTTP/1.1`). Such paths get 404
 * rather than a collapsed redirect: no page we publish looks like that, so there is nothing to guess,
 * and a guessed rule is one more to get wrong.
 */
function trailingSlashRedirectPath(path: string): string | null {
  if (!path.startsWith("/")) return null;
  const target = path.replace(/\/+$/, "") || "/";
  const segments = target === "/" ? [] : target.slice(1).split("/");
  return segments.every(isPlainSegment) ? target : null;
}

/** Longer than any page or file of ours: such a path is answered 404 without looking for a file. */
const MAX_PATH_LENGTH = 2048;
const MAX_SEGMENT_LENGTH = 255;

/**
 * True for a path a page or file of ours could have (trailing slashes aside, the redirect's business):
 * every segment plain (see isPlainSegment) and not too long. `/..`, `//x`, `/%2e%2e` or a 5,000-character
 * path would otherwise reach the static files, which refuse them with 403; no file of ours has such a
 * path, so the visitor gets the 404 page.
 */
function isPlainPath(path: string): boolean {
  const trimmed = path.replace(/\/+$/, "");
  if (trimmed === "") return true;
  if (path.length > MAX_PATH_LENGTH || !trimmed.startsWith("/")) return false;
  return trimmed
    .slice(1)
    .split("/")
    .every((segment) => segment.length <= MAX_SEGMENT_LENGTH && isPlainSegment(segment));
}

function isPlainSegment(segment: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false; // malformed percent-encoding
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  return decoded !== "" && decoded !== "." && decoded !== ".." && !/[/\\\u0000-\u001f\u007f]/.test(decoded);
}

export default async function clientRoutes(app: FastifyInstance) {
  const clientDir = resolve(app.config.clientDir);

  // One trailing-slash policy: /about/ answers 301 to /about (the query string is kept), and only ever
  // to a path on this site. Fastify's ignoreDuplicateSlashes stays off: it would serve /about at //about
  // too, and it leaves request.url, which this reads, as the client sent it.
  app.addHook("onRequest", async (request, reply) => {
    const queryStart = request.url.indexOf("?");
    const path = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
    if ((request.method !== "GET" && request.method !== "HEAD") || path.length <= 1 || isApiPath(path)) return;
    if (!isPlainPath(path)) return request.is404 ? undefined : reply.callNotFound();
    if (!path.endsWith("/")) return;
    const target = trailingSlashRedirectPath(path);
    // The static files' catch-all would answer 403 for a path that looks like a folder, so such a path
    // is sent to the 404 handler (unless it is already on its way there).
    if (target === null) return request.is404 ? undefined : reply.callNotFound();
    return reply.redirect(queryStart === -1 ? target : target + request.url.slice(queryStart), 301);
  });

  // With a renderer (every build since issue 37) the public pages come from it; without one (a test's
  // hand-made folder) from the folder's HTML files, as a static build once was.
  const { sitePages } = app;
  const built =
    existsSync(join(clientDir, ADMIN_APP_FILE)) && (sitePages !== null || existsSync(join(clientDir, NOT_FOUND_FILE)));
  if (!built) app.log.warn({ clientDir }, "the client is not built (npm run build); serving the API only");

  const readModule = moduleReader(clientDir);
  const pages = !built
    ? new Map<string, HtmlPage>()
    : sitePages
      ? new Map([["/admin", await loadHtml(join(clientDir, ADMIN_APP_FILE), "admin", readModule)]])
      : await findPrerenderedPages(clientDir, readModule);
  const notFoundPage =
    built && !sitePages ? await loadHtml(join(clientDir, NOT_FOUND_FILE), "site", readModule) : undefined;
  const adminApp = pages.get("/admin");
  let pageErrorHandler: ((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void) | undefined;

  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: "/",
      index: false,
      redirect: false,
      preCompressed: true,
      // Pages go through the routes below; compressed copies are chosen by preCompressed, not requested by name.
      allowedPath: (pathName) => !/\.(html|br|gz)$/.test(pathName),
      setHeaders(reply, filePath) {
        const assetsDir = `${join(clientDir, "assets")}${sep}`;
        // Hashed assets never change.
        const cacheControl = filePath.startsWith(assetsDir)
          ? "public, max-age=31536000, immutable"
          : "public, max-age=3600";
        reply.header("cache-control", cacheControl);
      },
    });
    for (const [path, page] of pages) {
      app.get(path, (request, reply) => sendHtml(request, reply, page, 200));
    }
    if (sitePages) {
      // A page that cannot be answered is a page too (sendPageFailure). Fastify types a route's errorHandler
      // as returning nothing; the page is sent before it returns.
      const business = liveBusiness(app);
      const errorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
        void sendPageFailure(app, business, error, request, reply);
      // The pages with fixed paths, and every /blog/<slug> (posts come and go with each publish).
      for (const path of await sitePages.paths()) {
        if (path.startsWith("/blog/") && path !== "/blog/rss.xml") continue;
        app.get(path, { errorHandler }, (request, reply) => sendRenderedPage(request, reply, sitePages, path));
      }
      app.get("/blog/:slug", { errorHandler }, (request, reply) =>
        sendRenderedPage(request, reply, sitePages, `/blog/${(request.params as { slug: string }).slug}`),
      );
      pageErrorHandler = errorHandler;
    }

    const serviceWorkerFile = join(clientDir, ...SERVICE_WORKER_PATH.split("/"));
    if (existsSync(serviceWorkerFile)) {
      const script = readFileSync(serviceWorkerFile);
      const etag = `"${createHash("sha1").update(script).digest("base64url")}"`;
      // Revalidated on every check, so a new version reaches the browsers at once (they also bypass the HTTP
      // cache for it after 24 hours). Its policy is the worker's own (SERVICE_WORKER_POLICY).
      app.get(SERVICE_WORKER_PATH, (request, reply) => {
        reply.header("cache-control", "no-cache").header("etag", etag);
        reply.header("content-security-policy", SERVICE_WORKER_POLICY);
        if (request.headers["if-none-match"] === etag) return reply.code(304).send();
        return reply.type("text/javascript; charset=utf-8").send(script);
      });
    }

    // From the pages as served now: a publish adds its article at once (the renderer keeps the pages).
    const currentPages = async () => (sitePages ? await sitePages.allPages() : pages);
    app.get("/sitemap.xml", async (_request, reply) =>
      reply
        .header("cache-control", "public, max-age=300")
        .type("application/xml; charset=utf-8")
        .send(sitemapXml((await currentPages()).values())),
    );
    app.get("/robots.txt", async (_request, reply) => {
      // Only the home page's canonical is needed: not every page rendered for it.
      const home = sitePages ? await sitePages.answer("/") : null;
      const homeCanonical = (home?.kind === "page" ? home.page : pages.get("/"))?.canonical;
      const robots = robotsTxt(homeCanonical ? new URL("/sitemap.xml", homeCanonical).toString() : null);
      return reply.header("cache-control", "public, max-age=3600").type("text/plain; charset=utf-8").send(robots);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (isApiPath(path)) {
      return reply.code(404).send({ message: `There is no API endpoint ${request.method} ${path}` });
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return reply.code(404).send({ message: "Not found" });
    }
    if ((!notFoundPage && !sitePages) || !adminApp) {
      return reply
        .code(404)
        .type("text/plain; charset=utf-8")
        .send("Not found (the client is not built: run npm run build)");
    }
    // The admin pages are rendered in the browser by the admin app.
    if (path.startsWith("/admin/")) return sendHtml(request, reply, adminApp, 200);
    if (sitePages)
      return sitePages.notFoundPage().then(
        (page) => sendHtml(request, reply, page, 404),
        (error: FastifyError) => (pageErrorHandler ? pageErrorHandler(error, request, reply) : reply.send(error)),
      );
    return sendHtml(request, reply, notFoundPage!, 404);
  });
}
