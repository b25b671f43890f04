import { Marked, type Tokens } from "marked";
import { parse as parseYaml } from "yaml";
import { isSafeContentUrl, type PublishedPost } from "../../contract/content.ts";
import { blogFrontmatter } from "./blog-schema.ts";

// Turns a Markdown file of content/blog/ into a checked article. Pure functions: the build (through
// Astro's blog collection, blog-articles.ts) and the content test (with node:fs) use the same code.
// We render the Markdown with marked rather than Astro's render(): the pages need the lead paragraph
// apart from the body, the table of contents, our heading ids and the word count, and the editorial
// rules below read the same HTML the reader gets.

export type TocEntry = { id: string; text: string };

/**
 * An article as the pages show it: from a Markdown file of content/blog/ (the seed) or from a post the owner
 * published (issue 37, PublishedPost), rendered by the same code.
 */
export type BlogArticle = {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  /** YYYY-MM-DD */
  date: string;
  category: string;
  /** null: a post without a photo. */
  image: string | null;
  imageAlt: string;
  readingTime: number;
  kind: "problem" | "guide";
  related: string[];
  cta?: { audit: string; consultation: string };
  /** The first paragraph, shown as the lead under the title. */
  lead: string;
  /** The rest of the body as HTML, headings with ids. */
  html: string;
  toc: TocEntry[];
  /** Words of the whole body (lead included). */
  wordCount: number;
};

export class BlogContentError extends Error {}

export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/&[a-z]+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function splitFrontmatter(fileName: string, raw: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(raw);
  if (!match) throw new BlogContentError(`${fileName}: no YAML frontmatter between --- lines`);
  try {
    return { data: parseYaml(match[1]!), body: match[2]! };
  } catch (error) {
    throw new BlogContentError(`${fileName}: frontmatter is not valid YAML (${(error as Error).message})`);
  }
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** An article from a Markdown file's text: the content test reads the files with node:fs. */
export function parseArticle(fileName: string, raw: string): BlogArticle {
  const { data, body } = splitFrontmatter(fileName, raw);
  return articleFromFrontmatter(fileName, data, body);
}

/**
 * An article from frontmatter someone already parsed (Astro's collection, which validated it with the
 * same schema) and the Markdown body. Checking again is cheap and keeps one path for both callers.
 */
export function articleFromFrontmatter(fileName: string, data: unknown, body: string): BlogArticle {
  const checked = blogFrontmatter.safeParse(data);
  if (!checked.success) {
    const problems = checked.error.issues.map((issue) => `${issue.path.join(".") || "frontmatter"}: ${issue.message}`);
    throw new BlogContentError(`${fileName}: invalid frontmatter\n  ${problems.join("\n  ")}`);
  }
  const frontmatter = checked.data;
  if (`${frontmatter.slug}.md` !== fileName) {
    throw new BlogContentError(`${fileName}: slug "${frontmatter.slug}" must match the file name`);
  }
  const rendered = renderBody(body, { strict: fileName });
  return { ...frontmatter, ...rendered };
}

/**
 * Renders an article's Markdown into the lead, the body's HTML (headings with ids) and the contents list.
 * Safe by construction (issue 37): raw HTML in the Markdown is shown as text, never passed through, and a link
 * or image whose address is not ours, https, http, mailto or tel (javascript:, data:, ...) keeps only its text.
 * `strict` (a file's name): the repository's files must have a lead paragraph and no h1 (the build fails
 * naming the file); an owner's post is forgiving: no lead is an empty lead, an h1 becomes an h2.
 */
export function renderBody(body: string, { strict }: { strict?: string } = {}) {
  const marked = safeMarked();
  const tokens = marked.lexer(body);
  const leadIndex = tokens.findIndex((token) => token.type === "paragraph");
  if (strict && leadIndex === -1) throw new BlogContentError(`${strict}: the body needs a lead paragraph`);
  if (strict && tokens.some((token) => token.type === "heading" && (token as Tokens.Heading).depth === 1)) {
    throw new BlogContentError(`${strict}: use ## and ### headings; the title is the page's only h1`);
  }
  const lead = leadIndex === -1 ? "" : (tokens[leadIndex] as Tokens.Paragraph).text;
  const rest = tokens.filter((_, index) => index !== leadIndex);

  const toc: TocEntry[] = [];
  const usedIds = new Set<string>();
  marked.use({
    renderer: {
      heading({ tokens: inline, depth }) {
        const level = Math.max(2, depth);
        const text = this.parser.parseInline(inline);
        let id = headingId(text) || "section";
        while (usedIds.has(id)) id = `${id}-2`;
        usedIds.add(id);
        // The contents list gets plain text (React escapes it); the HTML's entities would show as "&#39;".
        if (level === 2)
          toc.push({ id, text: this.parser.parseInline(inline, this.parser.textRenderer).replace(/<[^>]+>/g, "") });
        return `<h${level} id="${id}">${text}</h${level}>\n`;
      },
    },
  });
  const html = marked.parser(Object.assign(rest, { links: tokens.links }));
  return { lead, html, toc, wordCount: countWords(body) };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** marked with the three renderers that let nothing unsafe through: raw HTML, links and images. */
function safeMarked(): Marked {
  return new Marked({
    renderer: {
      html({ text }) {
        return escapeHtml(text);
      },
      link({ href, title, tokens }) {
        const text = this.parser.parseInline(tokens);
        if (!isSafeContentUrl(href)) return text;
        return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ""}>${text}</a>`;
      },
      image({ href, title, text }) {
        if (!isSafeContentUrl(href) || href.startsWith("mailto:") || href.startsWith("tel:")) return escapeHtml(text);
        return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${title ? ` title="${escapeHtml(title)}"` : ""} loading="lazy" decoding="async">`;
      },
    },
  });
}

/** SPEC §3: the blog is a fixed list of ten articles. */
export const BLOG_ARTICLE_COUNT = 10;

/** Checks what only the whole collection can tell: related slugs exist, dates are unique, ten articles. */
export function checkCollection(articles: BlogArticle[], expectedCount: number = BLOG_ARTICLE_COUNT): void {
  const slugs = new Set(articles.map((article) => article.slug));
  const dates = new Map<string, string>();
  for (const article of articles) {
    for (const related of article.related) {
      if (!slugs.has(related))
        throw new BlogContentError(`${article.slug}.md: related article "${related}" does not exist`);
    }
    const other = dates.get(article.date);
    if (other) throw new BlogContentError(`${article.slug}.md: date ${article.date} is already used by ${other}.md`);
    dates.set(article.date, article.slug);
  }
  if (articles.length !== expectedCount) {
    throw new BlogContentError(`content/blog/ holds ${articles.length} articles; the blog has ${expectedCount}`);
  }
}

/** The lead as HTML (it may hold inline Markdown such as links or emphasis). */
export function inlineMarkdown(text: string): string {
  return safeMarked().parseInline(text) as string;
}

/** Minutes to read at the editorial rule's fastest pace (230 words a minute), rounded up: the files' own figures. */
export function readingTimeOf(wordCount: number): number {
  return Math.max(1, Math.ceil(wordCount / WORDS_PER_MINUTE.max));
}

/** A post the owner published (issue 37), as the pages show it. */
export function articleFromPost(post: PublishedPost): BlogArticle {
  const rendered = renderBody(post.body);
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.description,
    author: post.author,
    date: post.publishedAt.slice(0, 10),
    category: post.category,
    image: post.image,
    imageAlt: post.imageAlt,
    readingTime: readingTimeOf(rendered.wordCount),
    kind: post.callToAction ? "guide" : "problem",
    related: post.related,
    ...(post.callToAction ? { cta: post.callToAction } : {}),
    ...rendered,
  };
}

