import { createHash } from "node:crypto";
import { CSP_REPORT_GROUP, CSP_REPORT_PATH } from "../../contract/csp-reports.ts";

// Each built page's Content-Security-Policy, written from what the page itself contains
// (docs/decisions/019-content-security-policy.md): its inline scripts and styles by hash, the
// third-party hosts it names, and the analytics hosts only where its scripts load analytics.

/** Every answer that is not a page (API, assets, sitemap): nothing may load, nothing may frame it. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The admin's service worker script (/admin/service-worker.js, issue 36), whose answer's policy is the
 * worker's own: it fetches nothing itself, and the notifications it shows load their icon and badge from
 * our origin (Chromium checks those loads against img-src).
 */
export const SERVICE_WORKER_POLICY = "default-src 'none'; img-src 'self'; frame-ancestors 'none'";

/**
 * Browser features no page of ours uses, switched off for the page and every frame in it (the
 * scheduling widget included). Only names Chromium knows: an unknown one is logged as an error.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/** The Google tag (app/lib/analytics.ts): its script, and where it sends hits (Google's CSP guide for GA4). */
export const ANALYTICS_SCRIPT_ORIGIN = "https://www.googletagmanager.com";
const ANALYTICS_CONNECT = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
];
const ANALYTICS_IMG = ["https://*.google-analytics.com", "https://*.googletagmanager.com"];

/**
 * Code that adds `<style>` elements while the page runs, with contents no build can know (a scrollbar
 * width, a counter): Radix's scroll lock (react-remove-scroll, in Select and Dialog) and Select's
 * viewport style. A page whose modules contain one allows inline style elements; other pages allow
 * only the hashes of their own.
 */
const RUNTIME_STYLE_MARKERS = ["data-scroll-locked", "block-interactivity-", "data-radix-select-viewport"];

/**
 * Where browsers send the reports of what a page's policy blocked (routes/api/csp-reports.ts): the
 * Reporting-Endpoints header names the endpoint the policy's report-to uses (Chromium); report-uri is
 * for browsers without the Reporting API (Firefox, Safari), and ignored by those with it.
 */
export const REPORTING_ENDPOINTS = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;

/** Stands for the nonce in the admin's policy until withNonce puts in the one of an answer. */
const NONCE_SOURCE = "'nonce-{nonce}'";

/** The admin's policy for one answer: its nonce in place of the placeholder. */
export function withNonce(policy: string, nonce: string): string {
  return policy.replaceAll(NONCE_SOURCE, `'nonce-${nonce}'`);
}

/** "site": a public page; "admin": the admin app, which names no other host and may not be framed. */
export type PageKind = "site" | "admin";

function sha256(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** The text of an attribute as the browser sees it (the HTML escapes React and Astro write). */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[lower] ?? entity;
  });
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}(?:="([^"]*)"|='([^']*)'|=([^\\s>]+))?(?=[\\s/>])`, "i").exec(tag);
  if (!match) return undefined;
  return decodeEntities(match[1] ?? match[2] ?? match[3] ?? "");
}

/** Types a browser runs as script; any other (application/ld+json) is a data block CSP does not govern. */
function isExecutable(type: string | undefined): boolean {
  if (type === undefined) return true;
  return ["", "module", "text/javascript", "application/javascript"].includes(type.trim().toLowerCase());
}

type Inline = { tag: string; content: string };

function elements(html: string, name: "script" | "style"): Inline[] {
  return [...html.matchAll(new RegExp(`(<${name}\\b[^>]*>)([\\s\\S]*?)</${name}>`, "gi"))].map((m) => ({
    tag: m[1]!,
    content: m[2]!,
  }));
}

/** The hashes of the page's inline scripts (data blocks such as JSON-LD excluded). */
export function inlineScriptHashes(html: string): string[] {
  const scripts = elements(html, "script").filter(
    ({ tag }) => attribute(tag, "src") === undefined && isExecutable(attribute(tag, "type")),
  );
  return [...new Set(scripts.map(({ content }) => sha256(content)))];
}

export function inlineStyleHashes(html: string): string[] {
  return [...new Set(elements(html, "style").map(({ content }) => sha256(content)))];
}

/** The hashes of the page's `style="…"` attributes (React writes one for a `style` prop). */
export function styleAttributeHashes(html: string): string[] {
  // Outside scripts and styles every `<` in text is escaped, so each remaining `<name …>` is a tag.
  const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, "");
  const values = [...markup.matchAll(/<[a-z][^>]*>/gi)]
    .map(([tag]) => attribute(tag, "style"))
    .filter((value) => value !== undefined);
  return [...new Set(values.map(sha256))];
}

