import { clsx } from "clsx";
import { stockPhotoSrcSet, uploadedImageSrcSets } from "../lib/stock-photo.ts";

// A stock photo (external host: slow or failing at times, SPEC §10) in a frame of fixed proportions
// with the brand's placeholder behind it, so the page never shows a void or a broken-image icon:
// - while the photo loads, the frame shows the placeholder (the photo box is transparent until then);
// - if it fails, Chromium and Firefox draw ::before/::after on a broken <img> only (never on a loaded one):
//   the ::after repaints the placeholder over the broken icon and the alt text; the transparent text
//   color hides the alt text where a browser draws no pseudo-element. Screen readers keep the alt text.
// CSS only: no error handler, nothing for the Content-Security-Policy to allow.

/** The frame's proportions, as Tailwind needs them spelled out: the photo's width / height, to 2 decimals. */
const aspectClasses: Record<string, string> = {
  "1.78": "aspect-video",
  "1.60": "aspect-[8/5]",
  "1.50": "aspect-[3/2]",
};

function aspectClass(width: number, height: number): string {
  const ratio = (width / height).toFixed(2);
  const found = aspectClasses[ratio];
  // The pages are built ahead of time: a photo of new proportions fails the build, not the page.
  if (!found)
    throw new Error(`PhotoFrame: no frame for a ${width} by ${height} photo (ratio ${ratio}); add it to aspectClasses`);
  return found;
}

export function PhotoFrame({
  src,
  alt,
  width,
  height,
  loading = "lazy",
  fetchPriority,
  sizes,
  className,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** "lazy" below the fold; "eager" for a photo in the first screen. */
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low";
  /** The frame's rendered width at each screen width (the `sizes` attribute), so the browser picks a photo from the srcset. */
  sizes: string;
  /** The frame's corners, spacing and, where it is not its container's width, its width. */
  className?: string;
}) {
  // An uploaded image (issue 37) comes in AVIF for the browsers that read it, WebP for the others.
  const uploaded = uploadedImageSrcSets(src);
  const image = (
    <img
      src={src}
      srcSet={uploaded?.webp ?? stockPhotoSrcSet(src, width / height)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      fetchPriority={fetchPriority}
      className="absolute inset-0 h-full w-full object-cover text-transparent after:photo-placeholder after:absolute after:inset-0"
    />
  );
  return (
    <div className={clsx("photo-placeholder relative w-full overflow-hidden", aspectClass(width, height), className)}>
      {uploaded ? (
        <picture>
          <source type="image/avif" srcSet={uploaded.avif} sizes={sizes} />
          {image}
        </picture>
      ) : (
        image
      )}
    </div>
  );
}
