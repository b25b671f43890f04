import { siteConfig } from "../config/site.ts";

// Per-page title, description, canonical URL, Open Graph and Twitter tags, from one call.

export type PageMetaInput = {
  /** Without the company name; it is appended. */
  title: string;
  /** 50-160 characters: what a searcher reads under the title. */
  description: string;
  /** The route path, e.g. "/services/seo". */
  path: string;
  type?: "website" | "article";
  image?: string;
  noindex?: boolean;
};

export function absoluteUrl(path: string): string {
  return `${siteConfig.siteOrigin}${path === "/" ? "/" : path}`;
}

/** What a page's <head> carries beyond the frame's own tags (rendered by app/layouts/site-layout.astro). */
export type PageHead = {
  title: string;
  meta: { name?: string; property?: string; content: string }[];
  canonical: string;
  /** schema.org objects, each rendered as a JSON-LD script. */
  jsonLd: Record<string, unknown>[];
};

export function pageHead(
  { title, description, path, type = "website", image, noindex }: PageMetaInput,
  jsonLd: Record<string, unknown>[] = [],
): PageHead {
  const fullTitle = title.includes(siteConfig.companyName) ? title : `${title} | ${siteConfig.companyName}`;
  const url = absoluteUrl(path);
  const meta: PageHead["meta"] = [
    { name: "description", content: description },
    { property: "og:site_name", content: siteConfig.companyName },
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
  if (image) meta.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (noindex) meta.push({ name: "robots", content: "noindex" });
  return { title: fullTitle, meta, canonical: url, jsonLd };
}

/** The business, for the home page (schema.org ProfessionalService). */
export function businessJsonLd(): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: siteConfig.companyName,
    description: siteConfig.shortBlurb,
    url: absoluteUrl("/"),
    telephone: siteConfig.phone,
    email: siteConfig.email,
    foundingDate: String(siteConfig.foundedYear),
    areaServed: "US",
    address: {
      "@type": "PostalAddress",
      addressLocality: siteConfig.address.locality,
      addressRegion: siteConfig.address.region,
      addressCountry: siteConfig.address.country,
    },
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "09:00",
      closes: "18:00",
    },
    sameAs: siteConfig.socialLinks.map((link) => link.href),
  };
}
