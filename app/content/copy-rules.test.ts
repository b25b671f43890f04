import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { inlineMarkdown, parseArticle, type BlogArticle } from "./blog-content.ts";
import {
  findBritishSpellings,
  plainTextOfHtml,
  repeatedFigures,
  repeatedSentences,
  sentencesOf,
  type CopyDocument,
} from "./copy-rules.ts";

// The content test of issue 14 point 7, over the real files: every article and every source file that
// holds page text is in US English, and no sentence appears in more than one article.
//
// Page text is checked in the source (app/config, app/views, app/components, app/pages, app/layouts and
// the scripts and helpers they ship with), not
// in the built HTML: the unit suite runs without a build, a finding names the file and line to edit, and
// the islands' text (forms, toasts) is there too, where the static HTML only has their first render. The
// price is that comments are checked as well, which keeps them in US English too.

const root = join(import.meta.dirname, "../..");
const blogDir = join(root, "content/blog");

const articleFiles = readdirSync(blogDir)
  .filter((file) => file.endsWith(".md"))
  .map((file) => ({ file: `content/blog/${file}`, raw: readFileSync(join(blogDir, file), "utf8") }));
const articles = articleFiles.map(({ file, raw }) => ({ file, article: parseArticle(file.split("/").pop()!, raw) }));

// The public site's source: page text, and the scripts and helpers shipped with it (their comments too).
const pageTextFolders = [
  "app/config",
  "app/views",
  "app/components",
  "app/pages",
  "app/layouts",
  "app/lib",
  "app/scripts",
  "app/hooks",
];
const pageTextFiles = pageTextFolders.flatMap((folder) =>
  readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((path) => /\.(?:tsx?|astro)$/.test(path) && !/\.test\.tsx?$/.test(path))
    .map((path) => relative(root, join(root, folder, path))),
);

/** What a reader of the article sees: the lead and the body, without markup. */
function articleText(article: BlogArticle) {
  return plainTextOfHtml(`<p>${inlineMarkdown(article.lead)}</p>\n${article.html}`);
}

/** The spec's call-to-action labels (SPEC §2 "Blog articles"): short, and each guide must carry its own two. */
const ctaLabels = articles.flatMap(({ article }) => (article.cta ? [article.cta.audit, article.cta.consultation] : []));

function report(findings: { file: string; line: number; word: string; us: string }[]) {
  return findings.map((f) => `${f.file}:${f.line}: "${f.word}" (US: ${f.us})`);
}

describe("US English", () => {
  it("reads the ten articles and the page text sources", () => {
    expect(articleFiles).toHaveLength(10);
    // A folder that moved would silently shrink the scan; these must be in it.
    expect(pageTextFiles).toEqual(
      expect.arrayContaining([
        "app/config/site.ts",
        "app/views/home.tsx",
        "app/components/site-footer.tsx",
        "app/components/forms/contact-form.tsx",
        "app/pages/index.astro",
      ]),
    );
  });

  it("no article uses a British spelling (frontmatter included)", () => {
    expect(report(articleFiles.flatMap(({ file, raw }) => findBritishSpellings(file, raw)))).toEqual([]);
  });

  it("no page text uses a British spelling, the spec's own quoted phrases aside", () => {
    const findings = pageTextFiles.flatMap((file) =>
      findBritishSpellings(file, readFileSync(join(root, file), "utf8")),
    );
    expect(report(findings)).toEqual([]);
  });

  it("fails on a planted British spelling, as a whole word in any case, with its line and the US form", () => {
    const planted =
      "We optimize pages.\nOur Colour palette and the enquiries you send.\nAn analysis, two analyses; the Centre.";
    expect(report(findBritishSpellings("planted.md", planted))).toEqual([
      'planted.md:2: "Colour" (US: color)',
      'planted.md:2: "enquiries" (US: inquiry, inquire)',
      'planted.md:3: "Centre" (US: center)',
    ]);
    // Whole words only: a longer word that contains one is not flagged.
    expect(findBritishSpellings("planted.md", "labelledBy, aria-labelledby, programmed")).toEqual([]);
  });

  it("allows a British word only inside a phrase the spec quotes, and only that occurrence", () => {
    expect(findBritishSpellings("offer.tsx", '"Custom branded colour schemes"')).toEqual([]);
    expect(report(findBritishSpellings("offer.tsx", '"Custom branded colour schemes" in a colour you choose'))).toEqual(
      ['offer.tsx:1: "colour" (US: color)'],
    );
  });
});

