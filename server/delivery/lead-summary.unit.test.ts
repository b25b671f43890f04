import { describe, expect, it } from "vitest";
import { contactLead, inquiryLead } from "../../tests/helpers/delivery-leads.ts";
import { leadDisplayName, leadRequestSummary, leadSummary, requestedMeeting, submittedFields } from "./lead-summary.ts";
import { zonedInstant, zoneOffsetChanges } from "../../contract/time-zones.ts";

describe("zonedInstant", () => {
  it.each([
    // Chicago: CST (-6) until 2026-03-08 02:00, CDT (-5) until 2026-11-01 02:00.
    ["2026-03-07", 10, "America/Chicago", "2026-03-07T16:00:00.000Z"],
    ["2026-03-08", 10, "America/Chicago", "2026-03-08T15:00:00.000Z"],
    ["2026-10-31", 10, "America/Chicago", "2026-10-31T15:00:00.000Z"],
    ["2026-11-01", 10, "America/Chicago", "2026-11-01T16:00:00.000Z"],
    // East of Greenwich, a half-hour zone, a zone with a 30-minute DST and the southern summer.
    ["2026-03-29", 9, "Europe/Berlin", "2026-03-29T07:00:00.000Z"],
    ["2026-03-28", 9, "Europe/Berlin", "2026-03-28T08:00:00.000Z"],
    ["2026-06-15", 9, "Asia/Kolkata", "2026-06-15T03:30:00.000Z"],
    ["2026-01-15", 9, "Australia/Lord_Howe", "2026-01-14T22:00:00.000Z"],
    ["2026-07-15", 9, "Australia/Lord_Howe", "2026-07-14T22:30:00.000Z"],
    ["2026-07-01", 17, "UTC", "2026-07-01T17:00:00.000Z"],
  ])("%s %i:00 in %s is %s", (date, hour, zone, expected) => {
    expect(zonedInstant(date, hour, zone).toISOString()).toBe(expected);
  });

  it("moves an hour skipped by the spring change forward and takes the first of a repeated hour", () => {
    // 02:00 does not exist in Chicago on 2026-03-08: clocks show 03:00 CDT.
    expect(zonedInstant("2026-03-08", 2, "America/Chicago").toISOString()).toBe("2026-03-08T08:00:00.000Z");
    expect(zonedInstant("2026-03-29", 2, "Europe/Berlin").toISOString()).toBe("2026-03-29T01:00:00.000Z");
    // 01:00 happens twice in Chicago on 2026-11-01: first at CDT.
    expect(zonedInstant("2026-11-01", 1, "America/Chicago").toISOString()).toBe("2026-11-01T06:00:00.000Z");
    expect(zonedInstant("2026-10-25", 2, "Europe/Berlin").toISOString()).toBe("2026-10-25T00:00:00.000Z");
  });

  it("finds a zone's offset changes to the minute", () => {
    const changes = zoneOffsetChanges("America/Chicago", Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));
    expect(
      changes.map((c) => ({
        at: new Date(c.at).toISOString(),
        from: c.offsetFromMs / 3_600_000,
        to: c.offsetToMs / 3_600_000,
      })),
    ).toEqual([
      { at: "2026-03-08T08:00:00.000Z", from: -6, to: -5 },
      { at: "2026-11-01T07:00:00.000Z", from: -5, to: -6 },
    ]);
    expect(zoneOffsetChanges("Asia/Tokyo", Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))).toEqual([]);
  });
});

