import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Lead } from "../../../contract/admin-leads.ts";
import { LeadList } from "../components/lead-list.tsx";
import { filtersFromSearchParams } from "../inbox-filters.ts";
import { leadListQuery } from "./leads.ts";
import { learnFromDateHeader, learnServerNow, resetServerClock, serverClockOffset, serverNow } from "./server-clock.ts";

// The admin's one clock (issue 34, point 2): the browser's, moved to the server's by the API's answers.

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The server's time in these tests; the browser's clock is three hours ahead of it. */
const server = Date.parse("2026-11-24T15:00:00.000Z");
const browser = server + 3 * HOUR;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(browser);
  resetServerClock();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetServerClock();
});

describe("learnFromDateHeader", () => {
  it("moves a wrong browser clock to within the header's second of the server's", () => {
    learnFromDateHeader(new Date(server).toUTCString(), browser - 40, browser);
    // The server's clock read 15:00:00.000–15:00:00.999 between sending (40 ms ago) and now: the middle.
    expect(serverClockOffset()).toBe(-3 * HOUR + 520);
    expect(serverNow().getTime()).toBe(server + 520);
    // A later answer that agrees leaves it be.
    learnFromDateHeader(new Date(server).toUTCString(), browser - 10, browser);
    expect(serverClockOffset()).toBe(-3 * HOUR + 520);
  });

  it("keeps an offset the header agrees with, to the millisecond (a right clock, the day's exact now)", () => {
    learnServerNow(new Date(server + 250).toISOString(), browser);
    expect(serverClockOffset()).toBe(-3 * HOUR + 250);
    learnFromDateHeader(new Date(server).toUTCString(), browser - 40, browser);
    expect(serverClockOffset()).toBe(-3 * HOUR + 250);
  });

  it("ignores an answer without a readable Date header", () => {
    learnFromDateHeader(null, browser - 40, browser);
    learnFromDateHeader("not a date", browser - 40, browser);
    expect(serverClockOffset()).toBe(0);
  });
});

describe("the lead list", () => {
  it("counts from the server's clock, not the browser's", async () => {
    // Arrived 5 minutes ago on the server's clock (3 h 5 min ago on the browser's), with a 4-hour promise.
    const createdAt = new Date(server - 5 * MINUTE).toISOString();
    const lead = {
      id: "6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c",
      firstName: "Sam",
      lastName: "Lee",
      email: "sam@example.com",
      phone: "(512) 555-0142",
      company: null,
      status: "new",
      readAt: null,
      repliedAt: null,
      createdAt,
      formName: "lead-audit",
      replyBy: new Date(server - 5 * MINUTE + 4 * HOUR).toISOString(),
      products: ["SEO Services"],
      followUpAt: null,
      followUpNote: null,
      assigneeId: null,
      spamReason: null,
    } as unknown as Lead;
    const page = { items: [lead], total: 1, totalCapped: false, nextCursor: null };
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify(page), { status: 200, headers: { Date: new Date(server).toUTCString() } }),
      ),
    );
    const filters = filtersFromSearchParams("contacts", new URLSearchParams());
    const client = new QueryClient();
    await client.fetchInfiniteQuery(leadListQuery("contacts", filters));

    const html = renderToString(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <LeadList kind="contacts" filters={filters} inboxSearch="" onSort={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    ).replace(/<!-- -->/g, "");
    expect(html).toContain(`<time dateTime="${createdAt}"`);
    expect(html).toMatch(/<time [^>]*>5 min ago<\/time>/);
    expect(html).toMatch(/data-testid="reply-state"[^>]*>Reply within 4 h<\/span>/);
  });
});
