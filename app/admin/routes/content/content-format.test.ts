import { describe, expect, it } from "vitest";
import { contentSlug } from "../../../../contract/content.ts";
import {
  fromLocalInput,
  hasUnpublishedChanges,
  liveWhen,
  parseTags,
  slugify,
  toLocalInput,
  truncateForSearch,
} from "./content-format.ts";

describe("slugify", () => {
  it("makes a valid address from a title", () => {
    expect(slugify("Local SEO: A Checklist for 2026!")).toBe("local-seo-a-checklist-for-2026");
    expect(slugify("Café & Bar’s Menu — Résumé")).toBe("cafe-and-bars-menu-resume");
    expect(contentSlug.safeParse(slugify("  --Hello,   World--  ")).success).toBe(true);
  });

  it("keeps to 80 characters without a trailing hyphen", () => {
    const slug = slugify("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
    expect(contentSlug.safeParse(slug).success).toBe(true);
  });
});

describe("parseTags", () => {
  it("splits on commas, trims, drops empty and repeated tags", () => {
    expect(parseTags("seo, local ,, maps, seo")).toEqual(["seo", "local", "maps"]);
    expect(parseTags("  ")).toEqual([]);
  });
});

describe("the publish time in the business's zone", () => {
  it("reads a datetime-local value in the zone, across a DST change", () => {
    expect(fromLocalInput("2026-12-01T09:00", "Europe/Berlin")).toBe("2026-12-01T08:00:00.000Z");
    expect(fromLocalInput("2026-07-01T09:30", "Europe/Berlin")).toBe("2026-07-01T07:30:00.000Z");
    expect(fromLocalInput("2026-03-08T12:00", "America/Chicago")).toBe("2026-03-08T17:00:00.000Z");
    expect(fromLocalInput("2026-03-07T12:00", "America/Chicago")).toBe("2026-03-07T18:00:00.000Z");
  });

  it("writes an instant back as the zone's wall clock", () => {
    expect(toLocalInput("2026-12-01T08:00:00.000Z", "Europe/Berlin")).toBe("2026-12-01T09:00");
    expect(toLocalInput("2026-07-01T00:05:00.000Z", "America/Chicago")).toBe("2026-06-30T19:05");
  });

  it("refuses what is not a datetime-local value", () => {
    expect(fromLocalInput("", "Europe/Berlin")).toBeNull();
    expect(fromLocalInput("2026-12-01 09:00", "Europe/Berlin")).toBeNull();
  });
});

describe("truncateForSearch", () => {
  it("leaves short text alone and cuts long text at a word", () => {
    expect(truncateForSearch("Short title", 60)).toBe("Short title");
    const cut = truncateForSearch("A long title that goes on and on past what a search result shows of it", 60);
    expect(cut.length).toBeLessThanOrEqual(60);
    expect(cut).toBe("A long title that goes on and on past what a search result…");
  });
});

describe("hasUnpublishedChanges", () => {
  it("is true only for a live or scheduled post whose draft moved on", () => {
    expect(hasUnpublishedChanges({ status: "published", revision: 4, publishedRevision: 3 })).toBe(true);
    expect(hasUnpublishedChanges({ status: "published", revision: 3, publishedRevision: 3 })).toBe(false);
    expect(hasUnpublishedChanges({ status: "draft", revision: 2, publishedRevision: null })).toBe(false);
  });
});

describe("liveWhen", () => {
  const day = (iso: string) => iso.slice(0, 10);
  it("says when a post is live and when it (or its update) goes live", () => {
    expect(liveWhen({ live: false, publishedAt: null, scheduledAt: null }, day)).toBe("Not published");
    expect(liveWhen({ live: true, publishedAt: "2026-11-02T09:00:00Z", scheduledAt: null }, day)).toBe(
      "Live since 2026-11-02",
    );
    expect(liveWhen({ live: false, publishedAt: null, scheduledAt: "2026-12-01T08:00:00Z" }, day)).toBe(
      "Goes live 2026-12-01",
    );
    expect(
      liveWhen({ live: true, publishedAt: "2026-11-02T09:00:00Z", scheduledAt: "2026-12-01T08:00:00Z" }, day),
    ).toBe("Live since 2026-11-02; Update goes live 2026-12-01");
  });
});
