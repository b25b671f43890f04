import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { blogFrontmatter } from "./content/blog-schema.ts";

// The blog: one entry per Markdown file of content/blog/, its id the frontmatter slug. Astro validates
// each file's frontmatter with our schema (one definition, app/content/blog-schema.ts), so a missing,
// weak or misspelt field fails the build naming the file. The pages render entry.body with our own code
// (blog-content.ts), not Astro's render(). (deferRender would skip Astro's unused rendering at sync, but
// then every Markdown file is bundled as a module for render(), with a warning per file.)
const blog = defineCollection({
  loader: glob({ pattern: "*.md", base: "./content/blog" }),
  schema: blogFrontmatter,
});

export const collections = { blog };
