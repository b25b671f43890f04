import { getCollection } from "astro:content";
import type { PublishedContent, PublishedPost } from "../../contract/content.ts";
import { siteConfig } from "../config/site.ts";
import {
  articleFromFrontmatter,
  articleFromPost,
  checkCollection,
  inlineMarkdown,
  type BlogArticle,
} from "./blog-content.ts";

// The blog's articles as the pages show them: the posts the owner published (issue 37), which the server
// passes to every render (Astro.locals.content). The Markdown files of content/blog/ are what an empty
// database is seeded with (seedPosts), read through Astro's blog collection; their checks stop the build.

/** The ten files as published posts, for the first start's seed (and `astro dev`, which has no database). */
export async function seedPosts(): Promise<PublishedPost[]> {
  const entries = await getCollection("blog");
  const articles = entries.map((entry) => {
    // Astro keeps the path of the entry's file; our checks name the file ("<slug>.md").
    const fileName = entry.filePath?.split("/").pop() ?? `${entry.id}.md`;
    return { article: articleFromFrontmatter(fileName, entry.data, entry.body ?? ""), body: entry.body ?? "" };
  });
  checkCollection(articles.map(({ article }) => article));
  return articles
    .map(({ article, body }) => {
      // Noon UTC: the same calendar day in every American time zone.
      const publishedAt = `${article.date}T12:00:00.000Z`;
      return {
        slug: article.slug,
        title: article.title,
        description: article.excerpt,
        body,
        author: siteConfig.author.name,
        category: article.category,
        tags: [],
        image: article.image,
        imageAlt: article.imageAlt,
        related: [...article.related],
        callToAction: article.cta ?? null,
        publishedAt,
        updatedAt: publishedAt,
      };
    })
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}

const rendered = new WeakMap<PublishedContent, BlogArticle[]>();

/** Every published article, newest first, rendered once per content version. */
function articlesOf(content: PublishedContent): BlogArticle[] {
  let articles = rendered.get(content);
  if (!articles) {
    articles = content.posts.map(articleFromPost);
    rendered.set(content, articles);
  }
  return articles;
}

export type BlogSummary = Pick<
  BlogArticle,
  "slug" | "title" | "excerpt" | "date" | "category" | "image" | "imageAlt" | "readingTime" | "kind" | "author"
>;

function summary(article: BlogArticle): BlogSummary {
  const { slug, title, excerpt, date, category, image, imageAlt, readingTime, kind, author } = article;
  return { slug, title, excerpt, date, category, image, imageAlt, readingTime, kind, author };
}

/** Newest first. */
export function listArticles(content: PublishedContent): BlogSummary[] {
  return articlesOf(content).map(summary);
}

/**
 * The two related articles: the post's own choices that are live, then the newest of its category, then the
 * newest of all; so a publish or an unpublish never leaves a broken related link.
 */
function relatedArticles(article: BlogArticle, articles: BlogArticle[]): BlogArticle[] {
  const others = articles.filter((other) => other.slug !== article.slug);
  const chosen = article.related
    .map((slug) => others.find((other) => other.slug === slug))
    .filter((other): other is BlogArticle => other !== undefined);
  for (const candidate of [...others.filter((other) => other.category === article.category), ...others]) {
    if (chosen.length >= 2) break;
    if (!chosen.includes(candidate)) chosen.push(candidate);
  }
  return chosen.slice(0, 2);
}

function articleView(article: BlogArticle, articles: BlogArticle[]) {
  const { lead, ...rest } = article;
  return { ...rest, leadHtml: inlineMarkdown(lead), related: relatedArticles(article, articles).map(summary) };
}

export type BlogArticleView = ReturnType<typeof articleView>;

/** The article at /blog/<slug> as its page shows it; undefined when no such article is live. */
export function articleViewOf(content: PublishedContent, slug: string): BlogArticleView | undefined {
  const articles = articlesOf(content);
  const article = articles.find((candidate) => candidate.slug === slug);
  return article && articleView(article, articles);
}

/** A post the owner is previewing (issue 37), shown as it will be published, among the live ones. */
export function previewArticleView(content: PublishedContent, post: PublishedPost): BlogArticleView {
  const article = articleFromPost(post);
  return articleView(
    article,
    articlesOf(content).filter((other) => other.slug !== post.slug),
  );
}
