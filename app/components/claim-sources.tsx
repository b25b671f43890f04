// The basis of a figure the site claims (issue 39 §5): a superscript marker after the figure, linked to its
// source line in a short list below the figures, and back. The figures are the spec's; the source lines are
// page copy the owner edits (app/content/page-copy.ts), written so that they invent no fact.

/** A figure with the line that says what it is based on. */
export type SourcedFigure = { value: string; label: string; source?: string };

const markId = (idPrefix: string, number: number) => `${idPrefix}-mark-${number}`;
const sourceId = (idPrefix: string, number: number) => `${idPrefix}-source-${number}`;

/** The marker after a figure: "Source 1" to assistive technology, a small raised 1 to the eye. */
export function SourceMark({ idPrefix, number }: { idPrefix: string; number: number }) {
  return (
    <sup className="ml-1 align-super text-[0.4em] leading-none">
      <a
        id={markId(idPrefix, number)}
        href={`#${sourceId(idPrefix, number)}`}
        data-source-mark=""
        className="inline-flex min-h-6 min-w-6 items-center justify-center rounded font-bold text-current underline underline-offset-2 hover:text-signal-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current"
      >
        <span className="sr-only">Source </span>
        {number}
      </a>
    </sup>
  );
}

/** The source lines under the figures, numbered as their markers, each with a link back to its figure. */
export function SourceList({
  idPrefix,
  sources,
  className,
}: {
  idPrefix: string;
  sources: string[];
  className?: string;
}) {
  if (sources.length === 0) return null;
  return (
    <div className={className}>
      <ol aria-label="Sources of these figures" className="space-y-1.5 text-sm leading-snug">
        {sources.map((source, index) => (
          <li key={index} id={sourceId(idPrefix, index + 1)} data-source-note="" className="flex gap-2">
            <span aria-hidden="true" className="font-bold">
              {index + 1}
            </span>
            <span>
              {source}{" "}
              <a
                href={`#${markId(idPrefix, index + 1)}`}
                className="inline-flex min-h-6 min-w-6 items-center justify-center rounded text-current underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current"
              >
                <span aria-hidden="true">↩</span>
                <span className="sr-only">Back to figure {index + 1}</span>
              </a>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The sources of these figures in their order, the figures without one left out of the numbering. */
export function numberSources(figures: { source?: string }[]): { numbers: (number | null)[]; sources: string[] } {
  const sources: string[] = [];
  const numbers = figures.map((figure) => {
    if (!figure.source) return null;
    sources.push(figure.source);
    return sources.length;
  });
  return { numbers, sources };
}
