import { MEDIA_WIDTHS, mediaUrl, type MediaFormat } from "../../contract/media.ts";

// Stock photos come from an image CDN (Unsplash's imgix, SPEC §1) that crops and scales to the `w` and `h`
// asked in the URL. A srcset of several widths lets a phone download a photo sized for its screen
// instead of the 1200 px one the content names (issue 12: on /blog the photo is the largest paint).

/**
 * The widths offered: a phone's 380 CSS px at DPR 1.75–3 picks 640–1200, a desktop column at DPR 2 up to 1600;
 * a phone's 128 px blog-card thumbnail picks 240 (DPR 1.75–2) or 400.
 */
export const stockPhotoWidths = [240, 400, 640, 800, 1024, 1200, 1600] as const;

/** The photo's URL at `width`, cropped to the frame's proportions (`ratio` = width / height); other parameters kept. */
export function stockPhotoUrl(src: string, width: number, ratio: number): string {
  const url = new URL(src);
  url.searchParams.set("w", String(width));
  url.searchParams.set("h", String(Math.round(width / ratio)));
  return url.toString();
}

/** The `srcset` for a CDN photo, or undefined for any other address (a CDN that ignores `w` would send the same bytes six times over). */
export function stockPhotoSrcSet(src: string, ratio: number): string | undefined {
  if (!isResizableStockPhoto(src)) return undefined;
  return stockPhotoWidths.map((width) => `${stockPhotoUrl(src, width, ratio)} ${width}w`).join(", ");
}

/** Photos from Unsplash's CDN, which honors `w`, `h` and `fit=crop`. */
export function isResizableStockPhoto(src: string): boolean {
  return src.startsWith("https://images.unsplash.com/");
}

/**
 * An image the owner uploaded (issue 37, contract/media.ts): /media/<id>/<width>.webp names its widest variant;
 * the server keeps it at every layout width up to that one, in AVIF and WebP. The srcset of each format, or
 * undefined for any other address.
 */
export function uploadedImageSrcSets(src: string): { avif: string; webp: string } | undefined {
  const match = /^\/media\/([0-9a-f-]{36})\/(\d+)\.webp$/.exec(src);
  if (!match) return undefined;
  const [, id, widest] = match;
  const widths = [...new Set([...MEDIA_WIDTHS.filter((width) => width < Number(widest)), Number(widest)])];
  const set = (format: MediaFormat) => widths.map((width) => `${mediaUrl(id!, width, format)} ${width}w`).join(", ");
  return { avif: set("avif"), webp: set("webp") };
}
