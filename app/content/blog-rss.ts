import { siteConfig } from "../config/site.ts";
import { absoluteUrl } from "../lib/seo.ts";
import type { BlogSummary } from "./blog-articles.ts";

// The blog's RSS 2.0 feed (/blog/rss.xml, written at build time by app/pages/blog/rss.xml.ts).

function escapeXml(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** "2025-01-15" -> "Wed, 15 Jan 2025 12:00:00 GMT": noon UTC, so the day is the same in every time zone. */
function rfc822(isoDate: string) {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!, 12)).toUTCString();
}

/** The feed of the given articles, newest first as given. */
export function blogRssXml(articles: BlogSummary[]): string {
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
  return [
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
}
