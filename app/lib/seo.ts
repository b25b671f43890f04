import type { MetaDescriptor } from "react-router";
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

export function pageMeta({ title, description, path, type = "website", image, noindex }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title.includes(siteConfig.companyName) ? title : `${title} | ${siteConfig.companyName}`;
  const url = absoluteUrl(path);
  const meta: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
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
  return meta;
}

/** schema.org JSON-LD as a meta descriptor (React Router renders it as a script tag). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}

/** The business, for the home page (schema.org ProfessionalService). */
export function businessJsonLd(): MetaDescriptor {
  return jsonLd({
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
  });
}
