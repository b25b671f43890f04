import { describe, expect, it } from "vitest";
import { csvCell, csvFile, csvLine } from "./csv.ts";

describe("CSV", () => {
  it("quotes fields with commas, quotes and line breaks, doubling quotes (RFC 4180)", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });

  it.each(["=SUM(A1:A9)", "+1 555 0100", "-2", "@cmd", "\tindent", "\rstart"])(
    "neutralises a cell starting like a formula: %j",
    (value) => {
      expect(csvCell(value).replace(/^"/, "")).toMatch(/^'/);
    },
  );

  it("joins lists, empties nulls, starts with a BOM and ends lines with CRLF", () => {
    const csv = csvFile([
      csvLine(["name", "products", "company"]),
      csvLine(["José Núñez", ["SEO Services", "Website Design"], null]),
    ]).toString("utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toBe("\uFEFFname,products,company\r\nJosé Núñez,SEO Services; Website Design,\r\n");
  });
});
