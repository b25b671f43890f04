import { z } from "zod";

// The frontmatter every article in content/blog/ must carry, the one definition of its rules: Astro's
// blog collection (app/content.config.ts) validates with this very schema, so a file that breaks a rule
// fails the build (and the content test) with its name, instead of reaching a reader.

export const blogCategories = [
  "Legal SEO",
  "Local SEO",
  "Cannabis SEO",
  "SEO",
  "E-commerce SEO",
  "B2B SEO",
  "Website Design",
  "Lead Generation",
  "SEO Strategy",
  "Search Visibility",
] as const;

/** Authors known to the site; the founder's name and bio come from app/config/site.ts. */
export const blogAuthors = ["founder"] as const;

/**
 * A calendar date "YYYY-MM-DD". Astro's frontmatter parser (js-yaml) reads an unquoted `date: 2025-01-18`
 * as a Date at midnight UTC, our own (yaml) as a string: both become the string. A Date with a time of
 * day keeps its full ISO form, which the date check then rejects.
 */
const calendarDate = z.preprocess((value) => {
  if (!(value instanceof Date)) return value;
  const iso = value.toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
}, z.iso.date());

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "must be a lowercase-hyphenated slug" });

export const blogFrontmatter = z
  .object({
    title: z.string().min(30).max(90),
    slug,
    excerpt: z.string().min(120).max(220),
    author: z.enum(blogAuthors),
    date: calendarDate,
    category: z.enum(blogCategories),
    image: z.url().startsWith("https://"),
    imageAlt: z.string().min(20).max(120),
    readingTime: z.number().int().min(1).max(30),
    kind: z.enum(["problem", "guide"]),
    related: z.tuple([slug, slug]),
    cta: z.object({ audit: z.string().min(10).max(60), consultation: z.string().min(10).max(60) }).optional(),
  })
  .strict()
  .refine((fm) => (fm.kind === "guide") === (fm.cta !== undefined), {
    error: "guides need a cta block (audit, consultation) and problem articles must not have one",
    path: ["cta"],
  })
  .refine((fm) => !fm.related.includes(fm.slug), {
    error: "an article cannot be related to itself",
    path: ["related"],
  });
