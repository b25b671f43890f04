import type { FastifyInstance, FastifyReply } from "fastify";
import { contentPostParams, postFieldsOf, type PublishedPost } from "../../contract/content.ts";
import { REPORTING_ENDPOINTS } from "../lib/content-security-policy.ts";
import type { HtmlPage } from "../site/page-renderer.ts";

// Previews (issue 37): a draft shown exactly as it will be published, rendered by the same renderer with the
// live content and the draft in its place. Signed-in users only; never indexed, never cached.
//
//   GET /admin/preview/posts/:id        the post's draft at /blog/<slug>
//   GET /admin/preview/site?path=/contact   a page with the site's drafted settings
//   GET /admin/preview/pages/:key       the page with its drafted copy

function sendPreview(reply: FastifyReply, page: HtmlPage) {
  return reply
    .header("cache-control", "no-store")
    .header("x-robots-tag", "noindex, nofollow")
    .header("content-security-policy", page.policy)
    .header("reporting-endpoints", REPORTING_ENDPOINTS)
    .type("text/html; charset=utf-8")
    .send(page.html);
}

const NOT_BUILT = "Previews need the built site (npm run build).";

export default async function contentPreviewRoutes(app: FastifyInstance) {
  const { requireAdmin } = app.adminSessions;
  const { content, sitePages } = app;

  app.get("/admin/preview/posts/:id", { preHandler: requireAdmin }, async (request, reply) => {
    if (!sitePages) return reply.code(404).type("text/plain").send(NOT_BUILT);
    const id = contentPostParams.safeParse(request.params).data?.id;
    const post = id ? await content.getPost(id) : null;
    if (!post) return reply.code(404).type("text/plain").send("There is no such article.");
    const draft: PublishedPost = {
      ...postFieldsOf(post),
      publishedAt: post.publishedAt ?? app.clock().toISOString(),
      updatedAt: post.updatedAt,
    };
    return sendPreview(reply, await sitePages.preview(draft));
  });

  app.get("/admin/preview/site", { preHandler: requireAdmin }, async (request, reply) => {
    if (!sitePages) return reply.code(404).type("text/plain").send(NOT_BUILT);
    const path = (request.query as { path?: unknown }).path;
    const site = await content.getSite();
    const page =
      site &&
      (await sitePages.previewWith(typeof path === "string" ? path : "/", (live) => ({ ...live, site: site.draft })));
    if (!page) return reply.code(404).type("text/plain").send("There is no such page.");
    return sendPreview(reply, page);
  });

  app.get("/admin/preview/pages/:key", { preHandler: requireAdmin }, async (request, reply) => {
    if (!sitePages) return reply.code(404).type("text/plain").send(NOT_BUILT);
    const key = (request.params as { key: string }).key;
    const editable = sitePages.editablePages().find((candidate) => candidate.key === key);
    if (!editable) return reply.code(404).type("text/plain").send("There is no such page.");
    const { draft } = await content.getPage(key);
    const page = await sitePages.previewWith(editable.path, (live) => ({
      ...live,
      pages: { ...live.pages, [key]: draft },
    }));
    return page ? sendPreview(reply, page) : reply.code(404).type("text/plain").send("There is no such page.");
  });
}
