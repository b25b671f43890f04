import { describe, expect, it } from "vitest";
import {
  CLIENT_STRIP_INTERVAL_MS,
  CLIENT_STRIP_NAMES,
  CLIENT_STRIP_VISIBLE,
  visibleClientNames,
} from "./client-strip.ts";

describe("client strip", () => {
  it("shows five of ten names and advances every 2 seconds (SPEC §9)", () => {
    expect(CLIENT_STRIP_NAMES).toHaveLength(10);
    expect(CLIENT_STRIP_VISIBLE).toBe(5);
    expect(CLIENT_STRIP_INTERVAL_MS).toBe(2000);
  });

  it("moves the window by one and wraps around the end of the list", () => {
    expect(visibleClientNames(0)).toEqual(CLIENT_STRIP_NAMES.slice(0, 5));
    expect(visibleClientNames(1)).toEqual(CLIENT_STRIP_NAMES.slice(1, 6));
    expect(visibleClientNames(8)).toEqual([...CLIENT_STRIP_NAMES.slice(8), ...CLIENT_STRIP_NAMES.slice(0, 3)]);
    expect(visibleClientNames(10)).toEqual(visibleClientNames(0));
  });

  it("never shows more names than the list has", () => {
    expect(visibleClientNames(0, ["a", "b"], 5)).toEqual(["a", "b"]);
  });
});
