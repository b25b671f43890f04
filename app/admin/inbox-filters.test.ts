import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  clearedSearch,
  defaultFilters,
  defaultFiltersOf,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasFilters,
  isListKind,
  leadLinkSearch,
  listOfLeadPage,
  listPath,
  listSearchParams,
  viewSearch,
  type InboxFilters,
  type ListKind,
} from "./inbox-filters.ts";

const read = (kind: ListKind, query: string) => filtersFromSearchParams(kind, new URLSearchParams(query));

describe("filtersFromSearchParams", () => {
  it("gives the defaults for an address without filters", () => {
    expect(read("contacts", "")).toEqual(defaultFilters);
    expect(defaultFilters).toEqual({
      view: "inbox",
      q: "",
      status: "",
      from: "",
      to: "",
      period: "",
      product: "",
      serviceType: "",
      form: "",
      channel: "",
      campaign: "",
      landingPath: "",
      outcome: "",
      unread: false,
      followUp: "",
      assignee: "",
      group: "",
      sort: "newest",
    });
  });

  it("reads every filter of a shared address", () => {
    expect(
      read(
        "contacts",
        "view=spam&q=Quinn&status=spam&from=2026-01-01&to=2026-01-31&product=SEO+Services&form=contact-page&unread=true&followUp=due&assignee=me&group=person&sort=name",
      ),
    ).toEqual({
      view: "spam",
      q: "Quinn",
      status: "spam",
      from: "2026-01-01",
      to: "2026-01-31",
      period: "",
      product: "SEO Services",
      serviceType: "",
      form: "contact-page",
      channel: "",
      campaign: "",
      landingPath: "",
      outcome: "",
      unread: true,
      followUp: "due",
      assignee: "me",
      group: "person",
      sort: "name",
    });
    expect(read("inquiries", "serviceType=web-design").serviceType).toBe("web-design");
    // Whose leads (issue 23): me, none or a user's id; anything else is dropped.
    expect(read("all", "assignee=none").assignee).toBe("none");
    expect(read("all", "assignee=0B6C5A3E-6F7D-4A51-9A7E-1F2D3C4B5A69").assignee).toBe(
      "0b6c5a3e-6f7d-4a51-9a7e-1f2d3c4b5a69",
    );
    expect(read("all", "assignee=someone").assignee).toBe("");
    expect(filtersToSearchParams({ ...defaultFilters, assignee: "me" }).toString()).toBe("assignee=me");
    expect(read("contacts", "sort=sideways").sort).toBe("newest");
    // One row per person (issue 24): "person" or nothing.
    expect(read("all", "group=people").group).toBe("");
    expect(filtersToSearchParams({ ...defaultFilters, group: "person" }).toString()).toBe("group=person");
  });

  it("reads and writes the sources report's filters (issue 38), dropping a channel or outcome it does not know", () => {
    const query =
      "from=2026-03-01&to=2026-03-31&channel=paid-search&campaign=spring-sale&landingPath=%2Fseo&outcome=won";
    const filters = read("all", query);
    expect(filters).toMatchObject({
      channel: "paid-search",
      campaign: "spring-sale",
      landingPath: "/seo",
      outcome: "won",
    });
    expect(listSearchParams("all", filters).toString()).toBe(query);
    expect(activeFilterCount(filters)).toBe(6);
    expect(read("all", "channel=tv&outcome=maybe")).toMatchObject({ channel: "", outcome: "" });
    // A report's row without a campaign or landing page links with "(none)".
    expect(read("all", "campaign=(none)&landingPath=(none)")).toMatchObject({
      campaign: "(none)",
      landingPath: "(none)",
    });
  });

  it("drops values the API would refuse instead of failing the list", () => {
    expect(read("contacts", "view=all&status=maybe&from=2026-13-01&to=yesterday&unread=yes&followUp=later")).toEqual(
      defaultFilters,
    );
    // A calendar date that does not exist.
    expect(read("contacts", "from=2026-02-30").from).toBe("");
    expect(read("inquiries", "serviceType=plumbing").serviceType).toBe("");
    // Control characters are not allowed in a search.
    expect(read("contacts", "q=a%00b").q).toBe("");
  });

  it("keeps only the filters of the inbox's kind; All leads takes both", () => {
    expect(read("inquiries", "product=SEO+Services").product).toBe("");
    expect(read("contacts", "serviceType=seo").serviceType).toBe("");
    expect(read("all", "product=SEO+Services&serviceType=seo")).toMatchObject({
      product: "SEO Services",
      serviceType: "seo",
    });
    expect(read("all", "serviceType=plumbing").serviceType).toBe("");
  });

  it("orders All leads by reply deadline unless the address names another order; the inboxes newest first", () => {
    expect(read("all", "")).toEqual({ ...defaultFilters, sort: "deadline" });
    expect(read("all", "")).toEqual(defaultFiltersOf("all"));
    expect(read("all", "sort=newest").sort).toBe("newest");
    expect(read("all", "sort=sideways").sort).toBe("deadline");
    expect(read("contacts", "").sort).toBe("newest");
    expect(read("inquiries", "sort=deadline").sort).toBe("deadline");
  });

  it("trims text, treats blank as not given and cuts very long searches", () => {
    expect(read("contacts", "q=%20%20Quinn%20&form=%20%20").q).toBe("Quinn");
    expect(read("contacts", "form=%20%20").form).toBe("");
    expect(read("contacts", `q=${"x".repeat(500)}`).q).toHaveLength(200);
  });

  it("drops an end date before the start date", () => {
    expect(read("contacts", "from=2026-03-10&to=2026-03-01")).toMatchObject({ from: "2026-03-10", to: "" });
    expect(read("contacts", "from=2026-03-10&to=2026-03-10")).toMatchObject({ from: "2026-03-10", to: "2026-03-10" });
    expect(read("contacts", "to=2026-03-01").to).toBe("2026-03-01");
  });

  it("reads a named period, which wins over dates (the API refuses both), and writes it back", () => {
    const filters = read("contacts", "channel=paid-search&period=month&from=2026-03-01&to=2026-03-31");
    expect(filters).toMatchObject({ period: "month", from: "", to: "" });
    expect(filtersToSearchParams(filters).toString()).toBe("period=month&channel=paid-search");
    expect(activeFilterCount(filters)).toBe(2);
    expect(read("all", "period=year").period).toBe("");
  });
});

