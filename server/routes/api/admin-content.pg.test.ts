import { afterAll, beforeAll, expect, it } from "vitest";
import type { Post, SeedContent } from "../../../contract/content.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import { createTestApp, signIn, type TestApp } from "../../../tests/helpers/test-app.ts";
import { MINUTE_MS, testClock } from "../../../tests/helpers/test-clock.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database.ts";

// Two instances on one PostgreSQL database (how the site scales out) race the same due scheduled post: it goes
// live exactly once (content-store.ts publishDue: a conditional UPDATE under the row's lock). PostgreSQL only:
// two instances on one SQLite file in one test process would block each other's synchronous driver.

const clock = testClock(Date.UTC(2026, 10, 2, 15, 0));
const seed: SeedContent = {
  site: {
    companyName: "Summit Lead Marketing",
    phone: "(512) 555-0186",
    email: "hello@summit.example",
    hours: "Mon–Fri 9AM–6PM",
    locality: "Austin",
    region: "TX",
    bookingUrl: "https://cal.example.com/summit/strategy",
    socialLinks: [],
    autoReplyText: "",
  },
  posts: [],
};

let database: TestDatabase;
let first: TestApp;
let second: TestApp;
let owner: string;

beforeAll(async () => {
  database = await createTestDatabase();
  first = await createTestApp({}, database, { clock: clock.clock, contentSeed: async () => seed });
  second = await createTestApp({}, database, { clock: clock.clock });
  owner = await signIn(first.app);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.drop();
});

it("publishes a due scheduled post exactly once when both instances look for it at the same moment", async () => {
  const as = adminClient(first.app, { cookie: owner });
  for (let round = 0; round < 3; round += 1) {
    const created = await as.post("/api/admin/content/posts", {
      slug: `raced-schedule-${round}`,
      title: `A title for raced-schedule-${round}`,
      description: "A description long enough for the contract's fifty character minimum here.",
      body: "## Heading\n\nThe body of the article.",
      author: "Summit Team",
      category: "SEO",
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json<Post>();
    const scheduled = await as.post(`/api/admin/content/posts/${post.id}/publish`, {
      at: clock.offset(MINUTE_MS).toISOString(),
    });
    expect(scheduled.json<Post>().status).toBe("scheduled");
    const version = await first.app.content.version();
    clock.advance(2 * MINUTE_MS);
    const wins = await Promise.all([
      first.app.content.publishDue(),
      second.app.content.publishDue(),
      first.app.content.publishDue(),
      second.app.content.publishDue(),
    ]);
    // The instances' own loops may have taken it first: then neither call wins, and still only once.
    expect(wins.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(1);
    expect(await first.app.content.version()).toBe(version + 1);
    const records = (await as.get("/api/admin/activity?kind=content&limit=200"))
      .json<{ items: { summary: string }[] }>()
      .items.filter((item) => item.summary === `published the scheduled article "A title for raced-schedule-${round}"`);
    expect(records).toHaveLength(1);
  }
});
