import { describe, expect, it } from "vitest";
import { countdownText } from "./countdown-format.ts";

const at = Date.parse("2026-11-27T15:00:00.000Z");
const replyBy = (ms: number) => new Date(at + ms).toISOString();

describe("countdownText (issue 33)", () => {
  it("counts down in hours and minutes, then to the second in the last hour", () => {
    expect(countdownText(replyBy(26 * 3_600_000), at)).toEqual({
      text: "Reply within 1 d 2 h",
      overdue: false,
      urgent: false,
    });
    expect(countdownText(replyBy(3 * 3_600_000 + 5 * 60_000 + 30_000), at)).toEqual({
      text: "Reply within 3 h 05 min",
      overdue: false,
      urgent: false,
    });
    expect(countdownText(replyBy(42 * 60_000 + 7_000), at)).toEqual({
      text: "Reply within 42:07",
      overdue: false,
      urgent: true,
    });
    expect(countdownText(replyBy(1_000), at).text).toBe("Reply within 00:01");
  });

  it("says how long a lead is overdue, at least a minute", () => {
    expect(countdownText(replyBy(0), at)).toEqual({ text: "Overdue by 1 min", overdue: true, urgent: true });
    expect(countdownText(replyBy(-12 * 60_000 - 59_000), at).text).toBe("Overdue by 12 min");
    expect(countdownText(replyBy(-2 * 3_600_000), at).text).toBe("Overdue by 2 h 00 min");
    expect(countdownText(replyBy(-3 * 86_400_000), at).text).toBe("Overdue by 3 d 0 h");
  });
});
