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
  /** What the image shows, for readers of a shared link who cannot see it. */
  imageAlt?: string;
  noindex?: boolean;
};

/** What the owner set in a page's "Search and sharing" (issue 37); a missing text keeps the files' own. */
export type SearchOverride = { title?: string; description?: string; image?: string; imageAlt?: string };

// Written by applyPageCopy (app/content/page-copy.ts) before each render, by page path.
let searchOverrides: ReadonlyMap<string, SearchOverride> = new Map();

export function setSearchOverrides(overrides: ReadonlyMap<string, SearchOverride>): void {
  searchOverrides = overrides;
}

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
  /**
   * The title, description and image the files give the page, before the owner's changes (the page editor's
   * defaults); pageHead sets it, a head written by hand (a frame never indexed) has none.
   */
  files?: Pick<PageMetaInput, "title" | "description" | "image" | "imageAlt">;
};

export function pageHead(input: PageMetaInput, jsonLd: Record<string, unknown>[] = []): PageHead {
  const { path, type = "website", noindex } = input;
  const { title, description, image: imagePath, imageAlt } = { ...input, ...searchOverrides.get(path) };
  // Open Graph wants an absolute address; our own images are paths.
  const image = imagePath?.startsWith("/") ? absoluteUrl(imagePath) : imagePath;
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
  if (image && imageAlt)
    meta.push({ property: "og:image:alt", content: imageAlt }, { name: "twitter:image:alt", content: imageAlt });
  if (noindex) meta.push({ name: "robots", content: "noindex" });
  const files = { title: input.title, description: input.description, image: input.image, imageAlt: input.imageAlt };
  return { title: fullTitle, meta, canonical: url, jsonLd, files };
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
