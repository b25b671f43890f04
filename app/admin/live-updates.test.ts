import { describe, expect, it } from "vitest";
import { arrivalNotice, arrivedSince, dayReadBeforeNewest, titleWithUnread } from "./live-updates.ts";

const lead = (id: string, createdAt: string, status = "new") => ({
  id,
  createdAt,
  status,
  firstName: "Ann",
  lastName: id,
});

describe("titleWithUnread", () => {
  it("puts the unread count, with separators, before the title, and nothing when none is unread", () => {
    expect(titleWithUnread("Contact inbox | Admin", 3)).toBe("(3) Contact inbox | Admin");
    expect(titleWithUnread("Form Submissions Dashboard", 16_700)).toBe("(16,700) Form Submissions Dashboard");
    expect(titleWithUnread("Settings | Admin", 0)).toBe("Settings | Admin");
  });
});

describe("arrivedSince", () => {
  const seen = { ids: new Set(["a", "b"]), newest: "2026-11-23T10:00:00.000Z" };

  it("finds the leads newer than the newest seen, leaving out spam", () => {
    const next = [
      lead("d", "2026-11-23T10:05:00.000Z"),
      lead("c", "2026-11-23T10:01:00.000Z", "spam"),
      lead("a", "2026-11-23T10:00:00.000Z"),
    ];
    expect(arrivedSince("contacts", seen, next)).toEqual([
      { kind: "contacts", id: "d", firstName: "Ann", lastName: "d" },
    ]);
  });

  it("does not take an older lead that moved up (after a deletion) for a new one", () => {
    expect(
      arrivedSince("contacts", seen, [lead("a", "2026-11-23T10:00:00.000Z"), lead("z", "2026-11-20T08:00:00.000Z")]),
    ).toEqual([]);
  });
});

describe("arrivalNotice", () => {
  it("names one lead and opens it, counts several and opens the dashboard", () => {
    expect(arrivalNotice([])).toBeNull();
    expect(arrivalNotice([{ kind: "inquiries", id: "x", firstName: "Bo", lastName: "Li" }])).toEqual({
      title: "New service inquiry",
      body: "Bo Li",
      path: "/admin/leads/inquiries/x",
    });
    const many = Array.from({ length: 1200 }, (_, i) => ({
      kind: "contacts" as const,
      id: String(i),
      firstName: "A",
      lastName: "B",
    }));
    expect(arrivalNotice(many)).toEqual({
      title: "1,200 new leads",
      body: "Open the admin to see them.",
      path: "/admin/submissions",
    });
  });
});

describe("dayReadBeforeNewest", () => {
  const pulse = { newestLeadAt: "2026-11-29T04:20:01.500Z", newestReplyAt: "2026-11-29T03:00:00.000Z" };

  it("is true for a day read before the newest lead (the pulse's first answer already holds it)", () => {
    expect(dayReadBeforeNewest(["2026-11-29T04:20:01.000Z"], pulse)).toBe(true);
    expect(dayReadBeforeNewest(["2026-11-29T04:30:00.000Z", "2026-11-29T02:00:00.000Z"], pulse)).toBe(true);
  });

  it("is false for a day read after every arrival, with no day, and with no lead at all", () => {
    expect(dayReadBeforeNewest(["2026-11-29T04:20:01.500Z"], pulse)).toBe(false);
    expect(dayReadBeforeNewest([], pulse)).toBe(false);
    expect(dayReadBeforeNewest(["2026-11-29T04:20:00.000Z"], { newestLeadAt: null, newestReplyAt: null })).toBe(false);
  });
});
