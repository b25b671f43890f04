import { describe, expect, it } from "vitest";
import { leadsHref, periodQuery } from "./report-links.ts";

describe("a report figure's link to its leads", () => {
  const row = "view=inbox&from=2026-03-01&to=2026-03-31&channel=paid-search";

  it("opens All leads with the row's filters, without the default view", () => {
    expect(leadsHref(row)).toBe("/admin/leads/all?from=2026-03-01&to=2026-03-31&channel=paid-search");
  });

  it("adds the cell's outcome", () => {
    expect(leadsHref(row, { outcome: "won" })).toBe(
      "/admin/leads/all?from=2026-03-01&to=2026-03-31&channel=paid-search&outcome=won",
    );
  });

  it("adds a chart's channel to a week's row", () => {
    expect(leadsHref("view=inbox&from=2026-03-02&to=2026-03-08", { channel: "email", outcome: "won" })).toBe(
      "/admin/leads/all?from=2026-03-02&to=2026-03-08&channel=email&outcome=won",
    );
  });

  it("moves the dates to the period before", () => {
    expect(leadsHref(row, { period: { from: "2026-01-30", to: "2026-02-28" } })).toBe(
      "/admin/leads/all?from=2026-01-30&to=2026-02-28&channel=paid-search",
    );
  });

  it("gives the totals' row every lead of the period", () => {
    expect(leadsHref(periodQuery({ from: "2026-03-01", to: "2026-03-31" }))).toBe(
      "/admin/leads/all?from=2026-03-01&to=2026-03-31",
    );
  });
});
