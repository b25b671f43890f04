import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzipSync } from "node:zlib";
import type {
  EditablePageInfo,
  PageCopyField,
  PublishedContent,
  PublishedPost,
  SeedContent,
} from "../../contract/content.ts";
import { pagePolicy, type PageKind } from "../lib/content-security-policy.ts";
import { pageModules, type ReadModule } from "../lib/page-modules.ts";
import type { PageFrame } from "./page-frame.ts";

// The public pages, rendered by our server from the published content (issue 37,
// docs/decisions/044-content-rendered-by-the-server.md). Astro builds the renderer (app/server-entry.ts) into
// build/server/entry.mjs; this keeps each page's HTML in memory, compressed, with its ETag and its
// Content-Security-Policy, for one content version. When the version moves (a publish on any instance: the
// database's content version, read at most once a second), the next request renders the page afresh.

const brotliAsync = promisify(brotliCompress);

/** What app/server-entry.ts exports. */
export type SiteRendererModule = {
  renderPage(
    path: string,
    content: PublishedContent,
    preview?: PublishedPost,
  ): Promise<{ status: number; body: string; contentType: string }>;
  publicPaths(content: PublishedContent): string[];
  seedContent(): Promise<SeedContent>;
  editablePages(): (EditablePageInfo & { fields: PageCopyField[] })[];
  NOT_FOUND_PATH: string;
  /** The frame of the pages the server writes itself, and what stands for their title and content in it. */
  FRAME_PATH: string;
  FRAME_TITLE_MARKER: string;
  FRAME_MAIN_MARKER: string;
};

type Variant = { body: Buffer; encoding: "br" | "gzip" | null };
export type HtmlPage = {
  variants: Variant[];
  html: string;
  etag: string;
  canonical: string | null;
  noindex: boolean;
  kind: PageKind;
  policy: string;
  contentType: string;
};

/** The renderer of a build, or null when the client folder has none beside it (a hand-made test folder). */
export async function loadSiteRenderer(clientDir: string): Promise<SiteRendererModule | null> {
  const entry = join(clientDir, "..", "server", "entry.mjs");
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as SiteRendererModule;
}

/** A page's answer from its HTML: compressed copies (brotli quickly now, at its best later), ETag, policy. */
export async function htmlPage(
  html: string,
  kind: PageKind,
  readModule: ReadModule,
  contentType = "text/html; charset=utf-8",
): Promise<HtmlPage> {
  const body = Buffer.from(html);
  const modules = contentType.startsWith("text/html") ? await pageModules(html, readModule) : [];
  // A quick brotli (a millisecond) so the first request after a publish is answered at once; the best one
  // (quality 11, tens of milliseconds) replaces it from the thread pool.
  const brotli: Variant = {
    body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
    encoding: "br",
  };
  void brotliAsync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }).then(
    (best) => {
      brotli.body = best;
    },
    () => undefined,
  );
  return {
    kind,
    contentType,
    policy: pagePolicy(
      html,
      kind,
      modules.map((module) => module.source),
    ),
    variants: [brotli, { body: gzipSync(body, { level: 6 }), encoding: "gzip" }, { body, encoding: null }],
    html,
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? null,
    noindex: /<meta name="robots" content="[^"]*noindex/.test(html),
  };
}

/** Where the published content comes from: the database (server/content/), or the build's seed. */
export type ContentSource = {
  /** The content version; cheap, read at most once a second. */
  version(): Promise<number>;
  load(): Promise<PublishedContent>;
};

export type PageAnswer =
  | { kind: "page"; page: HtmlPage }
  | { kind: "redirect"; location: string }
  | { kind: "gone"; page: HtmlPage }
  | { kind: "not-found"; page: HtmlPage };

/** How long a read content version is believed before it is read again. */
export const CONTENT_VERSION_TTL_MS = 1000;

type Generation = {
  content: PublishedContent;
  /** The UTC year the pages were rendered in: the footer's copyright line shows it (see #current). */
  year: number;
  paths: Set<string>;
  pages: Map<string, Promise<HtmlPage>>;
};

export class SitePages {
  #generation: Promise<Generation> | undefined;
  /** The last frame rendered, for the pages written while the database is away (see frame()). */
  #lastFrame: PageFrame | undefined;
  #checkedAt = 0;
  #checking: Promise<void> | undefined;

  constructor(
    private readonly renderer: SiteRendererModule,
    private readonly source: ContentSource,
    private readonly readModule: ReadModule,
    private readonly now: () => number = Date.now,
  ) {}

