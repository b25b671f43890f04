import { ArticleSidebar } from "../components/blog/article-sidebar.tsx";
import { PhotoFrame } from "../components/photo-frame.tsx";
import { ButtonLink, CtaGroup } from "../components/sections.tsx";
import { standardReplyPromise } from "../../contract/form-names.ts";
import { siteConfig } from "../config/site.ts";
import type { BlogArticleView } from "../content/blog-articles.ts";
import { formatArticleDate } from "../lib/format-date.ts";
import { absoluteUrl, pageHead, type PageHead } from "../lib/seo.ts";

// SPEC §2 "Blog articles": hero photo, byline, title, lead, table of contents, body, the guides' call to
// action, two related articles, and the sidebar. Static HTML: every link is a plain link.

export function articleHead(article: BlogArticleView): PageHead {
  const path = `/blog/${article.slug}`;
  const head = pageHead(
    { title: article.title, description: article.excerpt, path, type: "article", image: article.image ?? undefined },
    [
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: article.title,
        description: article.excerpt,
        image: article.image,
        datePublished: article.date,
        dateModified: article.date,
        author: { "@type": "Person", name: siteConfig.author.name },
        publisher: { "@type": "Organization", name: siteConfig.companyName, url: absoluteUrl("/") },
        mainEntityOfPage: absoluteUrl(path),
        articleSection: article.category,
        wordCount: article.wordCount,
      },
    ],
  );
  head.meta.push(
    { property: "article:published_time", content: article.date },
    { property: "article:author", content: siteConfig.author.name },
    { property: "article:section", content: article.category },
  );
  return head;
}

// The article column's width: the page's 2rem padding off the screen; from lg (1024 px) the 320 px sidebar
// and the 3rem gap too; the 72rem container (1152 px) caps it at 1120 - 48 - 320 = 752 px.
const heroPhotoSizes = "(min-width: 1152px) 752px, (min-width: 1024px) calc(100vw - 400px), calc(100vw - 32px)";

/**
 * The hero photo: the roofing guide's is lazy-loaded at 800 by 500 (SPEC §2), the others load at once.
 * Low fetch priority: on a phone the largest paint is the lead paragraph, not the photo, and the photo's
 * request still starts with the HTML (preload scanner) on its own CDN connection, where nothing of ours
 * queues behind it. Lighthouse's simulation leaves low-priority images out of the largest paint, and
 * otherwise waited for this one's cold third-party connection (issue 12: 1.67 → 0.89 s, decision 028).
 */
function HeroImage({ article }: { article: BlogArticleView }) {
  // An owner's post may have no photo (issue 37).
  if (article.image === null) return null;
  if (article.slug === "ultimate-guide-seo-roofing-companies") {
    return (
      <PhotoFrame
        src={article.image}
        alt={article.imageAlt}
        width={800}
        height={500}
        loading="lazy"
        sizes={heroPhotoSizes}
        className="rounded-xl"
      />
    );
  }
  return (
    <PhotoFrame
      src={article.image}
      alt={article.imageAlt}
      width={1200}
      height={675}
      loading="eager"
      fetchPriority="low"
      sizes={heroPhotoSizes}
      className="rounded-xl"
    />
  );
}

export default function BlogArticle({ article }: { article: BlogArticleView }) {
  return (
    <div className="bg-white">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 lg:grid-cols-[minmax(0,1fr)_320px]">
        <article>
          <HeroImage article={article} />
          <p className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700" data-testid="byline">
            <span>By {siteConfig.author.name}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
            <span aria-hidden="true">·</span>
            <span>{article.readingTime} min read</span>
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
              {article.category}
            </span>
          </p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">{article.title}</h1>
          <p className="mt-6 text-xl text-slate-700" dangerouslySetInnerHTML={{ __html: article.leadHtml }} />

          {article.toc.length > 0 && (
            <nav aria-labelledby="toc-heading" className="mt-8 rounded-xl bg-slate-50 p-6">
              <h2 id="toc-heading" className="text-sm font-bold uppercase tracking-wider text-slate-700">
                In this article
              </h2>
              <ol className="mt-3 list-decimal space-y-1 pl-5">
                {article.toc.map((entry) => (
                  <li key={entry.id}>
                    <a href={`#${entry.id}`} className="text-brand-700 underline-offset-4 hover:underline">
                      {entry.text}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          )}

          {/* Rendered at build time from the article's Markdown (content/blog/), our own content. */}
          <div className="article-body mt-8" dangerouslySetInnerHTML={{ __html: article.html }} />

          {article.cta && (
            <section aria-labelledby="article-cta" className="mt-12 rounded-xl bg-brand-900 p-8 text-white">
              <h2 id="article-cta" className="text-2xl font-extrabold">
                Ready to put this into practice?
              </h2>
              <p className="mt-2 text-blue-100">{`We answer within ${standardReplyPromise}.`}</p>
              <CtaGroup className="mt-6">
                <ButtonLink to="/contact" surface="dark">
                  {article.cta.audit}
                </ButtonLink>
                <ButtonLink to="/contact" emphasis="secondary" surface="dark">
                  {article.cta.consultation}
                </ButtonLink>
              </CtaGroup>
            </section>
          )}

          <section aria-labelledby="related-heading" className="mt-16">
            <h2 id="related-heading" className="text-2xl font-extrabold text-slate-900">
              Related Articles
            </h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2">
              {article.related.map((related) => (
                <li key={related.slug}>
                  <a
                    href={`/blog/${related.slug}`}
                    className="block h-full rounded-xl border border-slate-200 p-5 hover:border-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                  >
                    <span className="text-xs font-semibold uppercase tracking-wider text-brand-700">
                      {related.category}
                    </span>
                    <span className="mt-2 block text-lg font-bold text-slate-900">{related.title}</span>
                    <span className="mt-2 block text-sm text-slate-700">{related.readingTime} min read</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </article>
        <ArticleSidebar kind={article.kind} />
      </div>
    </div>
  );
}
