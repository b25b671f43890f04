import type { PublishedContent, PublishedPost } from "../contract/content.ts";

// What our server hands every render (issue 37): Astro.locals in the pages.
declare global {
  namespace App {
    interface Locals {
      /** The published content to render, passed by the server's renderer (app/server-entry.ts). */
      content?: PublishedContent;
      /** Set when the owner previews a draft post: the page renders it as it will be published. */
      previewPost?: PublishedPost;
    }
  }
}

export {};
