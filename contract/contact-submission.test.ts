import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { contactSubmissionInput, isTimeZone } from "./contact-submission.ts";

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "555-0147",
};

function parse(overrides: Record<string, unknown> = {}) {
  return contactSubmissionInput.safeParse({ ...valid, ...overrides });
}

/** The paths of every issue of a failed parse (fails the test if the parse succeeded). */
function issuePaths(result: ReturnType<typeof parse>) {
  expect(result.success).toBe(false);
  return result.error?.issues.map((issue) => issue.path) ?? [];
}

describe("contactSubmissionInput: required fields", () => {
  it("accepts a minimal valid submission", () => {
    const result = parse();
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject(valid);
  });

  it("trims required strings", () => {
    const result = parse({
      firstName: "  Ada ",
      lastName: "\tLovelace\n",
      email: "  ada@example.com  ",
      phone: " 555-0147 ",
    });
    expect(result.success).toBe(true);
    expect(result.data?.firstName).toBe("Ada");
    expect(result.data?.lastName).toBe("Lovelace");
    expect(result.data?.email).toBe("ada@example.com");
    expect(result.data?.phone).toBe("555-0147");
  });

  it.each(["firstName", "lastName", "email", "phone"])("rejects a missing %s", (field) => {
    const input: Record<string, unknown> = { ...valid };
    delete input[field];
    const result = contactSubmissionInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([[field]]);
  });

  it.each(["firstName", "lastName", "email", "phone"])("rejects a whitespace-only %s", (field) => {
    const paths = issuePaths(parse({ [field]: "   " }));
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path).toEqual([field]);
  });
});

describe("contactSubmissionInput: names", () => {
  it("accepts names of 100 characters", () => {
    const name = "a".repeat(100);
    const result = parse({ firstName: name, lastName: name });
    expect(result.success).toBe(true);
    expect(result.data?.firstName).toBe(name);
    expect(result.data?.lastName).toBe(name);
  });

  it("rejects names longer than 100 characters", () => {
    expect(issuePaths(parse({ firstName: "a".repeat(101) }))).toEqual([["firstName"]]);
    expect(issuePaths(parse({ lastName: "a".repeat(101) }))).toEqual([["lastName"]]);
  });
});

describe("contactSubmissionInput: email", () => {
  it("rejects an invalid address", () => {
    expect(issuePaths(parse({ email: "not-an-email" }))).toEqual([["email"]]);
    expect(issuePaths(parse({ email: "ada@" }))).toEqual([["email"]]);
  });

  it("accepts an address of 254 characters", () => {
    const email = `${"a".repeat(242)}@example.com`;
    expect(email).toHaveLength(254);
    const result = parse({ email });
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe(email);
  });

  it("rejects an address longer than 254 characters", () => {
    const email = `${"a".repeat(243)}@example.com`;
    expect(email).toHaveLength(255);
    const paths = issuePaths(parse({ email }));
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path).toEqual(["email"]);
  });
});

describe("contactSubmissionInput: phone", () => {
  it("accepts 7 digits in 8 characters", () => {
    const result = parse({ phone: "555-0147" });
    expect(result.success).toBe(true);
    expect(result.data?.phone).toBe("555-0147");
  });

  it("rejects fewer than 7 digits even when long enough", () => {
    const result = parse({ phone: "12-34-56" });
    expect(issuePaths(result)).toEqual([["phone"]]);
    expect(result.error?.issues[0]?.message).toMatch(/7 digits/);
  });

  it("rejects fewer than 7 characters", () => {
    expect(issuePaths(parse({ phone: "123456" }))).toContainEqual(["phone"]);
  });

  it("accepts 30 characters and rejects 31", () => {
    const thirty = "+1 (555) 014-7000 ext. 1234567";
    expect(thirty).toHaveLength(30);
    expect(parse({ phone: thirty }).success).toBe(true);
    const paths = issuePaths(parse({ phone: `${thirty}8` }));
    expect(paths).toEqual([["phone"]]);
  });

  it.each([
    "+1 (512) 555-0147",
    "512.555.0147",
    "+44 20 7946 0958",
    "555-0147 ext. 12",
    "555-0147 x12",
    "555 0147 #12",
    "00 49 30 1234567",
  ])("accepts the phone %s", (phone) => {
    expect(parse({ phone }).success).toBe(true);
  });

  it.each([
    "<svg onload=alert(1)>1234567",
    "call 5550147",
    "555-0147; DROP",
    "5550147@evil",
    "+1 555 0147 +2",
    "555/0147-22",
    "javascript:1234567",
  ])("refuses the phone %s: only digits, spaces, + - ( ) . and an extension", (phone) => {
    const result = parse({ phone });
    expect(issuePaths(result)).toEqual([["phone"]]);
    expect(result.error?.issues[0]?.message).toBe("Enter a phone number using only digits, spaces and + - ( ) .");
  });

  it("accepts 20 digits and refuses 21", () => {
    expect(parse({ phone: "1".repeat(20) }).success).toBe(true);
    const result = parse({ phone: "1".repeat(21) });
    expect(issuePaths(result)).toEqual([["phone"]]);
    expect(result.error?.issues[0]?.message).toBe("Enter a phone number with at most 20 digits.");
  });
});