/** Paths an article body may link to (SPEC §2: the six service routes, /blog and /contact). */
export const allowedBodyLinks = [
  "/services/seo",
  "/services/sem",
  "/services/website-design",
  "/services/email-marketing",
  "/services/social-media-consulting",
  "/services/podcast-marketing",
  "/blog",
  "/contact",
];

export const WORDS_PER_MINUTE = { min: 200, max: 230 } as const;

/**
 * Editorial rules the content test enforces: length matches the reading time, body links only to allowed
 * pages and to /contact, /blog and a service. Copy repeated across articles and British spellings are
 * the rules of copy-rules.ts.
 */
export function contentProblems(articles: BlogArticle[]): string[] {
  const problems: string[] = [];
  for (const article of articles) {
    const min = WORDS_PER_MINUTE.min * article.readingTime;
    const max = WORDS_PER_MINUTE.max * article.readingTime;
    if (article.wordCount < min)
      problems.push(
        `${article.slug}: ${article.wordCount} words is too short for ${article.readingTime} min (needs ${min})`,
      );
    if (article.wordCount > max)
      problems.push(
        `${article.slug}: ${article.wordCount} words is too long for ${article.readingTime} min (at most ${max})`,
      );
    const links = [...`${inlineMarkdown(article.lead)}${article.html}`.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    for (const link of links) {
      if (!link.startsWith("#") && !allowedBodyLinks.includes(link))
        problems.push(`${article.slug}: links to ${link}, which is not an allowed body link`);
    }
    if (!links.includes("/contact")) problems.push(`${article.slug}: has no call to action linking to /contact`);
    if (!links.includes("/blog")) problems.push(`${article.slug}: does not link to /blog`);
    if (!links.some((link) => link.startsWith("/services/")))
      problems.push(`${article.slug}: links to no service page`);
  }
  return problems;
}
