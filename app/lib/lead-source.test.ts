import { describe, expect, it } from "vitest";
import { visitSourceFrom } from "./lead-source.ts";

describe("visitSourceFrom", () => {
  it("reads the five UTM parameters and an external referrer", () => {
    const url = new URL("https://agency.example/plumbing?utm_source=google&utm_medium=cpc&utm_campaign=winter&utm_term=plumber%20near%20me&utm_content=ad-b");
    expect(visitSourceFrom(url, "https://www.google.com/")).toEqual({
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "winter",
      utmTerm: "plumber near me",
      utmContent: "ad-b",
      referrer: "https://www.google.com/",
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
    });
  });

  it("ignores a referrer that is not a URL", () => {
    expect(visitSourceFrom(new URL("https://agency.example/"), "not a url").referrer).toBeNull();
  });
});
