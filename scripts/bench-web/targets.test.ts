import { describe, expect, it } from "vitest";
import { blockedUrlPatterns, missedTargets } from "./targets.ts";

describe("bench:web's targets", () => {
  const scores = (entries: Array<[string, number, number]>) =>
    new Map(entries.map(([path, performance, lcpMs]) => [path, { performance, lcpMs }]));

  it("fails a route over 1.0 s of LCP or under 100 with any version, and passes 1.0 s and 100", () => {
    expect(
      missedTargets([
        {
          version: "Lighthouse 13.5.0",
          scores: scores([
            ["/", 100, 1000],
            ["/services", 100, 1001],
          ]),
        },
        {
          version: "Lighthouse 12.8.2",
          scores: scores([
            ["/", 99, 900],
            ["/services", 100, 905],
          ]),
        },
      ]),
    ).toEqual(["Lighthouse 13.5.0 /services LCP 1001 ms", "Lighthouse 12.8.2 / performance 99"]);
    expect(missedTargets([{ version: "Lighthouse 13.5.0", scores: scores([["/", 100, 905]]) }])).toEqual([]);
  });

  it("counts a figure Lighthouse could not give (NaN) as missed", () => {
    expect(missedTargets([{ version: "Lighthouse 12.8.2", scores: scores([["/blog", 100, Number.NaN]]) }])).toEqual([
      "Lighthouse 12.8.2 /blog LCP NaN ms",
    ]);
  });

  it("blocks the analytics hosts and the script and frame hosts a page names, not its images", () => {
    const html =
      '<div data-frame-src="https://calendly.com/agency/30min"></div><img src="https://images.unsplash.com/photo-1?w=800">';
    const patterns = blockedUrlPatterns(html);
    expect(patterns).toContain("*://*.googletagmanager.com/*");
    expect(patterns).toContain("https://calendly.com/*");
    expect(patterns.some((pattern) => pattern.includes("unsplash"))).toBe(false);
    expect(blockedUrlPatterns(undefined)).toContain("*://*.google-analytics.com/*");
  });
});