  /** The current content's pages; a version read more than a second ago is read again first. */
  async #current(): Promise<Generation> {
    if (!this.#generation) {
      this.#checkedAt = this.now();
      this.#generation = this.#load();
      // A failed load (the database away) is not kept: the next request tries again.
      this.#generation.catch(() => {
        this.#generation = undefined;
      });
    } else if (this.now() - this.#checkedAt >= CONTENT_VERSION_TTL_MS) {
      this.#checkedAt = this.now();
      // The database away: the pages as they are keep being served; the next second tries again.
      this.#checking ??= this.#checkVersion()
        .catch(() => undefined)
        .finally(() => {
          this.#checking = undefined;
        });
      await this.#checking;
    }
    // The footer's year is the render's (issue 39 §5): pages rendered in an earlier year are rendered again,
    // so a new year shows at the first request after midnight UTC even without a publish.
    const generation = await this.#generation!;
    const year = this.#year();
    if (generation.year !== year) {
      generation.year = year;
      generation.pages = new Map();
    }
    return generation;
  }

  #year(): number {
    return new Date(this.now()).getUTCFullYear();
  }

  async #load(): Promise<Generation> {
    const content = await this.source.load();
    return { content, year: this.#year(), paths: new Set(this.renderer.publicPaths(content)), pages: new Map() };
  }

  async #checkVersion(): Promise<void> {
    const current = await this.#generation!;
    const version = await this.source.version();
    if (version === current.content.version) return;
    const next = this.#load();
    await next;
    this.#generation = next;
  }

  /** Reads the content version now (the publishing instance calls it, so its own publish shows at once). */
  async refresh(): Promise<void> {
    if (!this.#generation) return;
    // A check already under way may have read the version before the change: read it again after it.
    await this.#checking;
    this.#checkedAt = this.now();
    await this.#checkVersion().catch(() => undefined);
  }

  #render(generation: Generation, path: string): Promise<HtmlPage> {
    let page = generation.pages.get(path);
    if (!page) {
      page = this.renderer.renderPage(path, generation.content).then((rendered) => {
        if (rendered.status !== 200 && path !== this.renderer.NOT_FOUND_PATH)
          throw new Error(`rendering ${path} answered ${rendered.status}`);
        return htmlPage(rendered.body, "site", this.readModule, rendered.contentType);
      });
      generation.pages.set(path, page);
      page.catch(() => generation.pages.delete(path));
    }
    return page;
  }

  /** The answer for a GET of `path`: its page, a redirect of a renamed post, 410 for a post taken down, or 404. */
  async answer(path: string): Promise<PageAnswer> {
    const generation = await this.#current();
    if (generation.paths.has(path)) return { kind: "page", page: await this.#render(generation, path) };
    const redirect = generation.content.redirects[path];
    if (redirect) return { kind: "redirect", location: redirect };
    const notFound = await this.#render(generation, this.renderer.NOT_FOUND_PATH);
    return generation.content.gone.includes(path)
      ? { kind: "gone", page: notFound }
      : { kind: "not-found", page: notFound };
  }

  async notFoundPage(): Promise<HtmlPage> {
    return this.#render(await this.#current(), this.renderer.NOT_FOUND_PATH);
  }

  /**
   * The frame of the pages the server writes itself, from the current content. It must answer while the
   * database is away (a 503 page is written then): the frame last rendered, else one rendered from the
   * build's seed (the files' content, as a fresh install shows it).
   */
  async frame(): Promise<PageFrame> {
    const markers = { titleMarker: this.renderer.FRAME_TITLE_MARKER, mainMarker: this.renderer.FRAME_MAIN_MARKER };
    try {
      const generation = await this.#current();
      const page = await this.#render(generation, this.renderer.FRAME_PATH);
      // Its modules are read once per frame, not once per page written.
      if (this.#lastFrame?.html !== page.html) {
        const modules = await pageModules(page.html, this.readModule);
        this.#lastFrame = { html: page.html, modules: modules.map((module) => module.source), ...markers };
      }
    } catch (error) {
      if (this.#lastFrame) return this.#lastFrame;
      const seed = await seedSource(this.renderer).load();
      const rendered = await this.renderer.renderPage(this.renderer.FRAME_PATH, seed);
      if (rendered.status !== 200) throw error;
      const modules = await pageModules(rendered.body, this.readModule);
      this.#lastFrame = { html: rendered.body, modules: modules.map((module) => module.source), ...markers };
    }
    return this.#lastFrame;
  }

  /** Every page of the current content, rendered (the sitemap reads their canonical addresses). */
  async allPages(): Promise<Map<string, HtmlPage>> {
    const generation = await this.#current();
    const pages = new Map<string, HtmlPage>();
    for (const path of generation.paths) pages.set(path, await this.#render(generation, path));
    return pages;
  }

  /** The pages whose copy the owner edits, with their fields (the build's, app/content/page-copy.ts). */
  editablePages() {
    return this.renderer.editablePages();
  }

  async paths(): Promise<Set<string>> {
    return (await this.#current()).paths;
  }

  /** Renders every page of the current content, so visitors after a start or a publish find them ready. */
  async warm(): Promise<void> {
    await this.allPages();
    await this.notFoundPage();
  }

  /** A draft post as it will be published, among the live content: never cached. */
  async preview(post: PublishedPost): Promise<HtmlPage> {
    const { content } = await this.#current();
    const rendered = await this.renderer.renderPage(`/blog/${post.slug}`, content, post);
    return htmlPage(rendered.body, "site", this.readModule, rendered.contentType);
  }

  /** Any page rendered with other content (the site's settings as drafted): never cached. */
  async previewWith(path: string, change: (content: PublishedContent) => PublishedContent): Promise<HtmlPage | null> {
    const { content, paths } = await this.#current();
    if (!paths.has(path)) return null;
    const rendered = await this.renderer.renderPage(path, change(content));
    return htmlPage(rendered.body, "site", this.readModule, rendered.contentType);
  }
}

/** A build without a database behind it (tools, and the first start's seed): the files' content. */
export function seedSource(renderer: SiteRendererModule): ContentSource {
  let content: Promise<PublishedContent> | undefined;
  return {
    version: async () => 0,
    load: () =>
      (content ??= renderer
        .seedContent()
        .then((seed) => ({ version: 0, ...seed, redirects: {}, gone: [], pages: {} }))),
  };
}
