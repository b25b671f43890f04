import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

// Layout checks a visitor would notice, measured from the rendered boxes rather than from class names,
// so they hold whatever a section's markup becomes (issue 14, point 3). Each check collects every
// offender on the page and fails with a list a person can act on; an empty list passes.

/** The page never scrolls sideways, and no visible box reaches past the right edge of the viewport. */
export async function expectNoHorizontalOverflow(page: Page) {
  const problems = await page.evaluate(() => {
    const viewportWidth = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > viewportWidth) {
      found.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${viewportWidth} px viewport`);
    }
    // A box inside a clipping ancestor (overflow hidden/auto/clip) or a fixed layer (the phone menu,
    // parked off screen) does not widen the page.
    const clippedOrFixed = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== "visible" || style.position === "fixed") return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || box.right <= viewportWidth + 1 || clippedOrFixed(element)) continue;
      if (!element.checkVisibility({ visibilityProperty: true }) || getComputedStyle(element).position === "fixed")
        continue;
      found.push(`${describe(element)} ends at ${Math.round(box.right)} px`);
      if (found.length > 10) break;
    }
    return found;

    function describe(element: Element) {
      const classes = [...element.classList].slice(0, 3).join(".");
      return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ""}> "${(element.textContent ?? "").trim().slice(0, 30)}"`;
    }
  });
  expect(problems, "boxes wider than the viewport").toEqual([]);
}

/**
 * Every CSS grid matched by `selector` (default: every grid in <main>) fills the cells it lays out: no
 * column left empty (three cards in four columns), and where the items are drawn as boxes (a border, a
 * background or a shadow of their own) no last row shorter than the others, which shows as a hole. A list
 * of plain lines in two columns may end half-way: nothing marks the cell it leaves. A grid of one column
 * or one item passes.
 */
export async function expectNoEmptyGridCells(page: Page, selector = "main *") {
  const problems = await page.locator("body").evaluate((body, gridSelector) => {
    const found: string[] = [];
    for (const grid of body.querySelectorAll(gridSelector)) {
      const style = getComputedStyle(grid);
      if (!/grid/.test(style.display) || grid.getClientRects().length === 0) continue;
      const items = [...grid.children].filter((child) => {
        const childStyle = getComputedStyle(child);
        return (
          childStyle.display !== "none" &&
          childStyle.position !== "absolute" &&
          childStyle.position !== "fixed" &&
          child.getClientRects().length > 0
        );
      });
      // The resolved value lists every track in px, implicit rows included.
      const columns = tracks(style.gridTemplateColumns);
      const rows = tracks(style.gridTemplateRows);
      if (columns.length < 2 || items.length < 2) continue;
      const box = grid.getBoundingClientRect();
      const columnStarts = starts(
        columns,
        box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
        parseFloat(style.columnGap) || 0,
      );
      const rowStarts = starts(
        rows,
        box.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop),
        parseFloat(style.rowGap) || 0,
      );
      const covered = new Set<string>();
      for (const item of items) {
        const itemBox = item.getBoundingClientRect();
        const [firstColumn, lastColumn] = span(columnStarts, columns, itemBox.left, itemBox.right);
        const [firstRow, lastRow] = span(rowStarts, rows, itemBox.top, itemBox.bottom);
        for (let row = firstRow; row <= lastRow; row++)
          for (let column = firstColumn; column <= lastColumn; column++) covered.add(`${row}:${column}`);
      }
      const usedRows = new Set([...covered].map((cell) => Number(cell.split(":")[0])));
      const cellCount = usedRows.size * columns.length;
      const emptyColumns = columns
        .map((_, column) => column)
        .filter((column) => ![...usedRows].some((row) => covered.has(`${row}:${column}`)));
      if (covered.size < cellCount && (emptyColumns.length > 0 || items.some(drawnAsBox))) {
        const where =
          emptyColumns.length > 0
            ? `column ${emptyColumns.map((column) => column + 1).join(", ")} empty`
            : "a short last row";
        found.push(
          `${describe(grid)}: ${items.length} items in ${columns.length} columns x ${usedRows.size} rows leave ${cellCount - covered.size} empty cells (${where})`,
        );
      }
    }
    return found;

    function drawnAsBox(item: Element) {
      const itemStyle = getComputedStyle(item);
      return (
        parseFloat(itemStyle.borderTopWidth) > 0 ||
        itemStyle.backgroundColor !== "rgba(0, 0, 0, 0)" ||
        itemStyle.boxShadow !== "none"
      );
    }
    function tracks(template: string) {
      return template === "none"
        ? []
        : template
            .split(" ")
            .map(parseFloat)
            .filter((size) => Number.isFinite(size));
    }
    function starts(sizes: number[], origin: number, gap: number) {
      const result: number[] = [];
      let position = origin;
      for (const size of sizes) {
        result.push(position);
        position += size + gap;
      }
      return result;
    }
    /** The first and last track an item's edges fall in (1 px of rounding allowed). */
    function span(trackStarts: number[], sizes: number[], from: number, to: number): [number, number] {
      const first = Math.max(
        0,
        trackStarts.findLastIndex((start) => start <= from + 1),
      );
      const last = Math.max(
        first,
        trackStarts.findLastIndex((start, index) => start < to - 1 && start + (sizes[index] ?? 0) > from),
      );
      return [first, last];
    }
    function describe(element: Element) {
      const heading = element.closest("section")?.querySelector("h1, h2")?.textContent?.trim();
      return `<${element.tagName.toLowerCase()}> grid${heading ? ` under "${heading.slice(0, 50)}"` : ""}`;
    }
  }, selector);
  expect(problems, "grids with empty cells").toEqual([]);
}

