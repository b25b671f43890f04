import { describe, expect, it } from "vitest";
import { mayCountView, viewBeaconBody } from "./view-beacon.ts";

describe("the page-view beacon", () => {
  it("sends nothing when the browser asks not to be tracked", () => {
    expect(mayCountView({})).toBe(true);
    expect(mayCountView({ globalPrivacyControl: false, doNotTrack: "0" })).toBe(true);
    expect(mayCountView({ doNotTrack: null })).toBe(true);
    expect(mayCountView({ globalPrivacyControl: true })).toBe(false);
    expect(mayCountView({ doNotTrack: "1" })).toBe(false);
  });

  it("carries the path and the referrer's host only", () => {
    expect(JSON.parse(viewBeaconBody("/home-services", "https://www.google.com/search?q=plumber+leads"))).toEqual({
      path: "/home-services",
      ref: "www.google.com",
    });
    expect(JSON.parse(viewBeaconBody("/", ""))).toEqual({ path: "/" });
    expect(JSON.parse(viewBeaconBody("/contact", "not a url"))).toEqual({ path: "/contact" });
  });
});
