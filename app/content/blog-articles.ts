import { getCollection } from "astro:content";
import { articleFromFrontmatter, checkCollection, inlineMarkdown, type BlogArticle } from "./blog-content.ts";

// The articles of the blog collection (app/content.config.ts), read while Astro builds the pages.
// Pages never read files themselves. The collection checks run once per build, when the first blog page
// (or the feed) is built; a failure stops the build.

let loaded: Promise<BlogArticle[]> | undefined;

function loadArticles(): Promise<BlogArticle[]> {
  loaded ??= getCollection("blog").then((entries) => {
    const articles = entries
      .map((entry) => {
        // Astro keeps the path of the entry's file; our checks name the file ("<slug>.md").
        const fileName = entry.filePath?.split("/").pop() ?? `${entry.id}.md`;
        return articleFromFrontmatter(fileName, entry.data, entry.body ?? "");
      })
      .sort((a, b) => b.date.localeCompare(a.date));
    checkCollection(articles);
    return articles;
  });
  return loaded;
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
export async function listArticles(): Promise<BlogSummary[]> {
  return (await loadArticles()).map(summary);
}

function articleView(article: BlogArticle, articles: BlogArticle[]) {
  const { lead, ...rest } = article;
  return {
    ...rest,
    leadHtml: inlineMarkdown(lead),
    related: article.related.map((relatedSlug) => summary(articles.find((a) => a.slug === relatedSlug)!)),
  };
}

export type BlogArticleView = ReturnType<typeof articleView>;

/** Every article as its page shows it, newest first (for getStaticPaths). */
export async function listArticleViews(): Promise<BlogArticleView[]> {
  const articles = await loadArticles();
  return articles.map((article) => articleView(article, articles));
}