describe("requestedMeeting", () => {
  it("shows the meeting in the lead's zone and the owner's", () => {
    expect(requestedMeeting(contactLead(), "America/New_York")).toBe(
      "Wed, Dec 2, 2026, 10:00 AM Central Time (America/Chicago) · 11:00 AM Eastern Time (owner's time)",
    );
  });

  it("shows a year before 100 as itself (an old lead stored before the contract refused past dates), not 19xx", () => {
    const ancient = contactLead({ meetingDate: "0050-06-01", meetingTime: "10:00", timezone: "UTC" });
    expect(requestedMeeting(ancient, "UTC")).toMatch(/Jun 1, 50, 10:00 AM/);
    expect(requestedMeeting(ancient, "UTC")).not.toMatch(/19\d\d/);
  });

  it("names the owner's day when it is not the lead's", () => {
    const tokyo = contactLead({ meetingDate: "2026-12-02", meetingTime: "09:00", timezone: "Asia/Tokyo" });
    expect(requestedMeeting(tokyo, "America/Chicago")).toBe(
      "Wed, Dec 2, 2026, 9:00 AM Japan Standard Time (Asia/Tokyo) · Tue, Dec 1, 2026, 6:00 PM Central Time (owner's time)",
    );
  });

  it("shows one zone when the owner's is the lead's or not given, and says what is missing", () => {
    expect(requestedMeeting(contactLead(), "America/Chicago")).toBe(
      "Wed, Dec 2, 2026, 10:00 AM Central Time (America/Chicago)",
    );
    expect(requestedMeeting(contactLead())).toBe("Wed, Dec 2, 2026, 10:00 AM Central Time (America/Chicago)");
    expect(requestedMeeting(contactLead({ timezone: null }))).toBe("Wed, Dec 2, 2026, 10:00 (time zone not given)");
    expect(requestedMeeting(contactLead({ meetingTime: null }))).toBe("Wed, Dec 2, 2026 (no time chosen)");
    expect(requestedMeeting(contactLead({ meetingDate: null, meetingTime: null, timezone: null }))).toBeNull();
  });

  it("shows a preferred hour without a day as any day (each is optional on its own; issue 33)", () => {
    expect(requestedMeeting(contactLead({ meetingDate: null }))).toBe("Any day, 10:00 AM (America/Chicago)");
    expect(requestedMeeting(contactLead({ meetingDate: null, timezone: null }))).toBe(
      "Any day, 10:00 AM (time zone not given)",
    );
  });
});

describe("leadSummary", () => {
  it("lists every field of a contact in reading order, empty ones as a dash", () => {
    const rows = leadSummary("contacts", contactLead({ company: null, utmTerm: null }), {
      ownerTimeZone: "America/New_York",
    });
    expect(rows).toEqual([
      { label: "Name", value: "Ada Lovelace" },
      { label: "E-mail", value: "ada@example.com" },
      { label: "Phone", value: "+1 312 555 0100" },
      { label: "Company", value: "—" },
      { label: "Products", value: "SEO Services, Website Design" },
      {
        label: "Requested meeting",
        value: "Wed, Dec 2, 2026, 10:00 AM Central Time (America/Chicago) · 11:00 AM Eastern Time (owner's time)",
      },
      { label: "Status", value: "new" },
      { label: "Received", value: "Mon, Nov 23, 2026, 10:04 AM Eastern Time" },
      { label: "Reply by", value: "Tue, Nov 24, 2026, 10:04 AM Eastern Time" },
      { label: "Page", value: "/contact" },
      { label: "Form", value: "contact" },
      { label: "UTM source", value: "google" },
      { label: "UTM medium", value: "cpc" },
      { label: "UTM campaign", value: "winter-seo" },
      { label: "UTM term", value: "—" },
      { label: "UTM content", value: "ad-b" },
      { label: "Referrer", value: "https://www.google.com/" },
    ]);
  });

  it("lists an inquiry's service, budget and message, and a spam reason when there is one", () => {
    const rows = leadSummary("inquiries", inquiryLead({ status: "spam", spamReason: "honeypot" }), {
      ownerTimeZone: "UTC",
    });
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, r.value]));
    expect(byLabel).toMatchObject({
      Service: "Search Engine Optimization",
      Budget: "Prefer to discuss",
      Message: "We need more calls.\nMostly from Arlington.",
      Status: "spam",
      "Spam reason": "honeypot",
      Received: "Mon, Nov 23, 2026, 3:04 PM GMT+00:00",
      Referrer: "—",
    });
    expect(rows.map((r) => r.label)).not.toContain("Products");
    expect(
      leadSummary("inquiries", inquiryLead({ budget: null }), { ownerTimeZone: "UTC" }).find(
        (r) => r.label === "Budget",
      )?.value,
    ).toBe("—");
  });

  it("keeps what the person sent apart from the owner's fields", () => {
    expect(submittedFields("contacts", contactLead()).map((r) => r.label)).toEqual([
      "Name",
      "E-mail",
      "Phone",
      "Company",
      "Products",
      "Requested meeting",
    ]);
  });

  it("names the lead and what they asked for", () => {
    expect(leadDisplayName(contactLead())).toBe("Ada Lovelace");
    expect(leadRequestSummary("contacts", contactLead())).toBe("SEO Services, Website Design");
    expect(leadRequestSummary("contacts", contactLead({ products: [] }))).toBe("a conversation");
    expect(leadRequestSummary("inquiries", inquiryLead())).toBe("Search Engine Optimization");
  });
});
