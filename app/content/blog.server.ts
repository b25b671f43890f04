import { checkCollection, inlineMarkdown, parseArticle, type BlogArticle } from "./blog-content.ts";

// The articles of content/blog/, read at build time (route loaders run while prerendering). Routes
// never read files themselves.

const files = import.meta.glob("/content/blog/*.md", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

const articles: BlogArticle[] = Object.entries(files)
  .map(([path, raw]) => parseArticle(path.split("/").pop()!, raw))
  .sort((a, b) => b.date.localeCompare(a.date));
checkCollection(articles);

export type BlogSummary = Pick<BlogArticle, "slug" | "title" | "excerpt" | "date" | "category" | "image" | "imageAlt" | "readingTime" | "kind" | "author">;

function summary(article: BlogArticle): BlogSummary {
  const { slug, title, excerpt, date, category, image, imageAlt, readingTime, kind, author } = article;
  return { slug, title, excerpt, date, category, image, imageAlt, readingTime, kind, author };
}

/** Newest first. */
export function listArticles(): BlogSummary[] {
  return articles.map(summary);
}

export function getArticle(slug: string) {
  const article = articles.find((a) => a.slug === slug);
  if (!article) return null;
  const { paragraphs: _paragraphs, lead, ...rest } = article;
  return {
    ...rest,
    leadHtml: inlineMarkdown(lead),
    related: article.related.map((relatedSlug) => summary(articles.find((a) => a.slug === relatedSlug)!)),
  };
}

export type BlogArticleView = NonNullable<ReturnType<typeof getArticle>>;
