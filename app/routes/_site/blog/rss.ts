import { listArticles } from "../../../content/blog.server.ts";
import { siteConfig } from "../../../config/site.ts";
import { absoluteUrl } from "../../../lib/seo.ts";

// /blog/rss.xml, prerendered at build time from the same articles as the pages (RSS 2.0).

function escapeXml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

function rfc822(isoDate: string) {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!, 12)).toUTCString();
}

export function loader() {
  const articles = listArticles();
  const items = articles.map((article) => {
    const url = absoluteUrl(`/blog/${article.slug}`);
    return [
      "    <item>",
      `      <title>${escapeXml(article.title)}</title>`,
      `      <link>${url}</link>`,
      `      <guid isPermaLink="true">${url}</guid>`,
      `      <description>${escapeXml(article.excerpt)}</description>`,
      `      <category>${escapeXml(article.category)}</category>`,
      `      <pubDate>${rfc822(article.date)}</pubDate>`,
      "    </item>",
    ].join("\n");
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(`${siteConfig.companyName}: Digital Marketing Insights`)}</title>`,
    `    <link>${absoluteUrl("/blog")}</link>`,
    `    <description>${escapeXml("SEO, website and lead-generation advice for local businesses.")}</description>`,
    "    <language>en-us</language>",
    `    <atom:link href="${absoluteUrl("/blog/rss.xml")}" rel="self" type="application/rss+xml"/>`,
    articles[0] ? `    <lastBuildDate>${rfc822(articles[0].date)}</lastBuildDate>` : "",
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ]
    .filter(Boolean)
    .join("\n");
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
