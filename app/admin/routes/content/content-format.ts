import type { PostSummary } from "../../../../contract/content.ts";
import { formatDateTime, zonedInstant } from "../../components/lead-format.ts";

// Pure helpers of the content editor (issue 37): the address from a title, tags as typed, the publish time
// in the business's zone, the search result's truncation and a post's state in words.

/** A post's address from its title: lowercase ASCII words joined by hyphens, at most 80 characters (contentSlug). */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/** "seo, local ,, maps" -> ["seo", "local", "maps"]: trimmed, empty and repeated ones left out. */
export function parseTags(text: string): string[] {
  const tags = text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
  return [...new Set(tags)];
}

/** The `<input type="datetime-local">` value (YYYY-MM-DDTHH:MM) a zone's wall clock shows at an instant. */
export function toLocalInput(iso: string | Date, timeZone: string): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

/** The ISO instant (UTC) of a datetime-local value read in `timeZone`, or null when it is not one. */
export function fromLocalInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  if (!match) return null;
  return zonedInstant(match[1]!, match[2]!, timeZone)?.toISOString() ?? null;
}

/** Text cut as a search result cuts it: at a word before `max` characters, with an ellipsis. */
export function truncateForSearch(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

/** A search result's title (about 60 characters) and description (about 160). */
export const SEARCH_TITLE_MAX = 60;
export const SEARCH_DESCRIPTION_MAX = 160;

export const statusLabels = { draft: "Draft", scheduled: "Scheduled", published: "Published" } as const;

/** True when the draft holds changes the live (or scheduled) version does not. */
export function hasUnpublishedChanges(post: Pick<PostSummary, "status" | "revision" | "publishedRevision">): boolean {
  return post.status !== "draft" && post.publishedRevision !== null && post.revision !== post.publishedRevision;
}

/** When a post is or goes live, in words: "Live since …", "Goes live …" (or its update, for a live post). */
export function liveWhen(
  post: Pick<PostSummary, "live" | "publishedAt" | "scheduledAt">,
  format: (iso: string) => string = formatDateTime,
): string {
  const parts: string[] = [];
  if (post.live && post.publishedAt) parts.push(`Live since ${format(post.publishedAt)}`);
  if (post.scheduledAt) parts.push(`${post.live ? "Update goes live" : "Goes live"} ${format(post.scheduledAt)}`);
  return parts.length > 0 ? parts.join("; ") : "Not published";
}
