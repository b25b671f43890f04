import { Marked, type Tokens } from "marked";
import { parse as parseYaml } from "yaml";
import { blogFrontmatter, type BlogFrontmatter } from "./blog-schema.ts";

// Turns a Markdown file of content/blog/ into a checked article. Pure functions: the build (through
// Astro's blog collection, blog-articles.ts) and the content test (with node:fs) use the same code.
// We render the Markdown with marked rather than Astro's render(): the pages need the lead paragraph
// apart from the body, the table of contents, our heading ids and the word count, and the editorial
// rules below read the same HTML the reader gets.

export type TocEntry = { id: string; text: string };

export type BlogArticle = BlogFrontmatter & {
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

  const marked = new Marked();
  const tokens = marked.lexer(body);
  const leadIndex = tokens.findIndex((token) => token.type === "paragraph");
  if (leadIndex === -1) throw new BlogContentError(`${fileName}: the body needs a lead paragraph`);
  if (tokens.some((token) => token.type === "heading" && (token as Tokens.Heading).depth === 1)) {
    throw new BlogContentError(`${fileName}: use ## and ### headings; the title is the page's only h1`);
  }
  const lead = (tokens[leadIndex] as Tokens.Paragraph).text;
  const rest = tokens.filter((_, index) => index !== leadIndex);

  const toc: TocEntry[] = [];
  const usedIds = new Set<string>();
  marked.use({
    renderer: {
      heading({ tokens: inline, depth }) {
        const text = this.parser.parseInline(inline);
        let id = headingId(text);
        while (usedIds.has(id)) id = `${id}-2`;
        usedIds.add(id);
        // The contents list gets plain text (React escapes it); the HTML's entities would show as "&#39;".
        if (depth === 2)
          toc.push({ id, text: this.parser.parseInline(inline, this.parser.textRenderer).replace(/<[^>]+>/g, "") });
        return `<h${depth} id="${id}">${text}</h${depth}>\n`;
      },
    },
  });
  const html = marked.parser(Object.assign(rest, { links: tokens.links }));

  return { ...frontmatter, lead, html, toc, wordCount: countWords(body) };
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
  return new Marked().parseInline(text) as string;
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
