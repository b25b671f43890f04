import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  contentImageUrl,
  contentPostParams,
  contentRevisionParams,
  contentSettingsInput,
  postInput,
  publishInput,
  siteSettingsInput,
  pageCopyInput,
  type ContentConflict,
  type EditablePageSummary,
  type PageCopyDocument,
  type PageCopyOverrides,
  type Post,
  type SiteSettingsDocument,
} from "../../../contract/content.ts";
import { OWNER_ONLY_MESSAGE } from "../../../contract/user-roles.ts";
import type { Conflict, NotFound, SlugTaken } from "../../content/content-records.ts";
import type { PageDocument } from "../../content/document-store.ts";
import { InputValidationError, parseInput } from "../../lib/request-errors.ts";
import { activityActor, adminOf } from "../../plugins/app/admin-sessions.ts";

// The content admin API (issue 37; the contract's header lists every route). Routes stay thin: the store
// (server/content/content-store.ts, app.content) owns the tables, the rules of what is live and the Activity
// records. Members edit drafts and restore; publishing is for owners, and for members while the team's
// membersCanPublish is on; deleting is for owners. Saves name the revision they edited (If-Match).

const BASE = "/api/admin/content";

/** A post's body may be 100,000 characters (contract POST_BODY_MAX): far above the API's 32 KB default. */
const POST_BODY_LIMIT_BYTES = 1024 * 1024;

const NOT_FOUND = { message: "There is no such article (it may have been deleted)." };
const REVISION_NOT_FOUND = { message: "There is no such article or revision." };
const SITE_NOT_SEEDED = { message: "The site's settings are not set up yet (the content was never seeded)." };
const IF_MATCH_REQUIRED = {
  message: "Send the revision you edited in the If-Match header (If-Match: 3), so a newer save is not overwritten.",
};

/** The If-Match header as a revision: undefined when absent; `"3"` and `W/"3"` (ETag forms) are accepted too. */
function ifMatchRevision(request: FastifyRequest): number | undefined {
  const header = request.headers["if-match"];
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(Array.isArray(header) ? (header[0] ?? "") : header);
  if (!match)
    throw new InputValidationError("If-Match must be the revision you edited, a whole number such as 3.", {
      "If-Match": "must be a revision number",
    });
  return Number(match[1]);
}

function conflict<T>(reply: FastifyReply, current: T, yours: unknown, what: string) {
  const body: ContentConflict<T> = {
    message: `Someone saved ${what} after you opened it: compare your changes with theirs, then save again.`,
    current,
    yours,
  };
  return reply.code(409).send(body);
}

function slugTaken(outcome: SlugTaken): never {
  throw new InputValidationError("Please correct the article.", { slug: outcome.slugTaken });
}