describe("contactSubmissionInput: characters that disguise text", () => {
  it.each([
    ["right-to-left override", "\u202E"],
    ["left-to-right embedding", "\u202A"],
    ["pop directional formatting", "\u202C"],
    ["first-strong isolate", "\u2068"],
    ["pop directional isolate", "\u2069"],
    ["tag letter", "\u{E0041}"],
    ["cancel tag", "\u{E007F}"],
  ])("removes a %s from names and company", (_name, character) => {
    const result = parse({
      firstName: `Ev${character}e`,
      lastName: `${character}Smith`,
      company: `Acme${character} Ltd`,
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ firstName: "Eve", lastName: "Smith", company: "Acme Ltd" });
  });

  it("turns the line and paragraph separators into spaces in a one-line field", () => {
    expect(parse({ company: "Acme\u2028Ltd\u2029Inc" }).data?.company).toBe("Acme Ltd Inc");
  });
});

describe("contactSubmissionInput: meeting rules (today in the lead's zone, a year ahead, date and time each optional)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 03:00 UTC on 26 November 2026: still the 25th in Chicago, already the 26th in Tokyo.
    vi.setSystemTime(new Date("2026-11-26T03:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("accepts today in the lead's time zone, and refuses the day before", () => {
    expect(parse({ meetingDate: "2026-11-25", meetingTime: "10:00", timezone: "America/Chicago" }).success).toBe(true);
    const tokyo = parse({ meetingDate: "2026-11-25", meetingTime: "10:00", timezone: "Asia/Tokyo" });
    expect(issuePaths(tokyo)).toEqual([["meetingDate"]]);
    expect(tokyo.error?.issues[0]?.message).toBe("Choose a meeting date of today or later.");
  });

  it.each(["2020-01-01", "0000-01-01", "0099-12-31", "1999-12-31"])("refuses the past date %s", (meetingDate) => {
    expect(issuePaths(parse({ meetingDate, timezone: "UTC" }))).toEqual([["meetingDate"]]);
  });

  it("accepts a year ahead and refuses the day after, and 9999-12-31", () => {
    expect(parse({ meetingDate: "2027-11-26", timezone: "UTC" }).success).toBe(true);
    const late = parse({ meetingDate: "2027-11-27", timezone: "UTC" });
    expect(issuePaths(late)).toEqual([["meetingDate"]]);
    expect(late.error?.issues[0]?.message).toBe("Choose a meeting date within the next year.");
    expect(issuePaths(parse({ meetingDate: "9999-12-31" }))).toEqual([["meetingDate"]]);
  });

  it("without a time zone, refuses a date only when it is past everywhere", () => {
    expect(parse({ meetingDate: "2026-11-25" }).success).toBe(true);
    expect(issuePaths(parse({ meetingDate: "2026-11-24" }))).toEqual([["meetingDate"]]);
  });

  it("accepts a meeting time without a date (SPEC: each optional on its own; issue 33)", () => {
    const result = parse({ meetingTime: "10:00", timezone: "UTC" });
    expect(result.success).toBe(true);
    expect(result.data?.meetingTime).toBe("10:00");
    expect(result.data?.meetingDate).toBeUndefined();
  });
});

describe("contactSubmissionInput: optional strings", () => {
  const optionalFields = ["company", "meetingDate", "meetingTime", "timezone"] as const;

  it.each(optionalFields)("%s is undefined when absent", (field) => {
    const result = parse();
    expect(result.success).toBe(true);
    expect(result.data?.[field]).toBeUndefined();
  });

  it.each(optionalFields)("%s is undefined when blank, whitespace or null", (field) => {
    for (const value of ["", "   ", "\t\n", null]) {
      const result = parse({ [field]: value });
      expect(result.success, `${field} = ${JSON.stringify(value)}`).toBe(true);
      expect(result.data?.[field]).toBeUndefined();
    }
  });

  it("keeps a given company, trimmed", () => {
    const result = parse({ company: "  Acme Inc.  " });
    expect(result.success).toBe(true);
    expect(result.data?.company).toBe("Acme Inc.");
  });
});

describe("contactSubmissionInput: products", () => {
  it("defaults to an empty list when absent or null", () => {
    expect(parse().data?.products).toEqual([]);
    const withNull = parse({ products: null });
    expect(withNull.success).toBe(true);
    expect(withNull.data?.products).toEqual([]);
  });

  it("trims each product", () => {
    const result = parse({ products: ["  SEO Services ", "Website Design\n"] });
    expect(result.success).toBe(true);
    expect(result.data?.products).toEqual(["SEO Services", "Website Design"]);
  });

  it("accepts 20 products and rejects 21", () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `Product ${i}`);
    const ok = parse({ products: twenty });
    expect(ok.success).toBe(true);
    expect(ok.data?.products).toEqual(twenty);
    expect(issuePaths(parse({ products: [...twenty, "One more"] }))).toEqual([["products"]]);
  });

  it("accepts a product of 100 characters and rejects 101", () => {
    expect(parse({ products: ["p".repeat(100)] }).success).toBe(true);
    expect(issuePaths(parse({ products: ["ok", "p".repeat(101)] }))).toEqual([["products", 1]]);
  });

  it("rejects a blank product", () => {
    expect(issuePaths(parse({ products: ["   "] }))).toEqual([["products", 0]]);
  });

  it("rejects a value that is not a list of text", () => {
    expect(issuePaths(parse({ products: "SEO Services" }))).toEqual([["products"]]);
    expect(issuePaths(parse({ products: [42] }))).toEqual([["products", 0]]);
  });
});

