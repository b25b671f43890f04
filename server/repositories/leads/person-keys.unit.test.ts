import { describe, expect, it } from "vitest";
import { derivedLeadColumns, emailKeyOf, phoneKeyOf } from "./person-keys.ts";

// The rules that make two leads the same person (issue 24): the e-mail address in any case, or the
// phone number's digits (the North American country code optional).

describe("the same person's keys", () => {
  it("matches e-mail addresses whatever their case and surrounding spaces", () => {
    expect(emailKeyOf(" Jo.Smith@Example.COM ")).toBe("jo.smith@example.com");
    expect(emailKeyOf("jo.smith@example.com")).toBe(emailKeyOf("JO.SMITH@EXAMPLE.COM"));
    expect(emailKeyOf("   ")).toBeNull();
  });

  it("matches phone numbers by their digits, with or without +1", () => {
    expect(phoneKeyOf("(512) 555-0147")).toBe("5125550147");
    expect(phoneKeyOf("+1 512.555.0147")).toBe("5125550147");
    expect(phoneKeyOf("1-512-555-0147")).toBe("5125550147");
    expect(phoneKeyOf("512 555 0147 ext")).toBe("5125550147");
    // Another country's number keeps its code; a number that is not one links nobody.
    expect(phoneKeyOf("+44 20 7946 0958")).toBe("442079460958");
    expect(phoneKeyOf("555-01")).toBeNull();
    expect(phoneKeyOf("n/a")).toBeNull();
  });

  it("works out a lead's channel and keys together", () => {
    expect(
      derivedLeadColumns({
        email: "A@B.example",
        phone: "(512) 555-0100",
        utmSource: "google",
        utmMedium: "cpc",
        clickId: null,
        referrer: null,
      }),
    ).toEqual({
      channel: "paid-search",
      emailKey: "a@b.example",
      phoneKey: "5125550100",
    });
  });
});