/** A revision number from the path, or null. */
function revisionOf(request: FastifyRequest): number | null {
  const raw = (request.params as { revision?: string }).revision ?? "";
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

export default async function adminContentRoutes(app: FastifyInstance) {
  const { content } = app;
  const { requireAdmin, requireOwner } = app.adminSessions;

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  /** preHandler: owners publish, and members while the team lets them (contract ContentSettings). */
  async function requirePublisher(request: FastifyRequest, reply: FastifyReply) {
    await requireAdmin(request, reply);
    if (reply.sent || !request.admin || request.admin.role === "owner") return;
    if (!(await content.getSettings()).membersCanPublish) await reply.code(403).send({ message: OWNER_ONLY_MESSAGE });
  }

  const postId = (request: FastifyRequest) => contentPostParams.safeParse(request.params).data?.id;
  const actorOf = (request: FastifyRequest) => activityActor(adminOf(request));

  /** A post's answer: 404, 409 with both sides, the slug's field error, or the post. */
  function answer(
    reply: FastifyReply,
    outcome: { post: Post } | NotFound | Conflict<Post> | SlugTaken,
    yours: unknown = null,
    notFound = NOT_FOUND,
  ) {
    if ("notFound" in outcome) return reply.code(404).send(notFound);
    if ("conflict" in outcome) return conflict(reply, outcome.conflict, yours, "this article");
    if ("slugTaken" in outcome) return slugTaken(outcome);
    return outcome.post;
  }

  app.get(`${BASE}/posts`, { preHandler: requireAdmin }, async () => ({ posts: await content.listPosts() }));

  app.post(`${BASE}/posts`, { preHandler: requireAdmin, bodyLimit: POST_BODY_LIMIT_BYTES }, async (request, reply) => {
    const fields = parseInput(postInput, request.body, "Please correct the article.");
    const outcome = await content.createPost(fields, actorOf(request));
    if ("slugTaken" in outcome) return slugTaken(outcome);
    return reply.code(201).send(outcome.post);
  });

  app.get(`${BASE}/posts/:id`, { preHandler: requireAdmin }, async (request, reply) => {
    const id = postId(request);
    const post = id ? await content.getPost(id) : null;
    return post ?? reply.code(404).send(NOT_FOUND);
  });

  app.put(
    `${BASE}/posts/:id`,
    { preHandler: requireAdmin, bodyLimit: POST_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const id = postId(request);
      if (!id) return reply.code(404).send(NOT_FOUND);
      const expected = ifMatchRevision(request);
      if (expected === undefined) return reply.code(428).send(IF_MATCH_REQUIRED);
      const fields = parseInput(postInput, request.body, "Please correct the article.");
      return answer(reply, await content.updatePost(id, fields, expected, actorOf(request)), request.body);
    },
  );

  app.delete(`${BASE}/posts/:id`, { preHandler: requireOwner }, async (request, reply) => {
    const id = postId(request);
    if (!id || !(await content.deletePost(id, actorOf(request)))) return reply.code(404).send(NOT_FOUND);
    return reply.code(204).send();
  });

  app.post(`${BASE}/posts/:id/publish`, { preHandler: requirePublisher }, async (request, reply) => {
    const id = postId(request);
    if (!id) return reply.code(404).send(NOT_FOUND);
    const expected = ifMatchRevision(request);
    const { at } = parseInput(publishInput, request.body ?? {}, "Please correct the publishing time.");
    const outcome = await content.publishPost(id, at ? new Date(at) : null, actorOf(request), expected);
    return answer(reply, outcome, request.body ?? {});
  });

  app.post(`${BASE}/posts/:id/unpublish`, { preHandler: requirePublisher }, async (request, reply) => {
    const id = postId(request);
    if (!id) return reply.code(404).send(NOT_FOUND);
    return answer(reply, await content.unpublishPost(id, actorOf(request)));
  });

  app.get(`${BASE}/posts/:id/revisions`, { preHandler: requireAdmin }, async (request, reply) => {
    const id = postId(request);
    const revisions = id ? await content.listRevisions(id) : null;
    return revisions ? { revisions } : reply.code(404).send(NOT_FOUND);
  });

  app.get(`${BASE}/posts/:id/revisions/:revision`, { preHandler: requireAdmin }, async (request, reply) => {
    const params = contentRevisionParams.safeParse(request.params);
    const fields = params.success ? await content.postRevision(params.data.id, params.data.revision) : null;
    return fields ?? reply.code(404).send(REVISION_NOT_FOUND);
  });

  app.post(`${BASE}/posts/:id/revisions/:revision/restore`, { preHandler: requireAdmin }, async (request, reply) => {
    const params = contentRevisionParams.safeParse(request.params);
    if (!params.success) return reply.code(404).send(REVISION_NOT_FOUND);
    const outcome = await content.restoreRevision(params.data.id, params.data.revision, actorOf(request));
    return answer(reply, outcome, null, REVISION_NOT_FOUND);
  });

  /** The site document's answer: 404 before the seed, 409 with both sides, or the document. */
  function siteAnswer(
    reply: FastifyReply,
    outcome: { document: SiteSettingsDocument } | NotFound | Conflict<SiteSettingsDocument>,
    yours: unknown = null,
  ) {
    if ("notFound" in outcome) return reply.code(404).send(SITE_NOT_SEEDED);
    if ("conflict" in outcome) return conflict(reply, outcome.conflict, yours, "the site's settings");
    return outcome.document;
  }

  app.get(`${BASE}/site`, { preHandler: requireAdmin }, async (_request, reply) => {
    return (await content.getSite()) ?? reply.code(404).send(SITE_NOT_SEEDED);
  });

  app.put(`${BASE}/site`, { preHandler: requireAdmin }, async (request, reply) => {
    const expected = ifMatchRevision(request);
    if (expected === undefined) return reply.code(428).send(IF_MATCH_REQUIRED);
    const settings = parseInput(siteSettingsInput, request.body, "Please correct the site's settings.");
    return siteAnswer(reply, await content.saveSite(settings, expected, actorOf(request)), request.body);
  });

  app.post(`${BASE}/site/publish`, { preHandler: requirePublisher }, async (request, reply) =>
    siteAnswer(reply, await content.publishSite(actorOf(request))),
  );

  app.get(`${BASE}/site/revisions`, { preHandler: requireAdmin }, async () => ({
    revisions: await content.listDocumentRevisions("site", "site"),
  }));

  /** The old settings become the draft, as a new revision. */
  app.post(`${BASE}/site/revisions/:revision/restore`, { preHandler: requireAdmin }, async (request, reply) => {
    const revision = revisionOf(request);
    const old = revision === null ? null : await content.documentRevision("site", "site", revision);
    const current = await content.getSite();
    if (!old || !current) return reply.code(404).send({ message: "There is no such revision of the site's settings." });
    const settings = siteSettingsInput.safeParse(old);
    if (!settings.success)
      return reply
        .code(400)
        .send({ message: "That revision no longer meets the settings' rules: edit the settings instead." });
    return siteAnswer(reply, await content.saveSite(settings.data, current.revision, actorOf(request)));
  });

  // Page copy (issue 37): the texts of the pages the renderer lists (app/content/page-copy.ts). The draft keeps
  // only what differs from the files; the fields and their limits come from the build's renderer.
  const editablePages = () => app.sitePages?.editablePages() ?? [];
  const NO_PAGE = {
    message: "There is no such page (page copy can be edited once the site is built: npm run build).",
  };

  function pageDocument(key: string, document: PageDocument): PageCopyDocument | null {
    const page = editablePages().find((candidate) => candidate.key === key);
    if (!page) return null;
    return {
      key: page.key,
      label: page.label,
      path: page.path,
      fields: page.fields.map((field) => ({
        ...field,
        draft: document.draft[field.path] ?? field.default,
        published: document.published[field.path] ?? field.default,
      })),
      revision: document.revision,
      publishedRevision: document.publishedRevision,
      updatedAt: document.updatedAt,
      updatedBy: document.updatedBy,
    };
  }

  const pageKey = (request: FastifyRequest) => (request.params as { key: string }).key;

  app.get(`${BASE}/pages`, { preHandler: requireAdmin }, async () => {
    const states = await content.pageStates();
    const pages: EditablePageSummary[] = editablePages().map(({ key, label, path }) => ({
      key,
      label,
      path,
      ...(states.get(key) ?? { revision: 0, publishedRevision: 0, updatedAt: null }),
    }));
    return { pages };
  });

  app.get(`${BASE}/pages/:key`, { preHandler: requireAdmin }, async (request, reply) => {
    const key = pageKey(request);
    if (!editablePages().some((page) => page.key === key)) return reply.code(404).send(NO_PAGE);
    return pageDocument(key, await content.getPage(key));
  });

  app.put(`${BASE}/pages/:key`, { preHandler: requireAdmin }, async (request, reply) => {
    const key = pageKey(request);
    const page = editablePages().find((candidate) => candidate.key === key);
    if (!page) return reply.code(404).send(NO_PAGE);
    const expected = ifMatchRevision(request);
    if (expected === undefined) return reply.code(428).send(IF_MATCH_REQUIRED);
    const { fields } = parseInput(pageCopyInput, request.body, "Please correct the page's texts.");
    const errors: Record<string, string> = {};
    for (const [path, text] of Object.entries(fields)) {
      const field = page.fields.find((candidate) => candidate.path === path);
      if (!field) errors[`fields.${path}`] = "This page has no such text.";
      else if (text === "" && !field.optional) errors[`fields.${path}`] = "This text is required";
      else if (text.length > field.max)
        errors[`fields.${path}`] = `${field.label} must be at most ${field.max} characters (it fits the layout).`;
      else if (field.kind === "image" && text !== "") {
        const image = contentImageUrl.safeParse(text);
        if (!image.success) errors[`fields.${path}`] = image.error.issues[0]!.message;
      }
    }
    const current = await content.getPage(key);
    // A social image needs its text for readers who cannot see it, as an article's image does.
    const after = (path: string) =>
      fields[path] ?? current.draft[path] ?? page.fields.find((field) => field.path === path)?.default ?? "";
    if (after("search.image") !== "" && after("search.imageAlt").length < 5 && !errors["fields.search.image"])
      errors["fields.search.imageAlt"] = "Describe the image for readers who cannot see it (at least 5 characters).";
    if (Object.keys(errors).length > 0) throw new InputValidationError("Please correct the page's texts.", errors);
    // The draft keeps what differs from the files: a text set back to the files' own is no change.
    const draft: PageCopyOverrides = { ...current.draft };
    for (const field of page.fields) {
      const text = fields[field.path];
      if (text === undefined) continue;
      if (text === field.default) delete draft[field.path];
      else draft[field.path] = text;
    }
    const outcome = await content.savePage(key, draft, expected, actorOf(request));
    if ("conflict" in outcome)
      return conflict(reply, pageDocument(key, outcome.conflict), request.body, "this page's texts");
    return pageDocument(key, outcome.document);
  });

  app.post(`${BASE}/pages/:key/publish`, { preHandler: requirePublisher }, async (request, reply) => {
    const key = pageKey(request);
    if (!editablePages().some((page) => page.key === key)) return reply.code(404).send(NO_PAGE);
    return pageDocument(key, (await content.publishPage(key, actorOf(request))).document);
  });

  app.get(`${BASE}/pages/:key/revisions`, { preHandler: requireAdmin }, async (request, reply) => {
    const key = pageKey(request);
    if (!editablePages().some((page) => page.key === key)) return reply.code(404).send(NO_PAGE);
    return { revisions: await content.listDocumentRevisions("page", key) };
  });

  app.post(`${BASE}/pages/:key/revisions/:revision/restore`, { preHandler: requireAdmin }, async (request, reply) => {
    const key = pageKey(request);
    const revision = revisionOf(request);
    const old = revision === null ? null : await content.documentRevision("page", key, revision);
    if (!old || !editablePages().some((page) => page.key === key))
      return reply.code(404).send({ message: "There is no such revision of this page." });
    const current = await content.getPage(key);
    const outcome = await content.savePage(key, old as PageCopyOverrides, current.revision, actorOf(request));
    if ("conflict" in outcome) return conflict(reply, pageDocument(key, outcome.conflict), null, "this page's texts");
    return pageDocument(key, outcome.document);
  });

  app.get(`${BASE}/settings`, { preHandler: requireAdmin }, async () => content.getSettings());

  app.put(`${BASE}/settings`, { preHandler: requireOwner }, async (request) => {
    const settings = parseInput(contentSettingsInput, request.body, "Please correct the content settings.");
    return content.putSettings(settings, actorOf(request));
  });
}
