import { siteConfig } from "../config/site.ts";
import type { PageHead } from "../lib/seo.ts";

// The frame of the pages our server writes itself (issue 39 §3): the form's confirmation and problems, the
// thank-you page, the pages that say why nothing was saved (403, 429, 503…), a public page's 500 and 503, the
// address confirmations. Rendered by the same renderer and layout as every public page (app/pages/
// server-page-frame.astro), so they carry the site's header, footer, stylesheet, type and skip link and can
// never drift from them; the server (server/site/page-frame.ts) puts the page's title and main content in
// place of these two markers.

/** Stands for the page's own title (escaped text) in the frame's <title>. */
export const FRAME_TITLE_MARKER = "__SERVER_PAGE_TITLE__";
/** Stands for the page's own content inside the frame's <main>. */
export const FRAME_MAIN_MARKER = "<!--server-page-main-->";

/** Never indexed and no canonical address: these pages answer a post or a failure, they are not pages to find. */
export const frameHead = (): PageHead => ({
  title: `${FRAME_TITLE_MARKER} | ${siteConfig.companyName}`,
  meta: [{ name: "robots", content: "noindex" }],
  canonical: "",
  jsonLd: [],
});
