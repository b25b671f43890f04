import { describe, expect, it } from "vitest";
import { readTestArguments, testUsage } from "./test-usage.ts";

describe("npm test's arguments", () => {
  it("runs every suite without arguments", () => {
    expect(readTestArguments([])).toEqual({ action: "run" });
  });

  it("answers --help and -h with the usage, which names how to run one suite", () => {
    expect(readTestArguments(["--help"])).toEqual({ action: "help" });
    expect(readTestArguments(["-h"])).toEqual({ action: "help" });
    expect(testUsage).toContain("npx vitest run --project api-sqlite");
    expect(testUsage).toContain("npx playwright test --project=chromium");
  });

  it("refuses any other argument instead of starting the full run", () => {
    expect(readTestArguments(["server/app.test.ts"])).toEqual({
      action: "refuse",
      message:
        "npm test takes no arguments (got server/app.test.ts): it would run every suite. See npm test -- --help.",
    });
  });
});
