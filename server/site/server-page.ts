import type { FastifyInstance, FastifyReply } from "fastify";
import { businessDefaults } from "../../contract/business-defaults.ts";
import { pagePolicy } from "../lib/content-security-policy.ts";
import { fillFrame, type PageFrame } from "./page-frame.ts";

// The pages our server writes itself, without JavaScript: a form's confirmation and problems, the thank-you
// page, the pages that say why nothing was saved (403, 429, 503…), a public page's 500 and 503
// (routes/client.ts), the address confirmations. A builder returns the page's title and main content; this
// puts them in the site's own frame (site/page-frame.ts: the header, footer, stylesheet and type of every
// public page, issue 39 §3) or, without a renderer (the API alone, a test's hand-made build), in a plain one.

export type Business = { companyName: string; phone: string; phoneHref: string; hours?: string };

/** What a page builder returns: the page's title (text) and its main content (HTML, every value escaped). */
export type ServerPage = { title: string; main: string };

/** Text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * The pages' own parts (panels, the error summary, the form's fields), scoped to their container so the
 * site's stylesheet keeps the rest. Colors are the brand's (app/app.css): brand-700 links, brand-600 button.
 */
const PAGE_STYLE = `
.server-page{max-width:44rem;margin:0 auto;padding:2.5rem 1rem 4rem;font-size:1.0625rem;line-height:1.6;color:#0f172a}
.server-page a{color:#1e40af;font-weight:600;text-decoration:underline;text-underline-offset:3px}
.server-page a:hover{color:#172554}
.server-page :focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.server-page h1{font-size:1.875rem;line-height:1.2;font-weight:800;letter-spacing:-.01em;margin:.25rem 0 1rem}
.server-page h2{font-size:1.25rem;line-height:1.3;font-weight:700;margin:0 0 .5rem}
.server-page p{margin:0 0 .875rem}
.server-page p:last-child{margin-bottom:0}
.server-page .back{margin-top:1.5rem}
.server-page .panel{background:#fff;border:1px solid #cbd5e1;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 2px rgb(15 23 42 / .06)}
.server-page .thanks{border-color:#047857;background:#ecfdf5}
.server-page .summary{border:3px solid #b91c1c;background:#fff;border-radius:.5rem;padding:1rem 1.25rem;margin-bottom:1.5rem}
.server-page .summary:focus{outline:3px solid #1d4ed8;outline-offset:2px}
.server-page .summary ul{list-style:disc;margin:.25rem 0 0;padding-left:1.25rem}
.server-page .summary a{color:#b91c1c}
.server-page .field{margin-bottom:1.125rem}
.server-page label,.server-page legend{display:block;font-weight:600;margin-bottom:.25rem}
.server-page .hint{color:#475569;font-size:.9375rem;margin:0 0 .5rem}
.server-page .error{color:#b91c1c;font-weight:600;margin:.25rem 0}
.server-page input[type=text],.server-page input[type=email],.server-page input[type=tel],.server-page input[type=date],.server-page select,.server-page textarea{display:block;width:100%;font:inherit;padding:.5rem .75rem;min-height:2.75rem;border:1px solid #64748b;border-radius:.375rem;background:#fff;color:#0f172a}
.server-page [aria-invalid=true]{border:2px solid #b91c1c}
.server-page fieldset{border:0;padding:0;margin:0 0 1.125rem}
.server-page .choice{display:flex;gap:.5rem;align-items:center;margin:.25rem 0}
.server-page .choice label{font-weight:400;margin:0}
.server-page .choice input{width:1.125rem;height:1.125rem}
.server-page button{font:inherit;font-weight:700;color:#fff;background:#1d4ed8;border:0;border-radius:.375rem;padding:.75rem 1.25rem;min-height:3rem;cursor:pointer;width:100%}
.server-page button:hover{background:#1e3a8a}
.server-page .honeypot{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.server-page .nowrap{white-space:nowrap}
.server-page .required{color:#b91c1c}
.server-page .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
`;

/** The plain frame's own header, footer and type, for a server without the site's renderer. */
const PLAIN_STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0f172a;background:#f8fafc}
header,footer{background:#fff;border-bottom:1px solid #e2e8f0}
footer{border-top:1px solid #e2e8f0;border-bottom:0;margin-top:3rem}
.bar{max-width:44rem;margin:0 auto;padding:.875rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between}
.brand{font-weight:800;color:#1e3a8a;text-decoration:none;font-size:1.125rem}
a{color:#1e40af}
.skip{position:absolute;left:-10000px}
.skip:focus{left:1rem;top:1rem;z-index:1;background:#fff;padding:.5rem 1rem}
${PAGE_STYLE}`;

/** A page in the plain frame (brand, phone, footer): for a server without the site's renderer. */
function plainShell(business: Business, title: string, main: string): string {
  const phone = `<a class="nowrap" href="${escapeHtml(business.phoneHref)}">${escapeHtml(business.phone)}</a>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(business.companyName)}</title>
<style>${PLAIN_STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><div class="bar"><a class="brand" href="/">${escapeHtml(business.companyName)}</a><span>Call ${phone}</span></div></header>
<main id="main" tabindex="-1">
<div class="server-page">
${main}
</div>
</main>
<footer><div class="bar"><span>${escapeHtml(business.companyName)}: call ${phone} (${escapeHtml(business.hours ?? businessDefaults.hours)})</span><a href="/contact">Contact</a></div></footer>
</body>
</html>
`;
}

/** The page's HTML: in the site's frame when there is one, else in the plain frame. */
export function pageHtml(business: Business, page: ServerPage, frame: PageFrame | null): string {
  if (!frame) return plainShell(business, page.title, page.main);
  return fillFrame(frame, escapeHtml(page.title), `<div class="server-page">\n${page.main}\n</div>`, PAGE_STYLE);
}

/**
 * The site's frame for a page written now, or null (no renderer, or none could be rendered: the plain frame
 * then, rather than no page).
 */
export async function siteFrame(app: FastifyInstance): Promise<PageFrame | null> {
  if (!app.sitePages) return null;
  return app.sitePages.frame().catch((error: unknown) => {
    app.log.warn({ err: error }, "the site's frame could not be rendered; a plain page was sent");
    return null;
  });
}

/**
 * Sends a page: never cached (each answers one post or one failure), with its own Content-Security-Policy
 * (its inline style and the frame's inline scripts by hash, the frame's modules read).
 */
export async function sendServerPage(
  app: FastifyInstance,
  reply: FastifyReply,
  status: number,
  business: Business,
  page: ServerPage,
  options: { frame?: boolean } = {},
) {
  const frame = options.frame === false ? null : await siteFrame(app);
  const html = pageHtml(business, page, frame);
  return reply
    .code(status)
    .header("cache-control", "no-store")
    .header("content-security-policy", pagePolicy(html, "site", frame?.modules ?? []))
    .type("text/html; charset=utf-8")
    .send(html);
}