/**
 * No two of the boxes matched by `selector` overlap (one inside the other is fine: a link in a
 * paragraph). Boxes are compared line by line (a link that wraps is two boxes) and only where they show:
 * cut to their clipping ancestors. Hidden boxes (a closed answer of an accordion too), fixed and sticky
 * boxes and screen-reader-only text are left out.
 */
export async function expectNoOverlap(page: Page, selector: string) {
  const problems = await page.locator("body").evaluate((body, boxSelector) => {
    const fragments: { element: Element; box: DOMRect }[] = [];
    for (const element of body.querySelectorAll(boxSelector)) {
      // checkVisibility: not display:none, visibility:hidden, nor inside a closed <details>.
      if (
        !element.checkVisibility({ visibilityProperty: true }) ||
        element.closest(".sr-only") ||
        inFixedLayer(element)
      )
        continue;
      const clip = visibleArea(element);
      for (const rect of element.getClientRects()) {
        const box = intersect(rect, clip);
        if (box.width > 1 && box.height > 1) fragments.push({ element, box });
      }
    }
    const found: string[] = [];
    for (let i = 0; i < fragments.length && found.length < 10; i++) {
      for (let j = i + 1; j < fragments.length; j++) {
        const a = fragments[i]!;
        const b = fragments[j]!;
        if (a.element === b.element || a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const overlap = intersect(a.box, b.box);
        // More than a pixel either way: borders that touch are not an overlap.
        if (overlap.width > 1 && overlap.height > 1) {
          found.push(
            `${describe(a.element)} overlaps ${describe(b.element)} by ${Math.round(overlap.width)} x ${Math.round(overlap.height)} px`,
          );
        }
      }
    }
    return found;

    function inFixedLayer(element: Element) {
      for (let node: Element | null = element; node && node !== body; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === "fixed" || position === "sticky") return true;
      }
      return false;
    }
    /** The part of the page an element can show in: its clipping ancestors' boxes, intersected. */
    function visibleArea(element: Element) {
      let area = new DOMRect(-1e6, -1e6, 2e6, 2e6);
      for (let parent = element.parentElement; parent && parent !== body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== "visible" || style.overflowY !== "visible")
          area = intersect(area, parent.getBoundingClientRect());
      }
      return area;
    }
    function intersect(a: DOMRect, b: DOMRect) {
      const left = Math.max(a.left, b.left);
      const top = Math.max(a.top, b.top);
      return new DOMRect(
        left,
        top,
        Math.max(0, Math.min(a.right, b.right) - left),
        Math.max(0, Math.min(a.bottom, b.bottom) - top),
      );
    }
    function describe(element: Element) {
      return `<${element.tagName.toLowerCase()}> "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    }
  }, selector);
  expect(problems, `overlapping ${selector}`).toEqual([]);
}

/**
 * Each element drawn as a box (a background or a border of its own: a button, a link styled as one)
 * keeps at least `minimum` px between its text and its top and bottom edges. Links in running text have
 * no box and are skipped, so a locator may match every link of a page.
 */
export async function expectVerticalPadding(locator: Locator, minimum = 8) {
  const problems = await locator.evaluateAll(
    (elements, least) =>
      elements.flatMap((element) => {
        const style = getComputedStyle(element);
        const drawnAsBox = parseFloat(style.borderTopWidth) > 0 || style.backgroundColor !== "rgba(0, 0, 0, 0)";
        if (!drawnAsBox || !element.checkVisibility({ visibilityProperty: true })) return [];
        // The text a sighted visitor sees: screen-reader-only text sits outside the flow.
        const lines: DOMRect[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement?.closest(".sr-only") || !node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          lines.push(...[...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0));
        }
        if (lines.length === 0) return [];
        const box = element.getBoundingClientRect();
        const top = Math.min(...lines.map((line) => line.top)) - box.top;
        const bottom = box.bottom - Math.max(...lines.map((line) => line.bottom));
        return top >= least && bottom >= least
          ? []
          : [
              `"${(element.textContent ?? "").trim()}": ${Math.round(top)} px above and ${Math.round(bottom)} px below its text`,
            ];
      }),
    minimum,
  );
  expect(problems, `text closer than ${minimum} px to its box's top or bottom`).toEqual([]);
}

/**
 * In each flex row matched by `selector`, the items either share one line or each take a line of their
 * own: never a line of several followed by one that wrapped alone.
 */
export async function expectNoLoneWrappedItem(page: Page, selector: string) {
  const problems = await page.locator(selector).evaluateAll((containers) =>
    containers.flatMap((container) => {
      const items = [...container.children].filter((child) => child.getClientRects().length > 0);
      const lines = new Map<number, number>();
      for (const item of items) {
        const top = Math.round(item.getBoundingClientRect().top);
        const line = [...lines.keys()].find((known) => Math.abs(known - top) < 4) ?? top;
        lines.set(line, (lines.get(line) ?? 0) + 1);
      }
      const counts = [...lines.values()];
      const mixed = counts.length > 1 && counts.some((count) => count > 1) && counts.some((count) => count === 1);
      return mixed
        ? [
            `${items.length} items laid out as ${counts.join(" + ")}: ${items.map((item) => `"${(item.textContent ?? "").trim()}"`).join(", ")}`,
          ]
        : [];
    }),
  );
  expect(problems, "rows where an item wrapped alone").toEqual([]);
}

/** The element's text sits on one line: an address or a phone number never breaks in the middle. */
export async function expectOnOneLine(locator: Locator) {
  const lineTops = await locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return [
      ...new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))),
    ];
  });
  expect(lineTops, `"${await locator.textContent()}" on one line`).toHaveLength(1);
}
