import { clsx } from "clsx";
import { numberSources, SourceMark, type SourcedFigure } from "./claim-sources.tsx";
import { Children, type ReactNode } from "react";

// Plain clsx and inline icons: these blocks are on the home page, whose first load must stay light.

const buttonBase =
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";
// One primary action per group of calls to action (issue 39): every button link says whether it is the
// group's primary (filled) or a secondary (outlined) one, and carries it as data-cta so the browser tests
// can count them. The style follows the surface it sits on: a light section or a dark brand band.
type CtaEmphasis = "primary" | "secondary";
type CtaSurface = "light" | "dark";
const ctaStyles: Record<CtaSurface, Record<CtaEmphasis, string>> = {
  light: {
    primary: "bg-brand-700 text-white hover:bg-brand-900",
    secondary: "border border-brand-700 bg-white text-brand-700 hover:bg-brand-50",
  },
  dark: {
    primary: "bg-white text-brand-900 hover:bg-brand-50 focus-visible:ring-white focus-visible:ring-offset-brand-900",
    secondary:
      "border border-white bg-transparent text-white hover:bg-white/10 focus-visible:ring-white focus-visible:ring-offset-brand-900",
  },
};
// A minimum height, not a height: a label that wraps to two lines on a phone keeps its padding. The
// padding leaves one line (and an outline's border) inside the minimum, so filled and outlined buttons match.
const buttonLinkSizes = { default: "min-h-10 px-4 py-2 text-sm", lg: "min-h-12 px-6 py-2.5 text-base" } as const;

function CheckIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="mt-0.5 h-5 w-5 shrink-0 text-green-700"
    >
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

// The building blocks of the public pages, so every page shares spacing, type and contrast.

type Tone = "white" | "muted" | "brand";

const toneClasses: Record<Tone, string> = {
  white: "bg-white text-slate-900",
  muted: "bg-slate-50 text-slate-900",
  brand: "bg-brand-900 text-white",
};

export function Section({
  id,
  tone = "white",
  className,
  children,
  labelledBy,
}: {
  id?: string;
  tone?: Tone;
  className?: string;
  children: ReactNode;
  labelledBy?: string;
}) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={clsx(toneClasses[tone], "py-16 sm:py-20", className)}>
      <div className="mx-auto max-w-6xl px-4">{children}</div>
    </section>
  );
}

export function SectionHeader({
  id,
  eyebrow,
  title,
  intro,
  className,
  centered = true,
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  className?: string;
  centered?: boolean;
}) {
  return (
    <div className={clsx("max-w-3xl", centered && "mx-auto text-center", className)}>
      {eyebrow && (
        <p
          className={clsx(
            "inline-flex items-center gap-3 text-sm font-bold uppercase tracking-wider text-brand-700 [.bg-brand-900_&]:text-blue-200",
            // The brand's short rule before every eyebrow (decorative, drawn by CSS).
            "before:h-0.5 before:w-6 before:rounded-full before:bg-current before:content-['']",
          )}
        >
          {eyebrow}
        </p>
      )}
      <h2 id={id} className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg text-slate-700 [.bg-brand-900_&]:text-blue-100">{intro}</p>}
    </div>
  );
}

/** The brand's backdrop behind every hero: a dot grid fading out from the top right, and two arcs (decorative). */
function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute inset-0 bg-[radial-gradient(var(--color-brand-200)_1.5px,transparent_1.5px)] bg-size-[24px_24px] mask-[radial-gradient(ellipse_60%_70%_at_100%_0%,black,transparent)]" />
      <svg
        viewBox="0 0 400 400"
        width="400"
        height="400"
        className="absolute -right-24 -top-40 hidden h-[32rem] w-[32rem] text-brand-200 sm:block"
        fill="none"
        focusable="false"
      >
        <circle cx="200" cy="200" r="150" stroke="currentColor" strokeWidth="28" />
        <path d="M200 30a170 170 0 0 1 170 170" className="stroke-signal-400" strokeWidth="10" strokeLinecap="round" />
      </svg>
    </div>
  );
}

