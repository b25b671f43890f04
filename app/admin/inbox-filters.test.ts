import { describe, expect, it } from "vitest";
import {
  clearedSearch,
  defaultFilters,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasFilters,
  viewSearch,
  type InboxFilters,
} from "./inbox-filters.ts";

const read = (kind: "contacts" | "inquiries", query: string) => filtersFromSearchParams(kind, new URLSearchParams(query));

describe("filtersFromSearchParams", () => {
  it("gives the defaults for an address without filters", () => {
    expect(read("contacts", "")).toEqual(defaultFilters);
    expect(defaultFilters).toEqual({ view: "inbox", q: "", status: "", from: "", to: "", product: "", serviceType: "", form: "", unread: false, sort: "newest" });
  });

  it("reads every filter of a shared address", () => {
    expect(read("contacts", "view=spam&q=Quinn&status=spam&from=2026-01-01&to=2026-01-31&product=SEO+Services&form=contact-page&unread=true&sort=name")).toEqual({
      view: "spam",
      q: "Quinn",
      status: "spam",
      from: "2026-01-01",
      to: "2026-01-31",
      product: "SEO Services",
      serviceType: "",
      form: "contact-page",
      unread: true,
      sort: "name",
    });
    expect(read("inquiries", "serviceType=web-design").serviceType).toBe("web-design");
    expect(read("contacts", "sort=sideways").sort).toBe("newest");
  });

  it("drops values the API would refuse instead of failing the list", () => {
    expect(read("contacts", "view=all&status=maybe&from=2026-13-01&to=yesterday&unread=yes")).toEqual(defaultFilters);
    // A calendar date that does not exist.
    expect(read("contacts", "from=2026-02-30").from).toBe("");
    expect(read("inquiries", "serviceType=plumbing").serviceType).toBe("");
    // Control characters are not allowed in a search.
    expect(read("contacts", "q=a%00b").q).toBe("");
  });

  it("keeps only the filters of the inbox's kind", () => {
    expect(read("inquiries", "product=SEO+Services").product).toBe("");
    expect(read("contacts", "serviceType=seo").serviceType).toBe("");
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
});

describe("filtersToSearchParams", () => {
  it("writes only what differs from the defaults", () => {
    expect(filtersToSearchParams(defaultFilters).toString()).toBe("");
    expect(filtersToSearchParams({ ...defaultFilters, q: "  Quinn ", form: " ", unread: true }).toString()).toBe("q=Quinn&unread=true");
  });

  it("round-trips through the address", () => {
    const filters: InboxFilters = { ...defaultFilters, view: "spam", q: "Zoë", status: "spam", from: "2026-01-01", product: "Website Design", unread: true };
    expect(read("contacts", filtersToSearchParams(filters).toString())).toEqual(filters);
  });
});

describe("view links", () => {
  const filtered: InboxFilters = { ...defaultFilters, q: "Quinn", status: "qualified" };

  it("keeps the other filters but not the status when switching views", () => {
    expect(viewSearch(filtered, "spam")).toBe("?view=spam&q=Quinn");
    expect(viewSearch(filtered, "inbox")).toBe("?q=Quinn");
    expect(viewSearch(defaultFilters, "inbox")).toBe("");
  });

  it("clears to the current view", () => {
    expect(clearedSearch({ ...filtered, view: "spam" })).toBe("?view=spam");
    expect(clearedSearch(filtered)).toBe("");
  });

  it("knows whether anything beyond the view is filtered", () => {
    expect(hasFilters(defaultFilters)).toBe(false);
    expect(hasFilters({ ...defaultFilters, view: "spam" })).toBe(false);
    expect(hasFilters({ ...defaultFilters, view: "spam", unread: true })).toBe(true);
    expect(hasFilters({ ...defaultFilters, q: "   " })).toBe(false);
  });
});
