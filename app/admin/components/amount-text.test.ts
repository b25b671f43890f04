import { describe, expect, it } from "vitest";
import { amountInputValue, amountText } from "./amount-text.ts";

describe("an amount typed into a box", () => {
  const schema = amountText("The value");

  it("reads dollars with or without the sign and thousands separators", () => {
    expect(schema.parse("2,500")).toBe(2500);
    expect(schema.parse(" $1,500.50 ")).toBe(1500.5);
    expect(schema.parse("0")).toBe(0);
  });

  it("is no amount when empty", () => {
    expect(schema.parse("")).toBeNull();
    expect(schema.parse("   ")).toBeNull();
  });

  it("refuses what is not an amount, in words", () => {
    expect(schema.safeParse("12.345").error?.issues[0]?.message).toBe(
      "The value: enter an amount such as 1500 or 1500.50, or leave it empty.",
    );
    expect(schema.safeParse("-5").success).toBe(false);
    expect(schema.safeParse("ten").success).toBe(false);
    expect(schema.safeParse("20000000").error?.issues[0]?.message).toBe("The value must be at most 10,000,000");
  });

  it("writes an amount back as the box shows it", () => {
    expect(amountInputValue(1500.5)).toBe("1500.50");
    expect(amountInputValue(2500)).toBe("2500");
    expect(amountInputValue(null)).toBe("");
  });
});
