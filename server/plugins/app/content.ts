import fp from "fastify-plugin";
import type { SeedContent } from "../../../contract/content.ts";
import { createContentStore, type ContentStore } from "../../content/content-store.ts";

// The site's editable content (issue 37; server/content/): app.content is its one store. At start-up the
// seed (AppOptions.contentSeed: today's files) is written once, if it never was; then, every second, the
// scheduled posts whose time has come go live (each exactly once across instances: content-store.ts
// publishDue). The step runs at once at start-up too, so a post due while no instance ran is not late.

/** How often scheduled posts are looked for: a scheduled post is live within this of its time. */
export const SCHEDULE_CHECK_MS = 1_000;

declare module "fastify" {
  interface FastifyInstance {
    content: ContentStore;
  }
}

export default fp<{ seed?: (() => Promise<SeedContent | null>) | undefined }>(
  async (app, { seed }) => {
    const content = createContentStore(app.db, app.clock);
    app.decorate("content", content);

    if (seed && !(await content.isSeeded())) {
      const files = await seed();
      if (files && (await content.seed(files)))
        app.log.info({ posts: files.posts.length }, "seeded the site's content from its files");
    }

    let round: Promise<void> | null = null;
    const publishDue = () => {
      if (round) return;
      round = content
        .publishDue()
        .then((published) => {
          if (published > 0) app.log.info({ published }, "scheduled articles went live");
        })
        .catch((error: unknown) => app.log.warn({ err: error }, "could not finish: publishing scheduled articles"))
        .finally(() => {
          round = null;
        });
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      publishDue();
      timer = setInterval(publishDue, SCHEDULE_CHECK_MS).unref();
    });
    app.addHook("onClose", async () => {
      clearInterval(timer);
      await round;
    });
  },
  { name: "content", dependencies: ["database", "repositories"] },
);
