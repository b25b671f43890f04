import sharp, { type Metadata } from "sharp";
import {
  MEDIA_MAX_PIXELS,
  MEDIA_MIN_WIDTH,
  MEDIA_WIDTHS,
  mediaFormats,
  type MediaFormat,
} from "../../contract/media.ts";

// Judges an upload by its bytes (what sharp reads in them, never the file name or the client's content type)
// and re-encodes it into the formats and widths of contract/media.ts. Only the pixels survive: EXIF
// orientation is applied, then every metadata block (camera, GPS, ICC) is dropped.

/** An upload refused for a reason its sender can act on: the route answers `status` with `message`. */
export class MediaRejection extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export type EncodedVariant = { format: MediaFormat; width: number; height: number; bytes: Buffer };

/** Encoder quality per format: visually alike, AVIF about a third smaller than WebP at these settings. */
const QUALITY: Record<MediaFormat, number> = { avif: 60, webp: 75 };

const UNSUPPORTED = "Upload a JPEG, PNG, WebP, AVIF or GIF image.";

/**
 * sharp reads more than the web shows (SVG, which can carry script; TIFF, PDF, HEIC): only these pass.
 * AVIF is a HEIF file with AV1 inside; HEIC, the same container with HEVC, is refused.
 */
function acceptedFormat(metadata: Metadata): boolean {
  if (metadata.format === "heif") return metadata.compression === "av1";
  return ["jpeg", "png", "webp", "gif"].includes(metadata.format);
}

const inputOptions = {
  // Refuses to decode past the limit even if the header check below were wrong about the size.
  limitInputPixels: MEDIA_MAX_PIXELS,
  // Animated GIF and WebP: the first frame only.
  pages: 1,
  // Truncated or corrupt pixel data is refused, not encoded half grey (sharp's advice for untrusted input).
  failOn: "warning",
} as const;

async function readMetadata(bytes: Buffer): Promise<Metadata> {
  try {
    // The header only: no pixel is decoded, so the size can be judged (and named) below rather than by libvips.
    return await sharp(bytes, { ...inputOptions, limitInputPixels: false }).metadata();
  } catch {
    throw new MediaRejection(415, `The file is not an image we can read. ${UNSUPPORTED}`);
  }
}

/** The widths to make for an image this wide: the layout's, never above the original's, which stands in when narrower than them all. */
export function variantWidths(originalWidth: number): number[] {
  const widths = MEDIA_WIDTHS.filter((width) => width <= originalWidth);
  return widths.length > 0 ? widths : [originalWidth];
}

/** Checks the image and makes every variant, widest last; throws MediaRejection when it is refused. */
export async function encodeImage(bytes: Buffer): Promise<EncodedVariant[]> {
  const metadata = await readMetadata(bytes);
  if (!acceptedFormat(metadata)) {
    throw new MediaRejection(415, `${metadata.format.toUpperCase()} files are not accepted. ${UNSUPPORTED}`);
  }
  // Judged from the header before any pixel is decoded.
  if (metadata.width * metadata.height > MEDIA_MAX_PIXELS) {
    throw new MediaRejection(
      400,
      `The image is ${metadata.width}×${metadata.height} pixels, more than ${MEDIA_MAX_PIXELS / 1_000_000} megapixels. Resize it and upload it again.`,
    );
  }
  // As the reader sees it: a portrait photo stored sideways is as wide as its stored height.
  const { width } = metadata.autoOrient;
  if (width < MEDIA_MIN_WIDTH) {
    throw new MediaRejection(
      400,
      `The image is ${width} pixels wide; upload one at least ${MEDIA_MIN_WIDTH} pixels wide (1600 or more looks sharp on every screen).`,
    );
  }

  const oriented = sharp(bytes, inputOptions).rotate();
  const jobs = variantWidths(width).flatMap((target) =>
    mediaFormats.map(async (format): Promise<EncodedVariant> => {
      const resized = oriented.clone().resize({ width: target, withoutEnlargement: true });
      const encoded =
        format === "avif" ? resized.avif({ quality: QUALITY.avif }) : resized.webp({ quality: QUALITY.webp });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return { format, width: info.width, height: info.height, bytes: data };
    }),
  );
  try {
    return await Promise.all(jobs);
  } catch {
    // The header was readable but the pixels are not (a truncated or corrupt file).
    throw new MediaRejection(415, `The image's data is damaged or incomplete. ${UNSUPPORTED}`);
  }
}
