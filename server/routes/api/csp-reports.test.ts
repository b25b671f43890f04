import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CspViolationList } from "../../../contract/csp-reports.ts";
import { createTestApp, signIn, type TestApp } from "../../../tests/helpers/test-app.ts";
import { createCspViolationsRepository } from "../../repositories/csp-violations-repository.ts";

// Content-Security-Policy reports (issue 19, point 9): both formats browsers send, counted per day, page,
// directive and blocked source; refused when malformed or too many; shown to the signed-in owner.
// Run on SQLite and on PostgreSQL.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let now = Date.parse("2026-11-23T12:00:00.000Z");
const clock = () => new Date(now);

let t: TestApp;
let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  app = t.app;
  cookie = await signIn(app);
});

afterAll(async () => {
  await t.close();
});

afterEach(async () => {
  await app.db.deleteFrom("cspViolations").execute();
  now = Date.parse("2026-11-23T12:00:00.000Z");
});

/** What Firefox and Safari send (report-uri). */
function reportUri(documentUri: string, directive: string, blocked: string) {
  return {
    "csp-report": {
      "document-uri": documentUri,
      referrer: "",
      "violated-directive": directive,
      "effective-directive": directive,
      "original-policy": "default-src 'none'; style-src-elem 'self'",
      disposition: "enforce",
      "blocked-uri": blocked,
      "status-code": 200,
      "script-sample": "",
    },
  };
}

/** One report of what Chromium sends (report-to, the Reporting API). */
function reportTo(url: string, directive: string, blocked: string, type = "csp-violation") {
  return {
    type,
    age: 12,
    url,
    user_agent: "Mozilla/5.0",
    body: {
      documentURL: url,
      referrer: "",
      blockedURL: blocked,
      effectiveDirective: directive,
      originalPolicy: "default-src 'none'",
      sourceFile: url,
      sample: "",
      disposition: "enforce",
      statusCode: 200,
      lineNumber: 1,
      columnNumber: 1,
    },
  };
}

const post = (payload: unknown, contentType = "application/csp-report", extra: Partial<InjectOptions> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/csp-reports",
    headers: { "content-type": contentType, ...(extra.headers ?? {}) },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    remoteAddress: extra.remoteAddress,
  });

const list = async (headers: Record<string, string> = { cookie }) =>
  app.inject({ method: "GET", url: "/api/admin/csp-violations", headers });

async function rows() {
  const response = await list();
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<CspViolationList>()
    .items.map(({ day, pagePath, directive, blocked, count }) => ({ day, pagePath, directive, blocked, count }));
}

