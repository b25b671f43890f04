import { describe, expect, it } from "vitest";
import { contactSubmissionInput } from "../../contract/contact-submission.ts";
import { leadSourcePayload } from "./lead-source.ts";
import { visitSourceFrom } from "./visit-source.ts";

describe("visitSourceFrom", () => {
  it("reads the five UTM parameters and an external referrer", () => {
    const url = new URL(
      "https://agency.example/plumbing?utm_source=google&utm_medium=cpc&utm_campaign=winter&utm_term=plumber%20near%20me&utm_content=ad-b&gclid=abc123",
    );
    expect(visitSourceFrom(url, "https://www.google.com/")).toEqual({
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "winter",
      utmTerm: "plumber near me",
      utmContent: "ad-b",
      referrer: "https://www.google.com/",
      landingPath: "/plumbing",
      clickId: "gclid",
    });
  });

  it("ignores our own pages as referrer and missing or empty parameters", () => {
    const url = new URL("https://agency.example/contact?utm_source=");
    expect(visitSourceFrom(url, "https://agency.example/blog")).toEqual({
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      utmTerm: null,
      utmContent: null,
      referrer: null,
      landingPath: "/contact",
      clickId: null,
    });
  });

  it("ignores a referrer that is not a URL", () => {
    expect(visitSourceFrom(new URL("https://agency.example/"), "not a url").referrer).toBeNull();
  });
});

describe("a visit that lands with control characters in its UTM values", () => {
  it("drops a NUL-only value and removes control characters from the others", () => {
    const url = new URL(
      "https://agency.example/plumbing?utm_source=%00&utm_medium=c%00pc&utm_campaign=win%01ter%7F&utm_term=plumber%09near%0Ame&utm_content=%E2%80%8B",
    );
    expect(visitSourceFrom(url, "https://www.google.com/\u0000")).toEqual({
      utmSource: null,
      utmMedium: "cpc",
      utmCampaign: "winter",
      utmTerm: "plumber near me",
      utmContent: null,
      referrer: "https://www.google.com/",
      landingPath: "/plumbing",
      clickId: null,
    });
  });

  it("cuts an oversized value to the contract's bound", () => {
    const url = new URL(`https://agency.example/?utm_source=${"x".repeat(500)}`);
    expect(visitSourceFrom(url, "").utmSource).toBe("x".repeat(200));
  });
});

describe("leadSourcePayload", () => {
  it("cleans what sessionStorage held and leaves out empty or malformed values", () => {
    const stored = {
      utmSource: "\u0000",
      utmMedium: "email\u0000",
      utmCampaign: 42,
      utmTerm: null,
      referrer: "https://news.example/\u009F",
      extra: "ignored",
    };
    expect(leadSourcePayload(stored, "/contact", "contact-page")).toEqual({
      pagePath: "/contact",
      formName: "contact-page",
      utmMedium: "email",
      referrer: "https://news.example/",
    });
  });

  it("gives a payload the contract accepts whatever was stored", () => {
    for (const stored of [null, "text", 7, [], { utmSource: "\uD800" }, { pagePath: "/evil\u0000" }]) {
      const payload = leadSourcePayload(stored, "/plumbing", "trades-audit");
      const checked = contactSubmissionInput.safeParse({
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        phone: "555-0147",
        ...payload,
      });
      expect(checked.success, JSON.stringify(stored)).toBe(true);
      expect(JSON.stringify(payload)).not.toMatch(/\\u0000|\\ud800/i);
      expect(payload.pagePath).toBe("/plumbing");
    }
  });
});