function origins(urls: string[]): string[] {
  const found = new Set<string>();
  for (const url of urls) {
    if (!/^https?:\/\//i.test(url) && !url.startsWith("//")) continue;
    try {
      found.add(new URL(url, "https://page.invalid").origin);
    } catch {
      // Not a URL the browser would load either.
    }
  }
  return [...found].sort();
}

/** The hosts other than ours that the page's markup loads from, per kind of resource. */
export function thirdPartyOrigins(html: string): {
  script: string[];
  frame: string[];
  img: string[];
  connect: string[];
} {
  const tags = (name: string) => [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "gi"))].map(([tag]) => tag);
  const values = (name: string, attr: string) =>
    tags(name)
      .map((tag) => attribute(tag, attr))
      .filter((v) => v !== undefined);
  const srcset = (name: string) =>
    values(name, "srcset").flatMap((set) => set.split(",").map((candidate) => candidate.trim().split(/\s+/)[0] ?? ""));
  return {
    script: origins(values("script", "src")),
    // The booking widget's facade keeps the frame's address in data-frame-src until asked (scheduling-embed.tsx).
    frame: origins([...values("iframe", "src"), ...values("div", "data-frame-src")]),
    img: origins([...values("img", "src"), ...srcset("img"), ...srcset("source")]),
    // The facade asks the booking host itself whether it answers (a HEAD without cookies) before it shows
    // the calendar: a refused host's frame would show the browser's error page (scripts/booking-calendars.ts).
    connect: origins(values("div", "data-frame-src")),
  };
}

function directive(name: string, sources: string[]): string {
  return `${name} ${sources.length > 0 ? sources.join(" ") : "'none'"}`;
}

/**
 * Whether the page itself carries an image as a data: URL: the icon inside each public page
 * (site-layout.astro says why). Only such a page allows img-src data: (an image cannot run script).
 */
function carriesDataImage(html: string): boolean {
  return /<(?:link|img)\b[^>]*\s(?:href|src)="data:image\//i.test(html);
}

/**
 * The policy of one built page. `moduleSources` is the text of every module the page loads (see
 * page-modules.ts): the analytics hosts are allowed only when one of them loads the Google tag, and
 * inline style elements only when one adds them at run time (RUNTIME_STYLE_MARKERS): on a public page
 * any ('unsafe-inline': the pages are static and precompressed), in the admin only those carrying the
 * answer's nonce (NONCE_SOURCE, see withNonce; docs/decisions/033-csp-reports.md).
 */
export function pagePolicy(html: string, kind: PageKind, moduleSources: string[]): string {
  const site = kind === "site";
  const code = [html, ...moduleSources];
  const analytics = site && code.some((text) => text.includes(ANALYTICS_SCRIPT_ORIGIN));
  const runtimeStyles = code.some((text) => RUNTIME_STYLE_MARKERS.some((marker) => text.includes(marker)));
  const hosts = site ? thirdPartyOrigins(html) : { script: [], frame: [], img: [], connect: [] };

  const runtimeStyleSources = !runtimeStyles ? [] : site ? ["'unsafe-inline'"] : [NONCE_SOURCE];
  // A hash or nonce beside 'unsafe-inline' would switch it off.
  const styleElements = ["'self'", ...(runtimeStyles && site ? [] : inlineStyleHashes(html)), ...runtimeStyleSources];
  const attributeHashes = styleAttributeHashes(html);
  const styleAttributes = attributeHashes.length > 0 ? ["'unsafe-hashes'", ...attributeHashes] : [];
  return [
    "default-src 'none'",
    directive("script-src", [
      "'self'",
      ...inlineScriptHashes(html),
      ...(analytics ? [ANALYTICS_SCRIPT_ORIGIN] : []),
      ...hosts.script,
    ]),
    // Browsers without the -elem/-attr split (none current) fall back to style-src.
    directive("style-src", runtimeStyles && site ? styleElements : [...styleElements, ...styleAttributes]),
    directive("style-src-elem", styleElements),
    directive("style-src-attr", styleAttributes),
    directive("img-src", [
      "'self'",
      ...(site && carriesDataImage(html) ? ["data:"] : []),
      ...(analytics ? ANALYTICS_IMG : []),
      ...hosts.img,
    ]),
    directive("connect-src", ["'self'", ...(analytics ? ANALYTICS_CONNECT : []), ...hosts.connect]),
    // The brand typeface is self-hosted (a hashed file under /assets), never from a font CDN.
    "font-src 'self'",
    directive("frame-src", hosts.frame),
    // The admin registers its push service worker (issue 36); the public pages start no worker, and without
    // worker-src one would fall back to script-src, third-party hosts included.
    directive("worker-src", site ? [] : ["'self'"]),
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    site ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ]
    .map((part) => part.replace(/ +/g, " "))
    .join("; ");
}