describe("POST /api/csp-reports", () => {
  it("counts a report-uri report (application/csp-report) by day, page path, directive and blocked source", async () => {
    const response = await post(
      reportUri("https://agency.example/contact?utm_source=x#top", "style-src-elem", "inline"),
    );
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe("");
    expect(await post(reportUri("https://agency.example/contact?other=1", "style-src-elem", "inline"))).toHaveProperty(
      "statusCode",
      204,
    );
    // The query string is not kept: the same page, one row.
    expect(await rows()).toEqual([
      { day: "2026-11-23", pagePath: "/contact", directive: "style-src-elem", blocked: "inline", count: 2 },
    ]);
  });

  it("counts every csp-violation of a Reporting API batch (application/reports+json) and ignores other report types", async () => {
    const batch = [
      reportTo("https://agency.example/admin/leads", "script-src-elem", "https://evil.example/x.js?id=1"),
      reportTo("https://agency.example/admin/leads", "script-src-elem", "https://evil.example/y.js"),
      reportTo("https://agency.example/", "img-src", "data:image/png;base64,AAAA"),
      reportTo("https://agency.example/", "deprecation", "", "deprecation"),
    ];
    expect((await post(batch, "application/reports+json")).statusCode).toBe(204);
    expect((await post(batch.slice(0, 1), "application/reports+json")).statusCode).toBe(204);
    // Only the blocked URL's origin is kept; a data: URL is "data".
    expect(await rows()).toEqual(
      expect.arrayContaining([
        {
          day: "2026-11-23",
          pagePath: "/admin/leads",
          directive: "script-src-elem",
          blocked: "https://evil.example",
          count: 3,
        },
        { day: "2026-11-23", pagePath: "/", directive: "img-src", blocked: "data", count: 1 },
      ]),
    );
    expect(await rows()).toHaveLength(2);
  });

  it("reads the directive's name from violated-directive when effective-directive is missing, and eval as a keyword", async () => {
    const report = reportUri("https://agency.example/about", "script-src 'self'", "eval");
    delete (report["csp-report"] as Partial<(typeof report)["csp-report"]>)["effective-directive"];
    expect((await post(report)).statusCode).toBe(204);
    expect(await rows()).toEqual([
      { day: "2026-11-23", pagePath: "/about", directive: "script-src", blocked: "eval", count: 1 },
    ]);
  });

  it("is not refused by the cross-site check: browsers send reports with Origin null or another origin", async () => {
    for (const origin of ["null", "https://elsewhere.example"]) {
      const response = await post(
        reportUri("https://agency.example/", "style-src-elem", "inline"),
        "application/csp-report",
        { headers: { origin } },
      );
      expect(response.statusCode, `${origin}: ${response.body}`).toBe(204);
    }
    const batch = await post(
      [reportTo("https://agency.example/", "style-src-elem", "inline")],
      "application/reports+json",
      { headers: { origin: "null" } },
    );
    expect(batch.statusCode, batch.body).toBe(204);
    expect(await rows()).toEqual([
      { day: "2026-11-23", pagePath: "/", directive: "style-src-elem", blocked: "inline", count: 3 },
    ]);
  });

  it("answers garbage with 400 and a JSON message, never 5xx, and counts nothing", async () => {
    const garbage: [unknown, string][] = [
      ["not json at all", "application/csp-report"],
      ["{", "application/reports+json"],
      [{}, "application/csp-report"],
      [{ "csp-report": "x" }, "application/csp-report"],
      [{ "csp-report": { "document-uri": "https://agency.example/" } }, "application/csp-report"],
      [
        { "csp-report": { "document-uri": "not a url", "effective-directive": "img-src", "blocked-uri": "inline" } },
        "application/csp-report",
      ],
      [reportUri("https://agency.example/", "<script>alert(1)</script>", "inline"), "application/csp-report"],
      [reportUri("https://agency.example/", "img-src", "::not a url::"), "application/csp-report"],
      [[{ type: "csp-violation", body: null }], "application/reports+json"],
      [[{ type: "csp-violation", body: { documentURL: "https://agency.example/" } }], "application/reports+json"],
      [{ type: "csp-violation" }, "application/reports+json"],
      [[1, 2, 3], "application/reports+json"],
      [reportUri(`https://agency.example/${"a".repeat(5000)}`, "img-src", "inline"), "application/csp-report"],
      [Array.from({ length: 101 }, () => ({ type: "deprecation", body: {} })), "application/reports+json"],
    ];
    for (const [payload, contentType] of garbage) {
      const response = await post(payload, contentType);
      expect(response.statusCode, `${JSON.stringify(payload).slice(0, 80)}: ${response.body}`).toBe(400);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json<{ message: string }>().message).toMatch(/report/i);
    }
    expect(await rows()).toEqual([]);
  });

  it("refuses another content type (415) and a body over 16 KB (413), with a JSON message", async () => {
    const text = await post(reportUri("https://agency.example/", "img-src", "inline"), "text/plain");
    expect(text.statusCode).toBe(415);
    expect(text.json<{ message: string }>().message).toMatch(/content-type/i);
    const large = reportUri("https://agency.example/", "img-src", "inline");
    large["csp-report"]["script-sample"] = "x".repeat(17 * 1024);
    const tooLarge = await post(large);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<{ message: string }>().message).toBe("The report is larger than 16 KB.");
  });

  it("accepts application/json too (some browsers label report-uri bodies so)", async () => {
    expect(
      (
        await post(
          reportUri("https://agency.example/blog", "font-src", "https://fonts.example/f.woff2"),
          "application/json",
        )
      ).statusCode,
    ).toBe(204);
    expect(await rows()).toEqual([
      { day: "2026-11-23", pagePath: "/blog", directive: "font-src", blocked: "https://fonts.example", count: 1 },
    ]);
  });
});

