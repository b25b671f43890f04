import pg from "pg";
import { describe, expect, it } from "vitest";
import { timestamptzAsIso } from "./connection.ts";

// PostgreSQL's timestamptz text is rewritten as ISO text without a Date when the session is in UTC: it must
// give what the Date would, for every fraction PostgreSQL writes (none, 1 to 6 digits), and leave any other
// form to the Date.

const parseDate = pg.types.getTypeParser(1184, "text") as (value: string) => Date;
const throughDate = (value: string) => parseDate(value).toISOString();

describe("timestamptzAsIso", () => {
  it("gives what a Date gives for UTC texts with any fraction, across a century", () => {
    const wrong: string[] = [];
    for (let i = 0; i < 5000; i += 1) {
      const at = new Date(Date.UTC(1990, 0, 1) + Math.floor(Math.random() * 100 * 365.25 * 86_400_000));
      const seconds = at.toISOString().slice(0, 19).replace("T", " ");
      const fraction = String(Math.floor(Math.random() * 1_000_000))
        .padStart(6, "0")
        .slice(0, i % 7);
      const text = `${seconds}${fraction ? `.${fraction}` : ""}+00`;
      if (timestamptzAsIso(text, parseDate) !== throughDate(text)) wrong.push(text);
    }
    expect(wrong.slice(0, 3)).toEqual([]);
    expect(timestamptzAsIso("2026-11-09 12:34:56.789123+00", parseDate)).toBe("2026-11-09T12:34:56.789Z");
    expect(timestamptzAsIso("2026-11-09 12:34:56+00", parseDate)).toBe("2026-11-09T12:34:56.000Z");
  });

  it("leaves other zones and forms to the Date", () => {
    for (const text of ["2026-11-09 06:34:56.5-06", "2026-11-09 18:04:56+05:30", "0900-01-01 00:00:00+00"])
      expect(timestamptzAsIso(text, parseDate)).toBe(throughDate(text));
    expect(timestamptzAsIso("2026-11-09 06:34:56.5-06", parseDate)).toBe("2026-11-09T12:34:56.500Z");
  });
});