describe("filtersToSearchParams", () => {
  it("writes only what differs from the defaults", () => {
    expect(filtersToSearchParams(defaultFilters).toString()).toBe("");
    expect(filtersToSearchParams({ ...defaultFilters, q: "  Quinn ", form: " ", unread: true }).toString()).toBe(
      "q=Quinn&unread=true",
    );
  });

  it("round-trips through the address", () => {
    const filters: InboxFilters = {
      ...defaultFilters,
      view: "spam",
      q: "Zoë",
      status: "spam",
      from: "2026-01-01",
      product: "Website Design",
      unread: true,
      followUp: "due",
    };
    expect(read("contacts", filtersToSearchParams(filters).toString())).toEqual(filters);
  });

  it("names every order but newest for the API, so a deadline list asks for it", () => {
    expect(filtersToSearchParams(defaultFiltersOf("all")).toString()).toBe("sort=deadline");
    expect(filtersToSearchParams({ ...defaultFilters, followUp: "due" }).toString()).toBe("followUp=due");
  });

  it("leaves each list's own order out of its address, and round-trips every order of All leads", () => {
    expect(listSearchParams("all", defaultFiltersOf("all")).toString()).toBe("");
    expect(listSearchParams("all", { ...defaultFiltersOf("all"), sort: "newest" }).toString()).toBe("sort=newest");
    expect(listSearchParams("contacts", { ...defaultFilters, sort: "deadline" }).toString()).toBe("sort=deadline");
    for (const sort of ["newest", "oldest", "name", "deadline"] as const) {
      const filters: InboxFilters = { ...defaultFiltersOf("all"), sort, followUp: "due", serviceType: "seo" };
      expect(read("all", listSearchParams("all", filters).toString())).toEqual(filters);
    }
    expect(listPath("all", { ...defaultFiltersOf("all"), followUp: "due" })).toBe("/admin/leads/all?followUp=due");
    expect(listPath("all", defaultFiltersOf("all"))).toBe("/admin/leads/all");
  });
});

