import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import {
  articleFromFrontmatter,
  checkCollection,
  contentProblems,
  parseArticle,
  type BlogArticle,
} from "./blog-content.ts";

// The real articles of content/blog/, and proof that each rule catches what it should.

const dir = join(import.meta.dirname, "../../content/blog");
const articles: BlogArticle[] = readdirSync(dir)
  .filter((file) => file.endsWith(".md"))
  .map((file) => parseArticle(file, readFileSync(join(dir, file), "utf8")));
const bySlug = new Map(articles.map((a) => [a.slug, a]));

/** SPEC §2 and §3: slugs, kinds, dates, reading times, categories and related pairs. */
const expected = [
  { slug: "seo-agency-holding-me-hostage", kind: "problem", date: "2025-01-15", readingTime: 8, category: "SEO" },
  {
    slug: "website-lost-rankings-and-leads",
    kind: "problem",
    date: "2025-01-12",
    readingTime: 10,
    category: "Lead Generation",
  },
  {
    slug: "outdated-website-no-leads",
    kind: "problem",
    date: "2025-01-10",
    readingTime: 12,
    category: "Website Design",
  },
  {
    slug: "established-business-outranked-by-competitor",
    kind: "problem",
    date: "2025-01-08",
    readingTime: 11,
    category: "SEO Strategy",
  },
  {
    slug: "boss-googled-not-found-top-pages",
    kind: "problem",
    date: "2025-01-05",
    readingTime: 9,
    category: "Search Visibility",
  },
  {
    slug: "ultimate-guide-seo-law-firms",
    kind: "guide",
    category: "Legal SEO",
    related: ["seo-agency-holding-me-hostage", "website-lost-rankings-and-leads"],
  },
  {
    slug: "ultimate-guide-seo-roofing-companies",
    kind: "guide",
    category: "Local SEO",
    related: ["outdated-website-no-leads", "established-business-outranked-by-competitor"],
  },
  {
    slug: "ultimate-guide-seo-cannabis-businesses",
    kind: "guide",
    category: "Cannabis SEO",
    related: ["seo-agency-holding-me-hostage", "outdated-website-no-leads"],
  },
  {
    slug: "ultimate-guide-seo-ecommerce-companies",
    kind: "guide",
    category: "E-commerce SEO",
    related: ["website-lost-rankings-and-leads", "boss-googled-not-found-top-pages"],
  },
  {
    slug: "ultimate-guide-seo-manufacturers",
    kind: "guide",
    category: "B2B SEO",
    related: ["established-business-outranked-by-competitor", "outdated-website-no-leads"],
  },
];

describe("the ten articles", () => {
  it("are exactly the spec's slugs", () => {
    expect([...bySlug.keys()].sort()).toEqual(expected.map((e) => e.slug).sort());
  });

  it.each(expected)("$slug has the spec's kind, date, reading time, category and related articles", (spec) => {
    const article = bySlug.get(spec.slug)!;
    expect(article).toMatchObject(spec);
  });

  it("run one per date from 5 to 18 January 2025, guides in January 2025", () => {
    const dates = articles.map((a) => a.date).sort();
    expect(new Set(dates).size).toBe(10);
    expect(dates[0]).toBe("2025-01-05");
    expect(dates.at(-1)).toBe("2025-01-18");
    expect(dates.every((d) => d >= "2025-01-05" && d <= "2025-01-18")).toBe(true);
  });

  it("use the ten categories of SPEC §3, each once", () => {
    expect(new Set(articles.map((a) => a.category)).size).toBe(10);
  });

  it("give guides their two call-to-action labels", () => {
    expect(bySlug.get("ultimate-guide-seo-law-firms")?.cta).toEqual({
      audit: "Get Your Legal SEO Audit",
      consultation: "Schedule Your Legal SEO Consultation",
    });
    for (const guide of articles.filter((a) => a.kind === "guide")) {
      expect(guide.cta?.audit).toMatch(/^Get Your .+ Audit$/);
      expect(guide.cta?.consultation).toMatch(/^Schedule Your .+ Consultation$/);
    }
  });

  it("pass the collection checks and every editorial rule", () => {
    expect(() => checkCollection(articles)).not.toThrow();
    expect(contentProblems(articles)).toEqual([]);
  });
});

