import { describe, expect, it } from "vitest";
import { defaultFilters } from "../../inbox-filters.ts";
import { filterChips } from "./filter-chips.ts";

describe("the filters in use as chips", () => {
  const nameOf = (id: string) => (id === "u-2" ? "Ana" : "a former user");

  it("has none for a list without filters (the search, the view and the order are not chips)", () => {
    expect(filterChips({ ...defaultFilters, q: "storm", view: "spam", sort: "name" }, nameOf)).toEqual([]);
  });

  it("names each filter in words and says what removing it resets", () => {
    const chips = filterChips(
      {
        ...defaultFilters,
        status: "qualified",
        outcome: "won",
        from: "2026-03-01",
        to: "2026-03-31",
        channel: "paid-search",
        campaign: "(none)",
        form: "home-services-audit",
        assignee: "u-2",
        followUp: "due",
      },
      nameOf,
    );
    expect(chips.map((chip) => chip.label)).toEqual([
      "Status: Qualified",
      "Outcome: Won",
      "Received Mar 1, 2026 to Mar 31, 2026",
      "Channel: Paid search",
      "Campaign: none",
      expect.stringMatching(/^Form: /),
      "Assigned to Ana",
      "Follow-up due",
    ]);
    expect(chips.find((chip) => chip.key === "from")?.reset).toEqual({ from: "", to: "" });
    expect(chips.find((chip) => chip.key === "followUp")?.reset).toEqual({ followUp: "" });
  });

  it("names a period by its name, which removing resets", () => {
    const chips = filterChips({ ...defaultFilters, period: "month" }, nameOf);
    expect(chips).toEqual([{ key: "period", label: "Received: This month", reset: { period: "" } }]);
  });
});
