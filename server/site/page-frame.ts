// The site's frame for the pages our server writes itself (issue 39 §3): the form's confirmation and problems,
// the thank-you page, the pages that say why nothing was saved (429, 503…), a public page's 500 and 503, the
// address confirmations. The renderer renders it like any page (app/pages/server-page-frame.astro: the
// layout's head, stylesheet, skip link, header and footer) from the published content; the page builders
// (routes/forms/form-pages.ts) put their title, content and own small stylesheet in place of its markers.

/** The frame's HTML and the sources of the modules it loads (its Content-Security-Policy reads them). */
export type PageFrame = { html: string; modules: string[]; titleMarker: string; mainMarker: string };

/** A framed page: the frame with this title (escaped text), this main content and this inline stylesheet. */
export function fillFrame(frame: PageFrame, title: string, main: string, style: string): string {
  const head = frame.html.indexOf("</head>");
  const withStyle =
    head === -1 ? frame.html : `${frame.html.slice(0, head)}<style>${style}</style>${frame.html.slice(head)}`;
  // Functions as replacements: a `$` in a visitor's text is taken literally.
  return withStyle.replaceAll(frame.titleMarker, () => title).replace(frame.mainMarker, () => main);
}
