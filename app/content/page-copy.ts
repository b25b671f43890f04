import type { PageCopyField, PageCopyOverrides, EditablePageInfo } from "../../contract/content.ts";
import { auditPageKeys, auditPages } from "../config/audit-pages.ts";
import { industryPageContent } from "../config/industry-pages.ts";
import { servicePages } from "../config/service-pages.ts";
import { services } from "../config/services.ts";
import { tradePages } from "../config/trade-pages.ts";
import { industryPages, tradeKeys, trades } from "../config/industries.ts";
import { homeCopy } from "../views/home.tsx";
import { aboutCopy } from "../views/about.tsx";
import { contactCopy } from "../views/contact.tsx";
import { servicesCopy } from "../views/services.tsx";
import { ultimateWebsiteOfferCopy } from "../views/ultimate-website-offer.tsx";
import { ultimatePitchCopy } from "../views/ultimate-pitch.tsx";
import { blogCopy } from "../views/blog-index.tsx";

// The page copy the owner edits (issue 37): every text of a page's copy object (app/config/*-pages.ts, the
// home page's homeCopy), addressed by its path in the object ("hero.intro", "process.steps.2.title"), in
// the page's order. The database keeps only what the owner changed (overrides); before each render the
// renderer writes the published overrides into the objects the views read, after restoring the files'
// texts, so a page renders exactly as the files say until the owner changes a line.

type EditablePage = EditablePageInfo & { copy: object };

const pages: EditablePage[] = [
  { key: "home", label: "Home", path: "/", copy: homeCopy },
  { key: "about", label: "About", path: "/about", copy: aboutCopy },
  { key: "contact", label: "Contact", path: "/contact", copy: contactCopy },
  { key: "services", label: "Services", path: "/services", copy: servicesCopy },
  {
    key: "ultimate-website-offer",
    label: "Ultimate Website Offer",
    path: "/ultimate-website-offer",
    copy: ultimateWebsiteOfferCopy,
  },
  { key: "ultimate-pitch", label: "Ultimate Pitch", path: "/ultimate-pitch", copy: ultimatePitchCopy },
  { key: "blog", label: "Blog", path: "/blog", copy: blogCopy },
  ...services.map((service) => ({
    key: `services/${service.slug}`,
    label: service.name,
    path: service.path,
    copy: servicePages[service.slug],
  })),
  ...tradeKeys.map((trade) => ({
    key: trades[trade].path.slice(1).toLowerCase(),
    label: trades[trade].label,
    path: trades[trade].path,
    copy: tradePages[trade],
  })),
  ...(Object.keys(industryPageContent) as (keyof typeof industryPageContent)[]).map((page) => ({
    key: page,
    label: industryPages[page].label,
    path: industryPages[page].path,
    copy: industryPageContent[page],
  })),
  ...auditPageKeys.map((page) => ({
    key: page,
    label: auditPages[page].hero.title,
    path: auditPages[page].meta.path,
    copy: auditPages[page],
  })),
];

/** Keys whose strings are addresses, ids or switches, not copy: never offered for editing. */
const NOT_COPY = new Set(["to", "href", "path", "src", "id", "kind", "tone", "variant", "group", "form", "scene"]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  // React elements (an icon drawn inline) are objects too; they are not copy.
  return !("$$typeof" in value) && (Object.getPrototypeOf(value) === Object.prototype || Array.isArray(value));
}

/** Every text of a copy object, depth first in the object's own order: the page's order. */
function textLeaves(value: unknown, path: string[] = []): { path: string[]; text: string }[] {
  if (typeof value === "string") return path.length > 0 ? [{ path, text: value }] : [];
  if (!isPlainObject(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => (NOT_COPY.has(key) ? [] : textLeaves(child, [...path, key])));
}

function labelOf(path: string[]): string {
  return path
    .map((part) =>
      /^\d+$/.test(part)
        ? `${Number(part) + 1}`
        : part.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (first) => first.toUpperCase()),
    )
    .join(" › ");
}

/** The longest a text may grow and keep the layout: half again the files' text, and never under 40 characters. */
export function copyLimit(text: string): number {
  return Math.max(40, Math.ceil(text.length * 1.5));
}

// The files' texts, kept before any override is written over them.
const pristine = new Map(pages.map((page) => [page.key, textLeaves(page.copy)]));

/** The pages whose copy can be edited, each with its fields in the page's order (the files' texts as defaults). */
export function editablePages(): (EditablePageInfo & { fields: PageCopyField[] })[] {
  return pages.map(({ key, label, path }) => ({
    key,
    label,
    path,
    fields: pristine.get(key)!.map((leaf) => ({
      path: leaf.path.join("."),
      label: labelOf(leaf.path),
      default: leaf.text,
      max: copyLimit(leaf.text),
    })),
  }));
}

function setText(root: object, path: string[], text: string) {
  let node = root as Record<string, unknown>;
  for (const part of path.slice(0, -1)) node = node[part] as Record<string, unknown>;
  node[path.at(-1)!] = text;
}

/** Writes the published overrides into the copy objects (and the files' texts wherever there is none). */
export function applyPageCopy(overrides: Record<string, PageCopyOverrides>): void {
  for (const page of pages) {
    const own = overrides[page.key] ?? {};
    for (const leaf of pristine.get(page.key)!) {
      setText(page.copy, leaf.path, own[leaf.path.join(".")] ?? leaf.text);
    }
  }
}
