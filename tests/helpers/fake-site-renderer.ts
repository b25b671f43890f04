import type { PageCopyField, PublishedContent, SeedContent } from "../../contract/content.ts";
import type { SiteRendererModule } from "../../server/site/page-renderer.ts";

// A renderer shaped like the build's (app/server-entry.ts), for the API tests of what the server does with
// the pages (serving, 301/410/404, previews, page copy) without an Astro build: each page is a little HTML
// that shows the settings, the page's copy and the post it renders, so a test can see what was rendered.

export const fakeSeed: SeedContent = {
  site: {
    companyName: "Summit Lead Marketing",
    phone: "(512) 555-0186",
    email: "hello@summit.example",
    hours: "Monday to Friday 9AM to 6PM EST",
    locality: "Austin",
    region: "TX",
    bookingUrl: "https://calendly.com/summit-lead-marketing/30min",
    socialLinks: [],
    autoReplyText: "",
  },
  posts: [
    {
      slug: "seeded-article",
      title: "A Seeded Article From the Files",
      description: "An article the files held, written to the database at the first start of the server.",
      body: "The lead.\n\n## A heading\n\nThe body.",
      author: "Jordan Reeves",
      category: "Local SEO",
      tags: [],
      image: null,
      imageAlt: "",
      related: [],
      callToAction: null,
      publishedAt: "2025-01-10T12:00:00.000Z",
      updatedAt: "2025-01-10T12:00:00.000Z",
    },
  ],
};

export const fakeHomeFields: PageCopyField[] = [
  { path: "hero.title", label: "Hero › Title", default: "Get Local Leads on Autopilot", max: 42 },
  { path: "hero.intro", label: "Hero › Intro", default: "SEO and lead generation for plumbers.", max: 60 },
  // As app/content/page-copy.ts gives every page (its search texts are ordinary fields).
  {
    path: "search.image",
    label: "Search and sharing › Social image",
    default: "",
    max: 2048,
    kind: "image",
    optional: true,
  },
  { path: "search.imageAlt", label: "Search and sharing › Social image text", default: "", max: 140, optional: true },
];

function escape(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
}

function page(path: string, title: string, content: PublishedContent, noindex = false) {
  return [
    "<!doctype html><html><head>",
    `<title>${escape(title)}</title>`,
    `<link rel="canonical" href="https://agency.example${path === "/" ? "/" : path}">`,
    noindex ? '<meta name="robots" content="noindex">' : "",
    `</head><body><header><a href="tel:${content.site.phone.replace(/\D/g, "")}">${escape(content.site.phone)}</a></header>`,
    `<h1>${escape(title)}</h1></body></html>`,
  ].join("");
}

export function fakeSiteRenderer(): SiteRendererModule & { renders: string[] } {
  const renders: string[] = [];
  return {
    renders,
    NOT_FOUND_PATH: "/404",
    FRAME_PATH: "/server-page-frame",
    FRAME_TITLE_MARKER: "__TITLE__",
    FRAME_MAIN_MARKER: "<!--main-->",
    publicPaths: (content) => ["/", "/contact", "/blog", ...content.posts.map((post) => `/blog/${post.slug}`)],
    editablePages: () => [{ key: "home", label: "Home", path: "/", fields: fakeHomeFields }],
    seedContent: async () => fakeSeed,
    async renderPage(path, content, preview) {
      renders.push(path);
      const html = (status: number, body: string) => ({ status, body, contentType: "text/html; charset=utf-8" });
      if (path === "/404") return html(404, page(path, "404 Page Not Found", content, true));
      // The frame of the server's own pages: the site's header and footer around the page's title and content.
      if (path === "/server-page-frame")
        return html(
          200,
          `<!doctype html><html><head><title>__TITLE__</title></head><body><header data-site-frame><a href="/">${escape(content.site.companyName)}</a></header><main id="main"><!--main--></main><footer data-site-frame>${escape(content.site.phone)}</footer></body></html>`,
        );
      if (path === "/") {
        const copy = content.pages.home ?? {};
        return html(200, page(path, copy["hero.title"] ?? fakeHomeFields[0]!.default, content));
      }
      if (path === "/blog")
        return html(200, page(path, content.posts.map((post) => post.title).join(" | ") || "No posts", content));
      if (path.startsWith("/blog/")) {
        const post = preview ?? content.posts.find((candidate) => `/blog/${candidate.slug}` === path);
        return post ? html(200, page(path, post.title, content)) : html(404, "");
      }
      return html(200, page(path, `Page ${path}`, content));
    },
  };
}
