import { describe, expect, it } from "vitest";
import { stockPhotoSrcSet, stockPhotoUrl } from "./stock-photo.ts";

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