// A small, valid article to break in one way at a time.
function fixture(overrides: Record<string, string> = {}, body?: string) {
  const fm: Record<string, string> = {
    title: "A fixture article title long enough to pass",
    slug: "fixture-article",
    excerpt:
      "An excerpt that is long enough to satisfy the lower bound of one hundred and twenty characters for the blog index card text.",
    author: "founder",
    date: "2025-01-07",
    category: "SEO",
    image: "https://images.unsplash.com/photo-1?w=1200",
    imageAlt: "A person at a desk reviewing search rankings",
    readingTime: "1",
    kind: "problem",
    related: "[seo-agency-holding-me-hostage, outdated-website-no-leads]",
    ...overrides,
  };
  const yaml = Object.entries(fm)
    .filter(([, value]) => value !== "")
    .map(([key, value]) => `${key}: ${value}`)
    .join("\n");
  const words = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");
  const text =
    body ??
    `Lead paragraph of the fixture with a [call](/contact).\n\n## A section\n\n${words(200, "w")} see [the blog](/blog) and [SEO](/services/seo).\n`;
  return parseArticle(`${fm.slug}.md`, `---\n${yaml}\n---\n${text}`);
}

describe("the rules catch bad articles", () => {
  it("accepts the fixture as it is", () => {
    expect(contentProblems([fixture()])).toEqual([]);
  });

  it("fails a file that lacks a frontmatter field, naming the file and the field", () => {
    expect(() => fixture({ imageAlt: "" })).toThrow(/fixture-article\.md: invalid frontmatter[\s\S]*imageAlt/);
    expect(() => fixture({ author: "somebody-else" })).toThrow(/author/);
    expect(() => fixture({ title: "Too short" })).toThrow(/title/);
  });

  it("fails a guide without call-to-action labels", () => {
    expect(() => fixture({ kind: "guide" })).toThrow(/cta/);
  });

  it("fails a related slug that does not exist", () => {
    expect(() => checkCollection([fixture({ related: "[nowhere-one, nowhere-two]" })])).toThrow(/nowhere-one/);
  });

  it("flags an article shorter than its reading time implies", () => {
    expect(contentProblems([fixture({ readingTime: "3" })]).join()).toMatch(/too short for 3 min/);
  });

  it("flags links outside the allowed pages", () => {
    const bad = fixture(
      {},
      `Lead [call](/contact).\n\n${Array.from({ length: 210 }, () => "word").join(" ")} [x](https://example.com) [blog](/blog) [SEO](/services/seo)\n`,
    );
    expect(contentProblems([bad]).join()).toMatch(/https:\/\/example\.com/);
  });

  it("fails a collection that is not the blog's ten articles", () => {
    expect(() => checkCollection([...articles, fixture()])).toThrow(/holds 11 articles; the blog has 10/);
  });
});

describe("frontmatter parsed by Astro's collection", () => {
  const { data, body } = (() => {
    const raw = readFileSync(join(dir, "ultimate-guide-seo-law-firms.md"), "utf8");
    const end = raw.indexOf("\n---", 3);
    return { data: parseYaml(raw.slice(4, end)) as Record<string, unknown>, body: raw.slice(end + 4) };
  })();

  it("gives the same article as our own parser, with the date as js-yaml reads it (a Date at midnight UTC)", () => {
    const fromAstro = articleFromFrontmatter(
      "ultimate-guide-seo-law-firms.md",
      { ...data, date: new Date(Date.UTC(2025, 0, 18)) },
      body,
    );
    expect(fromAstro).toEqual(bySlug.get("ultimate-guide-seo-law-firms"));
    expect(fromAstro.date).toBe("2025-01-18");
  });

  it("fails a file whose slug is not its file name", () => {
    expect(() => articleFromFrontmatter("law-firms.md", data, body)).toThrow(
      /law-firms\.md: slug "ultimate-guide-seo-law-firms" must match the file name/,
    );
  });

  it("rejects a date with a time of day, and a misspelt field", () => {
    expect(() =>
      articleFromFrontmatter(
        "ultimate-guide-seo-law-firms.md",
        { ...data, date: new Date(Date.UTC(2025, 0, 18, 9)) },
        body,
      ),
    ).toThrow(/date/);
    const { imageAlt, ...rest } = data;
    expect(() =>
      articleFromFrontmatter("ultimate-guide-seo-law-firms.md", { ...rest, imagealt: imageAlt }, body),
    ).toThrow(/imageAlt[\s\S]*imagealt|imagealt[\s\S]*imageAlt/);
  });
});

describe("the table of contents", () => {
  it("lists each ## heading as plain text, entities decoded, with the heading's id", () => {
    const article = fixture({}, `Lead with a [call](/contact).\n\n## Why it doesn't *rank* & more\n\nText.\n`);
    expect(article.toc).toEqual([{ id: "why-it-doesn-39-t-rank-more", text: "Why it doesn't rank & more" }]);
    expect(article.html).toContain('<h2 id="why-it-doesn-39-t-rank-more">');
  });
});
