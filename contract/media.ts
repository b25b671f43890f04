import { z } from "zod";

// Images the owner uploads for articles (issue 37, point 3). The server (server/media/) re-encodes each upload
// into these formats at these widths and serves them at mediaUrl(); the admin's image picker lists them.
//
//   POST /api/admin/media   multipart: file, alt  -> 201 MediaUpload
//   GET  /api/admin/media                          -> MediaList (newest first)
//   GET  /media/<id>/<width>.<format>              -> the image's bytes, cached for a year (public)

/** The widths the article layout asks for (srcset), narrowest first. */
export const MEDIA_WIDTHS = [480, 800, 1200, 1600] as const;
/** Best first: a browser that reads AVIF takes it, every other current one WebP. */
export const mediaFormats = ["avif", "webp"] as const;
export type MediaFormat = (typeof mediaFormats)[number];

export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** Narrower than this is too small for any place the layout shows an image. */
export const MEDIA_MIN_WIDTH = 200;
/** More pixels than any camera photo needs: beyond this a small file may decode to gigabytes (a decompression bomb). */
export const MEDIA_MAX_PIXELS = 40_000_000;

export const MEDIA_ALT_MIN = 5;
export const MEDIA_ALT_MAX = 140;

/** The image's text for readers who cannot see it: required, as contract/content.ts asks of a post's image. */
export const mediaAlt = z
  .string({ error: "Describe the image for readers who cannot see it (alt text)." })
  .trim()
  .min(MEDIA_ALT_MIN, {
    error: `Describe the image for readers who cannot see it (at least ${MEDIA_ALT_MIN} characters).`,
  })
  .max(MEDIA_ALT_MAX, { error: `Alt text must be at most ${MEDIA_ALT_MAX} characters.` });

/** The upload's text fields (the file travels beside them). */
export const mediaUploadFields = z.object({ alt: mediaAlt }).strict();

/** Where a variant is served; the one definition of the path, for the server's route and the pages. */
export function mediaUrl(id: string, width: number, format: MediaFormat): string {
  return `/media/${id}/${width}.${format}`;
}

export type MediaVariant = { format: MediaFormat; width: number; url: string };

/** The answer to an upload. `url`: the widest WebP variant, the address any browser can show. */
export type MediaUpload = {
  id: string;
  url: string;
  width: number;
  height: number;
  alt: string;
  variants: MediaVariant[];
};

/** An image in the picker's list. */
export type MediaSummary = {
  id: string;
  url: string;
  alt: string;
  width: number;
  height: number;
  createdAt: string;
};

export const MEDIA_LIST_LIMIT = 100;

export type MediaList = { media: MediaSummary[] };