describe("the rate limit of POST /api/csp-reports", () => {
  it("takes 60 reports per address in 10 minutes, then answers 429 until the window ends", async () => {
    const limited = await createTestApp(
      {
        rateLimit: {
          enabled: true,
          forms: { max: 100, windowMs: 10 * MINUTE },
          login: { max: 100, windowMs: 15 * MINUTE },
          account: { max: 100, windowMs: 60 * MINUTE },
        },
      },
      undefined,
      { clock },
    );
    try {
      const send = (remoteAddress: string) =>
        limited.app.inject({
          method: "POST",
          url: "/api/csp-reports",
          headers: { "content-type": "application/csp-report" },
          payload: JSON.stringify(reportUri("https://agency.example/", "style-src-elem", "inline")),
          remoteAddress,
        });
      for (let i = 0; i < 60; i++) expect((await send("203.0.113.7")).statusCode).toBe(204);
      const refused = await send("203.0.113.7");
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json<{ message: string }>().message).toMatch(/^Too many requests/);
      expect(refused.headers["retry-after"]).toBe("600");
      // Another address has its own count; the refused one did not count.
      expect((await send("203.0.113.8")).statusCode).toBe(204);
      const [row] = await limited.app.db.selectFrom("cspViolations").select("count").execute();
      expect(Number(row?.count)).toBe(61);
      now += 10 * MINUTE;
      expect((await send("203.0.113.7")).statusCode).toBe(204);
    } finally {
      await limited.close();
    }
  });
});

describe("GET /api/admin/csp-violations", () => {
  it("requires the admin's session", async () => {
    const response = await list({});
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toMatch(/sign in/i);
  });

  it("lists the last 7 days' counts, newest first, with the total", async () => {
    now = Date.parse("2026-11-10T08:00:00.000Z");
    expect((await post(reportUri("https://agency.example/old", "img-src", "inline"))).statusCode).toBe(204);
    now = Date.parse("2026-11-20T08:00:00.000Z");
    expect((await post(reportUri("https://agency.example/a", "img-src", "inline"))).statusCode).toBe(204);
    now = Date.parse("2026-11-23T09:00:00.000Z");
    expect((await post(reportUri("https://agency.example/b", "style-src-elem", "inline"))).statusCode).toBe(204);
    expect((await post(reportUri("https://agency.example/b", "style-src-elem", "inline"))).statusCode).toBe(204);
    const response = await list();
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json<CspViolationList>();
    expect(body.days).toBe(7);
    expect(body.total).toBe(3);
    expect(body.items.map(({ day, pagePath, count, lastSeenAt }) => ({ day, pagePath, count, lastSeenAt }))).toEqual([
      { day: "2026-11-23", pagePath: "/b", count: 2, lastSeenAt: "2026-11-23T09:00:00.000Z" },
      { day: "2026-11-20", pagePath: "/a", count: 1, lastSeenAt: "2026-11-20T08:00:00.000Z" },
    ]);
  });
});

describe("the csp_violations table stays bounded", () => {
  it("keeps at most rowsPerDay rows a day: further new values are counted in one (other) row", async () => {
    const repository = createCspViolationsRepository(app.db, { rowsPerDay: 3 });
    const at = new Date("2026-11-23T10:00:00.000Z");
    for (const blocked of [
      "https://a.example",
      "https://b.example",
      "https://c.example",
      "https://d.example",
      "https://e.example",
    ]) {
      await repository.record([{ pagePath: "/", directive: "img-src", blocked }], at);
    }
    // A value that already has its row is still counted there.
    await repository.record([{ pagePath: "/", directive: "img-src", blocked: "https://a.example" }], at);
    const stored = await app.db
      .selectFrom("cspViolations")
      .select(["pagePath", "directive", "blocked", "count"])
      .orderBy("blocked")
      .execute();
    expect(stored.map((row) => ({ ...row, count: Number(row.count) }))).toEqual([
      { pagePath: "(other)", directive: "(other)", blocked: "(other)", count: 2 },
      { pagePath: "/", directive: "img-src", blocked: "https://a.example", count: 2 },
      { pagePath: "/", directive: "img-src", blocked: "https://b.example", count: 1 },
      { pagePath: "/", directive: "img-src", blocked: "https://c.example", count: 1 },
    ]);
    // The next day starts afresh.
    await repository.record(
      [{ pagePath: "/", directive: "img-src", blocked: "https://f.example" }],
      new Date(at.getTime() + DAY),
    );
    expect(await repository.total("2026-11-24")).toBe(1);
  });

  it("removes the days older than the ones kept", async () => {
    const repository = createCspViolationsRepository(app.db);
    await repository.record(
      [{ pagePath: "/", directive: "img-src", blocked: "inline" }],
      new Date("2026-10-01T10:00:00.000Z"),
    );
    await repository.record(
      [{ pagePath: "/", directive: "img-src", blocked: "inline" }],
      new Date("2026-11-01T10:00:00.000Z"),
    );
    expect(await repository.deleteExpired(new Date("2026-11-23T12:00:00.000Z"))).toBe(1);
    expect(await repository.total("2026-01-01")).toBe(1);
  });
});
