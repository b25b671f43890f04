import { describe, expect, it } from "vitest";
import { readOptionalColumns } from "./optional-columns.tsx";

describe("the remembered optional columns", () => {
  it("reads the known columns and drops the rest", () => {
    expect([...readOptionalColumns('["value","channel","colour"]')]).toEqual(["value", "channel"]);
  });

  it("starts with none when nothing or garbage is stored", () => {
    expect(readOptionalColumns(null).size).toBe(0);
    expect(readOptionalColumns("{not json").size).toBe(0);
    expect(readOptionalColumns('{"channel":true}').size).toBe(0);
  });
});