describe("the lists", () => {
  it("are the two inboxes and All leads", () => {
    expect(["contacts", "inquiries", "all", "spam", "", null].map(isListKind)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe("a lead's link from a list", () => {
  it("from All leads names the list and its order in full, which the lead's page reads back", () => {
    const search = leadLinkSearch("all", { ...defaultFiltersOf("all"), q: "Quinn", followUp: "due" });
    expect(search).toBe("?list=all&q=Quinn&followUp=due&sort=deadline");
    const params = new URLSearchParams(search);
    expect(listOfLeadPage("contacts", params)).toEqual({
      list: "all",
      filters: { ...defaultFiltersOf("all"), q: "Quinn", followUp: "due" },
    });
    // Its own inbox's filters would drop a service type and read another order: All leads' are kept.
    const inquiry = new URLSearchParams(
      leadLinkSearch("all", { ...defaultFiltersOf("all"), serviceType: "seo", sort: "name" }),
    );
    expect(listOfLeadPage("contacts", inquiry).filters).toMatchObject({ serviceType: "seo", sort: "name" });
  });

  it("from an inbox carries nothing in the address (the filters go in the link's state)", () => {
    expect(leadLinkSearch("contacts", { ...defaultFilters, q: "Quinn" })).toBe("");
    expect(listOfLeadPage("inquiries", new URLSearchParams("q=Quinn&sort=name"))).toEqual({
      list: "inquiries",
      filters: { ...defaultFilters, q: "Quinn", sort: "name" },
    });
  });
});

describe("view links", () => {
  const filtered: InboxFilters = { ...defaultFilters, q: "Quinn", status: "qualified" };

  it("keeps the other filters but not the status when switching views", () => {
    expect(viewSearch("contacts", filtered, "spam")).toBe("?view=spam&q=Quinn");
    expect(viewSearch("contacts", filtered, "inbox")).toBe("?q=Quinn");
    expect(viewSearch("contacts", defaultFilters, "inbox")).toBe("");
    expect(viewSearch("all", { ...defaultFiltersOf("all"), followUp: "due" }, "spam")).toBe("?view=spam&followUp=due");
  });

  it("clears to the current view in the list's own order", () => {
    expect(clearedSearch("contacts", { ...filtered, view: "spam" })).toBe("?view=spam");
    expect(clearedSearch("contacts", filtered)).toBe("");
    expect(clearedSearch("all", { ...filtered, sort: "name" })).toBe("");
  });

  it("knows whether anything beyond the view is filtered or ordered otherwise", () => {
    expect(hasFilters("contacts", defaultFilters)).toBe(false);
    expect(hasFilters("contacts", { ...defaultFilters, view: "spam" })).toBe(false);
    expect(hasFilters("contacts", { ...defaultFilters, view: "spam", unread: true })).toBe(true);
    expect(hasFilters("contacts", { ...defaultFilters, q: "   " })).toBe(false);
    expect(hasFilters("all", defaultFiltersOf("all"))).toBe(false);
    expect(hasFilters("all", { ...defaultFiltersOf("all"), followUp: "due" })).toBe(true);
    expect(hasFilters("all", defaultFilters)).toBe(true);
  });

  it("counts the filters that fold away on a phone: not the search, the view or the order", () => {
    expect(activeFilterCount(defaultFilters)).toBe(0);
    expect(activeFilterCount({ ...defaultFilters, q: "Quinn", view: "spam", sort: "name" })).toBe(0);
    expect(
      activeFilterCount({
        ...defaultFilters,
        status: "new",
        from: "2026-01-01",
        unread: true,
        followUp: "due",
        form: "contact-page",
      }),
    ).toBe(5);
    expect(activeFilterCount({ ...defaultFilters, form: "  " })).toBe(0);
  });
});
