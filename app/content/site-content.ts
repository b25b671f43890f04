import type { PublishedContent } from "../../contract/content.ts";
import { defaultSiteSettings } from "../config/site.ts";
import { seedPosts } from "./blog-articles.ts";

// What the public pages render from. The server (server/site/page-renderer.ts) reads the published content
// from the database and passes it in Astro.locals.content with every render; `astro dev`, which runs without
// our server, shows what a fresh install is seeded with.

let seeded: Promise<PublishedContent> | undefined;

/** Today's files and settings as content: what a fresh install is seeded with (issue 37). */
export function defaultContent(): Promise<PublishedContent> {
  seeded ??= seedPosts().then((posts) => ({
    version: 0,
    site: defaultSiteSettings(),
    posts,
    redirects: {},
    gone: [],
    pages: {},
  }));
  return seeded;
}

export function siteContent(locals: App.Locals): Promise<PublishedContent> {
  return locals.content ? Promise.resolve(locals.content) : defaultContent();
}
