import type { PageCopyField, PageCopyOverrides, EditablePageInfo } from "../../contract/content.ts";
import { auditPageKeys, auditPages } from "../config/audit-pages.ts";
import { industryPageContent } from "../config/industry-pages.ts";
import { servicePages } from "../config/service-pages.ts";
import { services } from "../config/services.ts";
import { tradePages } from "../config/trade-pages.ts";
import { industryPages, tradeKeys, trades } from "../config/industries.ts";
import { setSearchOverrides, type PageHead, type SearchOverride } from "../lib/seo.ts";
import { homeCopy, head as homeHead } from "../views/home.tsx";
import { aboutCopy, head as aboutHead } from "../views/about.tsx";
import { contactCopy, head as contactHead } from "../views/contact.tsx";
import { servicesCopy, head as servicesHead } from "../views/services.tsx";
import { ultimateWebsiteOfferCopy, head as ultimateWebsiteOfferHead } from "../views/ultimate-website-offer.tsx";
import { ultimatePitchCopy, head as ultimatePitchHead } from "../views/ultimate-pitch.tsx";
import { blogCopy, head as blogHead } from "../views/blog-index.tsx";
import { serviceHead } from "../views/service-page.tsx";
import { tradePageHead } from "../views/trade-page.tsx";
import { industryPageHead } from "../views/industry-page.tsx";
import { auditPageHead } from "../views/audit-page.tsx";

// The page copy the owner edits (issue 37): every text of a page's copy object (app/config/*-pages.ts, the
// home page's homeCopy), addressed by its path in the object ("hero.intro", "process.steps.2.title"), in
// the page's order. The database keeps only what the owner changed (overrides); before each render the
// renderer writes the published overrides into the objects the views read, after restoring the files'
// texts, so a page renders exactly as the files say until the owner changes a line.
//
// Each page also has "Search and sharing" (search.*): the title and description of its search result and its
// social image. They reach the page through pageHead (app/lib/seo.ts), which every page's <head> comes from, so
// the copy objects' own meta texts are not offered twice.

type EditablePage = EditablePageInfo & { copy: object; head: () => PageHead };

const pages: EditablePage[] = [
  { key: "home", label: "Home", path: "/", copy: homeCopy, head: homeHead },
  { key: "about", label: "About", path: "/about", copy: aboutCopy, head: aboutHead },
  { key: "contact", label: "Contact", path: "/contact", copy: contactCopy, head: contactHead },
  { key: "services", label: "Services", path: "/services", copy: servicesCopy, head: servicesHead },
  {
    key: "ultimate-website-offer",
    label: "Ultimate Website Offer",
    path: "/ultimate-website-offer",
    copy: ultimateWebsiteOfferCopy,
    head: ultimateWebsiteOfferHead,
  },
  {
    key: "ultimate-pitch",
    label: "Ultimate Pitch",
    path: "/ultimate-pitch",
    copy: ultimatePitchCopy,
    head: ultimatePitchHead,
  },
  { key: "blog", label: "Blog", path: "/blog", copy: blogCopy, head: blogHead },
  ...services.map((service) => ({
    key: `services/${service.slug}`,
    label: service.name,
    path: service.path,
    copy: servicePages[service.slug],
    head: () => serviceHead(service.slug),
  })),
  ...tradeKeys.map((trade) => ({
    key: trades[trade].path.slice(1).toLowerCase(),
    label: trades[trade].label,
    path: trades[trade].path,
    copy: tradePages[trade],
    head: () => tradePageHead(trade),
  })),
  ...(Object.keys(industryPageContent) as (keyof typeof industryPageContent)[]).map((page) => ({
    key: page,
    label: industryPages[page].label,
    path: industryPages[page].path,
    copy: industryPageContent[page],
    head: () => industryPageHead(page),
  })),
  ...auditPageKeys.map((page) => ({
    key: page,
    label: auditPages[page].hero.title,
    path: auditPages[page].meta.path,
    copy: auditPages[page],
    head: () => auditPageHead(page),
  })),
];

/**
 * Keys whose strings are addresses, ids or switches, not copy: never offered for editing. `meta` (a page's
 * title and description) is edited as "Search and sharing" instead.
 */
const NOT_COPY = new Set([
  "to",
  "href",
  "path",
  "src",
  "id",
  "kind",
  "tone",
  "variant",
  "group",
  "form",
  "scene",
  "meta",
]);

const SEARCH = "Search and sharing";
/** The limits a search engine shows (about 60 and 155 characters), with room for a longer files' text. */
const SEARCH_TITLE_LIMIT = 70;
const SEARCH_DESCRIPTION_LIMIT = 160;
const IMAGE_ADDRESS_LIMIT = 2048;
const IMAGE_TEXT_LIMIT = 140;

/** A page's "Search and sharing" fields, with the files' title, description and image as their defaults. */
function searchFields(page: EditablePage): PageCopyField[] {
  // Every editable page's head comes from pageHead (page-copy.test.ts checks each has its texts).
  const files = page.head().files ?? { title: "", description: "" };
  return [
    {
      path: "search.title",
      label: `${SEARCH} › Title`,
      default: files.title,
      max: Math.max(SEARCH_TITLE_LIMIT, files.title.length),
    },
    {
      path: "search.description",
      label: `${SEARCH} › Description`,
      default: files.description,
      max: Math.max(SEARCH_DESCRIPTION_LIMIT, files.description.length),
    },
    {
      path: "search.image",
      label: `${SEARCH} › Social image`,
      default: files.image ?? "",
      max: IMAGE_ADDRESS_LIMIT,
      kind: "image",
      optional: true,
    },
    {
      path: "search.imageAlt",
      label: `${SEARCH} › Social image text`,
      default: files.imageAlt ?? "",
      max: IMAGE_TEXT_LIMIT,
      optional: true,
    },
  ];
}

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
  return pages.map((page) => ({
    key: page.key,
    label: page.label,
    path: page.path,
    fields: [
      ...searchFields(page),
      ...pristine.get(page.key)!.map((leaf) => ({
        path: leaf.path.join("."),
        label: labelOf(leaf.path),
        default: leaf.text,
        max: copyLimit(leaf.text),
      })),
    ],
  }));
}

function setText(root: object, path: string[], text: string) {
  let node = root as Record<string, unknown>;
  for (const part of path.slice(0, -1)) node = node[part] as Record<string, unknown>;
  node[path.at(-1)!] = text;
}

/** Writes the published overrides into the copy objects (and the files' texts wherever there is none). */
export function applyPageCopy(overrides: Record<string, PageCopyOverrides>): void {
  const search = new Map<string, SearchOverride>();
  for (const page of pages) {
    const own = overrides[page.key] ?? {};
    for (const leaf of pristine.get(page.key)!) {
      setText(page.copy, leaf.path, own[leaf.path.join(".")] ?? leaf.text);
    }
    const changed: SearchOverride = {};
    for (const name of ["title", "description", "image", "imageAlt"] as const) {
      const text = own[`search.${name}`];
      if (text !== undefined) changed[name] = text;
    }
    if (Object.keys(changed).length > 0) search.set(page.path, changed);
  }
  setSearchOverrides(search);
}
