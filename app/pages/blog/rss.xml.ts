import type { APIRoute } from "astro";
import { listArticles } from "../../content/blog-articles.ts";
import { blogRssXml } from "../../content/blog-rss.ts";

// Written to build/client/blog/rss.xml at build time, from the same collection as the pages.
export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(blogRssXml(await listArticles()), { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