describe("contactSubmissionInput: meetingDate", () => {
  it("accepts a real ISO date, including a leap day", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-06-01T12:00:00Z"));
    try {
      expect(parse({ meetingDate: "2027-09-15" }).data?.meetingDate).toBe("2027-09-15");
      const leap = parse({ meetingDate: "2028-02-29" });
      expect(leap.success).toBe(true);
      expect(leap.data?.meetingDate).toBe("2028-02-29");
    } finally {
      vi.useRealTimers();
    }
  });

  it.each(["2026-02-30", "2027-02-29", "2026-13-01", "2026-3-5", "03/15/2026", "tomorrow"])(
    "rejects %s",
    (meetingDate) => {
      expect(issuePaths(parse({ meetingDate }))).toContainEqual(["meetingDate"]);
    },
  );
});

describe("contactSubmissionInput: meetingTime", () => {
  it.each(["09:00", "12:00", "17:00"])("accepts %s", (meetingTime) => {
    const nextWeek = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString().slice(0, 10);
    const result = parse({ meetingDate: nextWeek, meetingTime });
    expect(result.success).toBe(true);
    expect(result.data?.meetingTime).toBe(meetingTime);
  });

  it.each(["08:00", "9:00", "17:30", "18:00", "10:30"])("rejects %s", (meetingTime) => {
    expect(issuePaths(parse({ meetingTime }))).toContainEqual(["meetingTime"]);
  });
});

describe("contactSubmissionInput: timezone", () => {
  it.each(["America/New_York", "UTC", "Asia/Calcutta"])("accepts %s", (timezone) => {
    const result = parse({ timezone });
    expect(result.success).toBe(true);
    expect(result.data?.timezone).toBe(timezone);
  });

  it.each(["Mars/Olympus", "+05:00", "America/New York"])("rejects %s", (timezone) => {
    expect(issuePaths(parse({ timezone }))).toContainEqual(["timezone"]);
  });
});

describe("isTimeZone", () => {
  it("accepts IANA names and browser aliases", () => {
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Asia/Calcutta")).toBe(true);
    expect(isTimeZone("Asia/Kolkata")).toBe(true);
  });

  it("rejects unknown names, offsets and names with spaces", () => {
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("+05:00")).toBe(false);
    expect(isTimeZone("America/New York")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("contactSubmissionInput: unknown keys", () => {
  it("drops keys the schema does not know", () => {
    const result = parse({ isAdmin: true, status: "won", id: "abc" });
    expect(result.success).toBe(true);
    expect(result.data).not.toHaveProperty("isAdmin");
    expect(result.data).not.toHaveProperty("status");
    expect(result.data).not.toHaveProperty("id");
  });
});

describe("contactSubmissionInput: lead-source fields", () => {
  const limits = {
    pagePath: 2048,
    formName: 100,
    utmSource: 200,
    utmMedium: 200,
    utmCampaign: 200,
    utmTerm: 200,
    utmContent: 200,
    referrer: 2048,
  } as const;
  const sourceFields = Object.keys(limits) as (keyof typeof limits)[];

  it("are optional", () => {
    const result = parse();
    expect(result.success).toBe(true);
    for (const field of sourceFields) expect(result.data?.[field]).toBeUndefined();
  });

  it("keep a given value, trimmed", () => {
    const result = parse({ pagePath: " /services/seo ", formName: "contact", utmSource: "newsletter" });
    expect(result.success).toBe(true);
    expect(result.data?.pagePath).toBe("/services/seo");
    expect(result.data?.formName).toBe("contact");
    expect(result.data?.utmSource).toBe("newsletter");
  });

  it.each(sourceFields)("%s is cut to its maximum length", (field) => {
    const max = limits[field];
    const result = parse({ [field]: "x".repeat(max + 500) });
    expect(result.success).toBe(true);
    expect(result.data?.[field]).toBe("x".repeat(max));
  });

  it.each(sourceFields)("%s becomes undefined when not a string", (field) => {
    for (const value of [42, true, { a: 1 }, ["x"]]) {
      const result = parse({ [field]: value });
      expect(result.success, `${field} = ${JSON.stringify(value)}`).toBe(true);
      expect(result.data?.[field]).toBeUndefined();
    }
  });

  it("a blank value becomes undefined", () => {
    const result = parse({ referrer: "   " });
    expect(result.success).toBe(true);
    expect(result.data?.referrer).toBeUndefined();
  });
});