describe("no sentence is pasted into several articles", () => {
  const documents: CopyDocument[] = articles.map(({ file, article }) => ({ file, text: articleText(article) }));

  it("splits an article into its sentences, list items and headings apart", () => {
    const text = articleText(
      parseArticle(
        "seo-agency-holding-me-hostage.md",
        readFileSync(join(blogDir, "seo-agency-holding-me-hostage.md"), "utf8"),
      ),
    );
    const sentences = sentencesOf(text);
    expect(sentences.length).toBeGreaterThan(100);
    expect(sentences.every((sentence) => !sentence.includes("\n") && !sentence.includes("<"))).toBe(true);
  });

  it("holds for the ten articles (each repeat is listed with its files)", () => {
    const repeats = repeatedSentences(documents, ctaLabels).map(
      (repeat) => `${repeat.files.join(" + ")}: "${repeat.sentence}"`,
    );
    expect(repeats).toEqual([]);
  });

  it("fails on a sentence planted in two articles, whatever its spacing, case or final stop", () => {
    const claim = "Our SEO clients have seen traffic grow 300% and revenue 250% in a year.";
    const planted: CopyDocument[] = [
      { file: "content/blog/a.md", text: `An opening line that is only here.\n${claim} Then more.` },
      {
        file: "content/blog/b.md",
        text: `Something else entirely in this one. ${claim.toUpperCase().replace(/ /g, " \t ").replace(/\.$/, "!")}`,
      },
      { file: "content/blog/c.md", text: "A third article that shares nothing with the others at all." },
    ];
    expect(repeatedSentences(planted)).toEqual([
      { sentence: claim, files: ["content/blog/a.md", "content/blog/b.md"] },
    ]);
  });

  it("ignores short sentences and the spec's call-to-action labels", () => {
    const planted: CopyDocument[] = [
      {
        file: "a.md",
        text: "Make it easy. Get Your Roofing SEO Audit and more words here\nGet Your Legal SEO Audit Today Right Now",
      },
      {
        file: "b.md",
        text: "Make it easy. Get Your Roofing SEO Audit and more words here\nGet Your Legal SEO Audit Today Right Now",
      },
    ];
    expect(
      repeatedSentences(planted, [
        "Get Your Roofing SEO Audit and more words here",
        "Get Your Legal SEO Audit Today Right Now",
      ]),
    ).toEqual([]);
    expect(repeatedSentences(planted)).toHaveLength(2);
  });
});

describe("no result figure is pasted into several articles", () => {
  it("holds for the ten articles: a percentage or range appears in one article at most", () => {
    const documents: CopyDocument[] = articles.map(({ file, article }) => ({ file, text: articleText(article) }));
    expect(repeatedFigures(documents).map((repeat) => `${repeat.figure}: ${repeat.files.join(" + ")}`)).toEqual([]);
  });

  it("fails on a claim reworded around the same figure, and lets the spec's title advice be shared", () => {
    const planted: CopyDocument[] = [
      { file: "a.md", text: "Our clients saw 300% traffic growth. Keep titles to 50-60 characters." },
      {
        file: "b.md",
        text: "Traffic grew 300 % for one client, and 50–80 new leads a month. Titles of 50-60 characters.",
      },
      { file: "c.md", text: "Aim for 50-80 new leads a month." },
    ];
    expect(repeatedFigures(planted)).toEqual([
      { figure: "300%", files: ["a.md", "b.md"] },
      { figure: "50-80", files: ["b.md", "c.md"] },
    ]);
  });
});