/** The page's one h1, with its lead paragraph, buttons and an optional aside (a form, an image). */
export function Hero({
  eyebrow,
  title,
  intro,
  actions,
  aside,
  children,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section
      data-hero=""
      className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 to-white py-16 sm:py-24"
    >
      <HeroBackdrop />
      <div className={clsx("mx-auto grid max-w-6xl gap-12 px-4", aside && "lg:grid-cols-2 lg:items-center")}>
        <div>
          {eyebrow && <div className="mb-4">{eyebrow}</div>}
          <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{title}</h1>
          {intro && <div className="mt-6 text-lg text-slate-700">{intro}</div>}
          {/* Three buttons do not fit on one line beside an aside: rather than wrap two and one, they
              stack in one column, as wide as the widest. */}
          {actions && (
            <div
              data-hero-actions=""
              data-cta-group=""
              className="mt-8 flex flex-wrap gap-4 has-[>:nth-child(3)]:grid has-[>:nth-child(3)]:w-fit has-[>:nth-child(3)]:max-w-full"
            >
              {actions}
            </div>
          )}
          {children}
        </div>
        {aside && <div>{aside}</div>}
      </div>
    </section>
  );
}

/**
 * A link styled as a button: the group's one `primary` action or a `secondary` one, on a `light` section
 * or a `dark` band (data-cta marks which, for the tests).
 */
export function ButtonLink({
  to,
  emphasis = "primary",
  surface = "light",
  size = "lg",
  className,
  children,
}: {
  to: string;
  emphasis?: CtaEmphasis;
  surface?: CtaSurface;
  size?: "default" | "lg";
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={to}
      data-cta={emphasis}
      className={clsx(buttonBase, ctaStyles[surface][emphasis], buttonLinkSizes[size], className)}
    >
      {children}
    </a>
  );
}

/** A row of calls to action: exactly one primary, first (data-cta-group marks it for the tests). */
export function CtaGroup({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div data-cta-group="" className={clsx("flex flex-wrap gap-4", className)}>
      {children}
    </div>
  );
}

// Grids of cards never leave a cell empty, whatever the number of cards (issue 14: three steps in four
// columns left a void). At each width a grid takes the planned number of columns, or fewer where the
// count divides evenly into fewer, never more than it has items; when a last row is still short, its
// last item stretches over the rest of the row. Tailwind only ships classes it finds spelled out, hence
// the tables.
type Breakpoint = "sm" | "md" | "lg";
type Columns = 1 | 2 | 3 | 4;
/** How many columns a grid grows to at each width, narrowest first. */
type ColumnPlan = Partial<Record<Breakpoint, Columns>>;

const gridColumnClasses: Record<Breakpoint, Record<Columns, string>> = {
  sm: { 1: "sm:grid-cols-1", 2: "sm:grid-cols-2", 3: "sm:grid-cols-3", 4: "sm:grid-cols-4" },
  md: { 1: "md:grid-cols-1", 2: "md:grid-cols-2", 3: "md:grid-cols-3", 4: "md:grid-cols-4" },
  lg: { 1: "lg:grid-cols-1", 2: "lg:grid-cols-2", 3: "lg:grid-cols-3", 4: "lg:grid-cols-4" },
};
const lastItemSpanClasses: Record<Breakpoint, Record<Columns, string>> = {
  sm: {
    1: "sm:[&>:last-child]:col-span-1",
    2: "sm:[&>:last-child]:col-span-2",
    3: "sm:[&>:last-child]:col-span-3",
    4: "sm:[&>:last-child]:col-span-4",
  },
  md: {
    1: "md:[&>:last-child]:col-span-1",
    2: "md:[&>:last-child]:col-span-2",
    3: "md:[&>:last-child]:col-span-3",
    4: "md:[&>:last-child]:col-span-4",
  },
  lg: {
    1: "lg:[&>:last-child]:col-span-1",
    2: "lg:[&>:last-child]:col-span-2",
    3: "lg:[&>:last-child]:col-span-3",
    4: "lg:[&>:last-child]:col-span-4",
  },
};

/** The column classes for `count` items laid out by `plan` (exported for its unit test). */
export function gridColumnsFor(count: number, plan: ColumnPlan): string {
  const classes: string[] = [];
  let lastItemSpan = 1;
  for (const breakpoint of ["sm", "md", "lg"] as const) {
    const planned = plan[breakpoint];
    if (!planned) continue;
    const widest = Math.min(planned, Math.max(count, 1));
    // Three rows of two fill better than a row of four and a row of two.
    const even = ([4, 3, 2] as const).find(
      (columns) => columns <= widest && columns >= widest - 1 && count % columns === 0,
    );
    const columns: Columns = even ?? (widest as Columns);
    const shortBy = count % columns === 0 ? 0 : columns - (count % columns);
    const span = (shortBy + 1) as Columns;
    classes.push(gridColumnClasses[breakpoint][columns]);
    if (span !== lastItemSpan) classes.push(lastItemSpanClasses[breakpoint][span]);
    lastItemSpan = span;
  }
  return classes.join(" ");
}

