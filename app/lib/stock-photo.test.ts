import { describe, expect, it } from "vitest";
import { stockPhotoSrcSet, stockPhotoUrl, uploadedImageSrcSets } from "./stock-photo.ts";

const photo = "https://images.unsplash.com/photo-1432888498266-38ffec3eaf0a?auto=format&fit=crop&w=1200&q=70";

describe("stock photo sizes", () => {
  it("asks the CDN for the width and the frame's height, keeping format, crop and quality", () => {
    const url = new URL(stockPhotoUrl(photo, 640, 16 / 9));
    expect(url.searchParams.get("w")).toBe("640");
    expect(url.searchParams.get("h")).toBe("360");
    expect(url.searchParams.get("auto")).toBe("format");
    expect(url.searchParams.get("fit")).toBe("crop");
    expect(url.searchParams.get("q")).toBe("70");
  });

  it("offers every width with its w descriptor", () => {
    const srcset = stockPhotoSrcSet(photo, 8 / 5)!;
    const candidates = srcset.split(", ").map((candidate) => candidate.split(" "));
    expect(candidates.map(([, descriptor]) => descriptor)).toEqual([
      "240w",
      "400w",
      "640w",
      "800w",
      "1024w",
      "1200w",
      "1600w",
    ]);
    expect(new URL(candidates[3]![0]!).searchParams.get("h")).toBe("500");
  });

  it("offers no srcset for a host that does not resize", () => {
    expect(stockPhotoSrcSet("https://example.com/photo.jpg", 16 / 9)).toBeUndefined();
  });
});

describe("uploadedImageSrcSets", () => {
  const id = "0b7c6d5e-1f2a-4b3c-8d9e-0a1b2c3d4e5f";

  it("offers each layout width up to the widest variant, in AVIF and WebP", () => {
    expect(uploadedImageSrcSets(`/media/${id}/1200.webp`)).toEqual({
      avif: `/media/${id}/480.avif 480w, /media/${id}/800.avif 800w, /media/${id}/1200.avif 1200w`,
      webp: `/media/${id}/480.webp 480w, /media/${id}/800.webp 800w, /media/${id}/1200.webp 1200w`,
    });
  });

  it("keeps an image narrower than the layout's widths at its own width", () => {
    expect(uploadedImageSrcSets(`/media/${id}/350.webp`)).toEqual({
      avif: `/media/${id}/350.avif 350w`,
      webp: `/media/${id}/350.webp 350w`,
    });
  });

  it("leaves other addresses alone", () => {
    expect(uploadedImageSrcSets("https://images.unsplash.com/photo-1?w=800")).toBeUndefined();
    expect(uploadedImageSrcSets(`/media/${id}/1200.avif`)).toBeUndefined();
    expect(uploadedImageSrcSets("/media/../1200.webp")).toBeUndefined();
  });
});
