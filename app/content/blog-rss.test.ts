import { describe, expect, it } from "vitest";
import type { BlogSummary } from "./blog-articles.ts";
import { blogRssXml } from "./blog-rss.ts";

const article = (slug: string, date: string, title = "A title"): BlogSummary => ({
  slug,
  title,
  excerpt: 'An excerpt with <markup> & "quotes"',
  date,
  category: "SEO",
  image: "https://images.example/photo.jpg",
  imageAlt: "A photo of something worth describing",
  readingTime: 5,
  kind: "problem",
  author: "founder",
});

describe("the blog's RSS feed", () => {
  const xml = blogRssXml([article("newer-one", "2025-01-15", "Tips & tricks"), article("older-one", "2025-01-05")]);

  it("is RSS 2.0 with one item per article, in the order given", () => {
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:atom="http:\/\/www.w3.org\/2005\/Atom">/,
    );
    expect(xml.match(/<item>/g)).toHaveLength(2);
    expect(xml.indexOf("/blog/newer-one</link>")).toBeLessThan(xml.indexOf("/blog/older-one</link>"));
    expect(xml).toMatch(/<atom:link href="[^"]+\/blog\/rss\.xml" rel="self" type="application\/rss\+xml"\/>/);
  });

  it("dates items at noon UTC on their day and the channel at the newest article", () => {
    expect(xml).toContain("<pubDate>Wed, 15 Jan 2025 12:00:00 GMT</pubDate>");
    expect(xml).toContain("<pubDate>Sun, 05 Jan 2025 12:00:00 GMT</pubDate>");
    expect(xml).toContain("<lastBuildDate>Wed, 15 Jan 2025 12:00:00 GMT</lastBuildDate>");
  });

  it("escapes text", () => {
    expect(xml).toContain("<title>Tips &amp; tricks</title>");
    expect(xml).toContain("<description>An excerpt with &lt;markup&gt; &amp; &quot;quotes&quot;</description>");
  });
});
