import { describe, expect, it } from "vitest";
import { gridColumnsFor } from "./sections.tsx";

// The grids' column classes leave no cell empty for any number of items (issue 14: three steps in four
// columns). Reads the classes back as a browser would apply them, breakpoint by breakpoint.

const breakpoints = ["sm", "md", "lg"] as const;

function layoutAt(classes: string, upTo: (typeof breakpoints)[number]) {
  let columns = 1;
  let lastItemSpan = 1;
  for (const breakpoint of breakpoints.slice(0, breakpoints.indexOf(upTo) + 1)) {
    columns = Number(new RegExp(`(?:^| )${breakpoint}:grid-cols-(\\d)`).exec(classes)?.[1] ?? columns);
    lastItemSpan = Number(
      new RegExp(`(?:^| )${breakpoint}:\\[&>:last-child\\]:col-span-(\\d)`).exec(classes)?.[1] ?? lastItemSpan,
    );
  }
  return { columns, lastItemSpan };
}

describe("gridColumnsFor", () => {
  const plans = [{ md: 2 }, { md: 2, lg: 3 }, { sm: 2, lg: 4 }, { md: 2, lg: 4 }, { sm: 3 }] as const;
  for (const plan of plans) {
    for (let count = 1; count <= 12; count++) {
      it(`${count} items by ${JSON.stringify(plan)} fill every row at every width`, () => {
        const classes = gridColumnsFor(count, plan);
        for (const breakpoint of breakpoints) {
          const { columns, lastItemSpan } = layoutAt(classes, breakpoint);
          expect(columns).toBeLessThanOrEqual(Math.max(count, 1));
          expect(lastItemSpan).toBeLessThanOrEqual(columns);
          // Cells taken: every item one, the last one its span; they must make whole rows.
          expect((count - 1 + lastItemSpan) % columns, `${breakpoint}: ${classes}`).toBe(0);
        }
      });
    }
  }

  it("gives three steps three columns on a wide screen, not four (the issue's empty fourth column)", () => {
    expect(layoutAt(gridColumnsFor(3, { md: 2, lg: 4 }), "lg")).toEqual({ columns: 3, lastItemSpan: 1 });
  });

  it("prefers fewer full rows to a short one: six cards planned in four columns take three", () => {
    expect(layoutAt(gridColumnsFor(6, { sm: 2, lg: 4 }), "lg")).toEqual({ columns: 3, lastItemSpan: 1 });
  });

  it("stretches the last of five cards in three columns over the rest of its row", () => {
    expect(layoutAt(gridColumnsFor(5, { md: 2, lg: 3 }), "lg")).toEqual({ columns: 3, lastItemSpan: 2 });
  });
});