const cardGridPlans: Record<2 | 3 | 4, ColumnPlan> = { 2: { md: 2 }, 3: { md: 2, lg: 3 }, 4: { sm: 2, lg: 4 } };

export function CardGrid({
  columns = 3,
  className,
  children,
}: {
  columns?: 2 | 3 | 4;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={clsx(
        "mt-10 grid gap-6",
        gridColumnsFor(Children.toArray(children).length, cardGridPlans[columns]),
        className,
      )}
    >
      {children}
    </div>
  );
}

export function Card({
  title,
  icon,
  children,
  className,
  headingLevel = 3,
}: {
  title: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className={clsx("rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-sm", className)}>
      {icon && (
        <div
          className="mb-4 inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100"
          aria-hidden="true"
        >
          {icon}
        </div>
      )}
      <Heading className="text-lg font-bold">{title}</Heading>
      {children && <div className="mt-2 text-slate-700">{children}</div>}
    </div>
  );
}

/** A section of cards under a heading: the shape most pages use for problems, values and offers. */
export function CardsSection({
  id,
  tone,
  eyebrow,
  title,
  intro,
  columns = 3,
  cards,
}: {
  id: string;
  tone?: Tone;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  columns?: 2 | 3 | 4;
  cards: { title: string; text: ReactNode; icon?: ReactNode }[];
}) {
  return (
    <Section tone={tone} labelledBy={id}>
      <SectionHeader id={id} eyebrow={eyebrow} title={title} intro={intro} />
      <CardGrid columns={columns}>
        {cards.map((card) => (
          <Card key={card.title} title={card.title} icon={card.icon}>
            <p>{card.text}</p>
          </Card>
        ))}
      </CardGrid>
    </Section>
  );
}

export function CheckList({ items, className }: { items: ReactNode[]; className?: string }) {
  return (
    <ul className={clsx("space-y-3", className)}>
      {items.map((item, index) => (
        <li key={index} className="flex gap-3">
          <CheckIcon />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A band of figures; with `sourcesId`, each figure that has a source carries its marker, linked to the source
 * lines the page shows under its figures (components/claim-sources.tsx, issue 39 §5).
 */
export function StatGrid({
  stats,
  className,
  sourcesId,
}: {
  stats: SourcedFigure[];
  className?: string;
  sourcesId?: string;
}) {
  const { numbers } = numberSources(stats);
  return (
    // A band of figures on the brand's dark blue, divided like a scoreboard.
    <dl
      className={clsx(
        "mt-10 grid overflow-hidden rounded-2xl bg-brand-900 text-white shadow-lg",
        gridColumnsFor(stats.length, { sm: 3 }),
        className,
      )}
    >
      {stats.map((stat, index) => (
        <div
          key={stat.label}
          className="flex flex-col border-white/15 p-8 text-center max-sm:not-first:border-t sm:not-first:border-l"
        >
          <dt className="order-2 mt-2 text-sm font-medium text-blue-100">{stat.label}</dt>
          <dd className="order-1 text-5xl font-extrabold tracking-tight text-white">
            {stat.value}
            {sourcesId && numbers[index] && <SourceMark idPrefix={sourcesId} number={numbers[index]} />}
            <span aria-hidden="true" className="mx-auto mt-3 block h-1 w-10 rounded-full bg-signal-400" />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ProcessSteps({
  steps,
  className,
}: {
  steps: { title: string; text: ReactNode }[];
  className?: string;
}) {
  return (
    <ol className={clsx("mt-10 grid gap-6", gridColumnsFor(steps.length, { md: 2, lg: 4 }), className)}>
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6 text-slate-900">
          <span
            className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-bold">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-slate-700">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** A closing call to action on a dark band. */
export function CtaBanner({
  title,
  text,
  children,
  id,
}: {
  title: ReactNode;
  text?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  return (
    <section id={id} className="bg-brand-900 py-16 text-white">
      <div className="mx-auto max-w-4xl px-4 text-center">
        <h2 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h2>
        {text && <p className="mt-4 text-lg text-blue-100">{text}</p>}
        <CtaGroup className="mt-8 justify-center">{children}</CtaGroup>
      </div>
    </section>
  );
}
