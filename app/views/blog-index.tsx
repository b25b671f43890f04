import { PhotoFrame } from "../components/photo-frame.tsx";
import { ButtonLink, CtaBanner, Hero } from "../components/sections.tsx";
import { siteConfig } from "../config/site.ts";
import type { BlogSummary } from "../content/blog-articles.ts";
import { formatArticleDate } from "../lib/format-date.ts";
import { pageHead, type PageHead } from "../lib/seo.ts";

// SPEC §2 "Blog index": hero, a two-column grid of the ten article cards (newest first), closing banner.

// From sm (640 px) a card's photo is the card's width: the page's 2rem padding off the screen; two columns
// with a 2rem gap from md (768 px); the 72rem container (1152 px) caps it at (1120 - 32) / 2 = 544 px.
// Below sm it is a 128 px thumbnail (a phone at DPR 1.75 takes the 240 px photo): issue 12, decision 028.
const cardPhotoSizes =
  "(min-width: 1152px) 544px, (min-width: 768px) calc(50vw - 32px), (min-width: 640px) calc(100vw - 32px), 128px";

/** The blog index's own editable copy (issue 37, app/content/page-copy.ts): the hero and the closing banner.
 * The article cards are the articles' own texts, edited with the articles. */
export const blogCopy = {
  meta: {
    title: "Digital Marketing Insights",
    description:
      "Practical SEO, website and lead-generation advice for home-service businesses, law firms and growing companies.",
  },
  hero: {
    eyebrow: "Blog",
    title: "Digital Marketing Insights",
    intro:
      "Straight answers from the people running the campaigns: how to win local search, fix a website that does not convert, and turn clicks into booked jobs and signed cases.",
    action: "Get Your Free Strategy Session",
  },
  cta: {
    title: "Want these results for your business?",
    text: "Thirty minutes, no obligation: we look at your site, your rankings and your competitors, and tell you what we would do first.",
    action: "Book Your Free Strategy Call Now",
  },
};

/** Built at render time: the company name and phone are the published site settings (issue 37). */
export const head = (): PageHead =>
  pageHead({
    title: blogCopy.meta.title,
    description: blogCopy.meta.description,
    path: "/blog",
  });

export default function BlogIndex({ articles }: { articles: BlogSummary[] }) {
  const { hero, cta } = blogCopy;
  return (
    <>
      <Hero
        eyebrow={<p className="text-sm font-bold uppercase tracking-wider text-brand-700">{hero.eyebrow}</p>}
        title={hero.title}
        intro={<p>{hero.intro}</p>}
        actions={<ButtonLink to="/contact">{hero.action}</ButtonLink>}
      />
      <section aria-labelledby="articles-heading" className="bg-white py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="articles-heading" className="sr-only">
            Articles
          </h2>
          <ul className="grid gap-8 md:grid-cols-2">
            {articles.map((article, index) => (
              <li
                key={article.slug}
                className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
              >
                {/* Only the first card is in the first screen at every width; the rest wait until scrolled to. */}
                {article.image !== null && (
                  <PhotoFrame
                    src={article.image}
                    alt={article.imageAlt}
                    width={800}
                    height={450}
                    loading={index === 0 ? "eager" : "lazy"}
                    sizes={cardPhotoSizes}
                    // On a phone a full-width photo was the first screen's largest paint, waiting on a cold
                    // connection to the photo host; a thumbnail leaves that to the hero's text (decision 028).
                    // Low priority keeps the thumbnail off the text's way. On a desktop the photo is the largest
                    // paint, but it is the only request on its host's connection, so its priority orders nothing.
                    fetchPriority={index === 0 ? "low" : undefined}
                    className="max-sm:mx-6 max-sm:mt-6 max-sm:w-32 max-sm:rounded-md"
                  />
                )}
                <div className="flex flex-1 flex-col p-6 max-sm:pt-4">
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
                    <span>{siteConfig.author.name}</span>
                    <span aria-hidden="true">·</span>
                    <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
                    <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
                      {article.category}
                    </span>
                  </p>
                  <h3 className="mt-3 text-xl font-bold text-slate-900">
                    <a
                      href={`/blog/${article.slug}`}
                      className="hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                    >
                      {article.title}
                    </a>
                  </h3>
                  <p className="mt-3 flex-1 text-slate-700">{article.excerpt}</p>
                  <a
                    href={`/blog/${article.slug}`}
                    className="mt-6 inline-flex min-h-10 w-fit items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
                  >
                    Read Full Article<span className="sr-only">: {article.title}</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CtaBanner title={cta.title} text={cta.text}>
        <ButtonLink to="/contact" surface="dark">
          {cta.action}
        </ButtonLink>
      </CtaBanner>
    </>
  );
}
