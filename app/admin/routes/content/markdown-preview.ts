import { Marked, type Tokens } from "marked";
import { isSafeContentUrl } from "../../../../contract/content.ts";

// The editor's live preview of an article's Markdown (issue 37). The preview is injected as HTML, so nothing
// the Markdown holds may become markup of its own: raw HTML is shown as text, and a link or image whose
// address the content rules refuse (javascript:, data:) loses its address. The public page renders the
// published Markdown on the server with its own rules (app/content/blog-content.ts).

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

const previewMarked = new Marked({
  gfm: true,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link(token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      if (!isSafeContentUrl(token.href)) return text;
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
      return `<a href="${escapeHtml(token.href)}"${title}>${text}</a>`;
    },
    image({ href, text }: Tokens.Image) {
      if (!isSafeContentUrl(href)) return escapeHtml(text);
      // The admin's Content-Security-Policy draws images from this site only: another site's is named.
      if (!href.startsWith("/")) return `<span>[Image: ${escapeHtml(text)}]</span>`;
      return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}">`;
    },
  },
});

/** The article body's HTML for the preview pane. */
export function previewHtml(markdown: string): string {
  return previewMarked.parse(markdown, { async: false });
}

/** True when the body has a top-level heading: the title is the page's only h1. */
export function hasH1(markdown: string): boolean {
  return previewMarked.lexer(markdown).some((token) => token.type === "heading" && token.depth === 1);
}
