import { describe, expect, it } from "vitest";
import { lineDiff } from "./line-diff.ts";

describe("lineDiff", () => {
  it("keeps common lines and marks the removed and added ones in order", () => {
    expect(lineDiff("a\nb\nc", "a\nx\nc\nd")).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "x" },
      { kind: "same", text: "c" },
      { kind: "added", text: "d" },
    ]);
  });

  it("handles identical and empty texts", () => {
    expect(lineDiff("same", "same")).toEqual([{ kind: "same", text: "same" }]);
    expect(lineDiff("", "new")).toEqual([
      { kind: "removed", text: "" },
      { kind: "added", text: "new" },
    ]);
  });
});
