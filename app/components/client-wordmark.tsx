// A sample client's wordmark for the home page's "Trusted by" strip (issue 39 §5): drawn here from the
// business's name (the fictional names of lib/client-strip.ts, never a real company's logo), an emblem for its
// trade and the name in one of three lettering styles. An image to assistive technology, named by the name;
// the name is real SVG text, so it stays sharp and the strip's tests read it.

type Emblem = "drop" | "flame" | "roof" | "bolt" | "window" | "house";

function emblemOf(name: string): Emblem {
  if (/roof/i.test(name)) return "roof";
  if (/heat|air|hvac|comfort/i.test(name) && !/water/i.test(name)) return "flame";
  if (/electric/i.test(name)) return "bolt";
  if (/window|door/i.test(name)) return "window";
  if (/build/i.test(name)) return "house";
  return "drop";
}

const emblemPaths: Record<Emblem, string> = {
  drop: "M20 8c6 8 10 13 10 18a10 10 0 0 1-20 0c0-5 4-10 10-18z",
  flame: "M21 6c1 6 9 9 9 18a10 10 0 0 1-20 0c0-5 3-8 5-10 0 4 2 6 4 6-2-6 0-11 2-14z",
  roof: "M6 26 20 12l14 14h-4v12H10V26z",
  bolt: "M23 4 10 24h9l-3 14 14-21h-9z",
  window: "M8 8h24v30H8zM20 8v30M8 23h24",
  house: "M6 22 20 9l14 13v16H24v-9h-8v9H6z",
};

/** Dark inks, each over 7:1 on white: the marks read like logos without a color of their own. */
const inks = ["#1e3a8a", "#7c2d12", "#14532d", "#581c87", "#0f172a", "#134e4a"];

/** The name on two lines, split where the lines come out most even. */
export function wordmarkLines(name: string): [string, string] {
  const words = name.split(" ");
  if (words.length === 1) return [name, ""];
  let best = 1;
  for (let cut = 1; cut < words.length; cut++) {
    const gap = Math.abs(words.slice(0, cut).join(" ").length - words.slice(cut).join(" ").length);
    const bestGap = Math.abs(words.slice(0, best).join(" ").length - words.slice(best).join(" ").length);
    if (gap < bestGap) best = cut;
  }
  return [words.slice(0, best).join(" "), words.slice(best).join(" ")];
}

const styles = [
  { family: "inherit", weight: 800, upper: false, italic: false },
  { family: "Georgia, 'Times New Roman', serif", weight: 700, upper: false, italic: true },
  { family: "inherit", weight: 700, upper: true, italic: false },
] as const;

const WIDTH = 200;
const TEXT_X = 46;

/** One wordmark; `index` picks its ink and lettering so neighbors differ. */
export function ClientWordmark({ name, index }: { name: string; index: number }) {
  const [first, second] = wordmarkLines(name);
  const style = styles[index % styles.length]!;
  const ink = inks[index % inks.length]!;
  const emblem = emblemOf(name);
  const room = WIDTH - TEXT_X - 4;
  // Squeezed to the room only when a line would run past it (about 0.6 em a letter).
  const fit = (text: string, size: number) =>
    text.length * size * (style.upper ? 0.68 : 0.58) > room
      ? { textLength: room, lengthAdjust: "spacingAndGlyphs" }
      : {};
  const show = (text: string) => (style.upper ? text.toUpperCase() : text);
  return (
    <svg
      role="img"
      aria-label={name}
      viewBox={`0 0 ${WIDTH} 48`}
      width={WIDTH}
      height="48"
      className="h-11 w-auto max-w-full"
      data-client-mark=""
    >
      <path
        d={emblemPaths[emblem]}
        fill={emblem === "window" ? "none" : ink}
        stroke={ink}
        strokeWidth={emblem === "window" ? 3 : 1}
        strokeLinejoin="round"
      />
      <text
        x={TEXT_X}
        y={second ? 21 : 30}
        fill={ink}
        fontFamily={style.family}
        fontWeight={style.weight}
        fontStyle={style.italic ? "italic" : undefined}
        fontSize="17"
        {...fit(show(first), 17)}
      >
        {/* The space ends the first line, so the mark's text reads as the whole name. */}
        {second ? `${show(first)} ` : show(first)}
      </text>
      {second && (
        <text
          x={TEXT_X}
          y="39"
          fill={ink}
          fontFamily={style.family}
          fontWeight={600}
          fontSize="13"
          letterSpacing={style.upper ? "1" : undefined}
          {...fit(show(second), 13)}
        >
          {show(second)}
        </text>
      )}
    </svg>
  );
}
