import type { APIRoute } from "astro";
import { listArticles } from "../../content/blog-articles.ts";
import { blogRssXml } from "../../content/blog-rss.ts";
import { siteContent } from "../../content/site-content.ts";

// Rendered by the server from the published posts, like the pages (issue 37).
export const GET: APIRoute = async ({ locals }) =>
  new Response(blogRssXml(listArticles(await siteContent(locals))), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
  });
