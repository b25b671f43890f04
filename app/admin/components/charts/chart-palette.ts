import type { LeadChannel } from "../../../../contract/lead-channels.ts";

// The charts' series by colour AND pattern (never colour alone, WCAG 1.4.1): each colour has at least 3:1
// contrast against the white page (WCAG 1.4.11) and the patterns alternate so that two neighbours in a
// stack differ in more than hue. The legend shows both; the text table says it in words.

export type SeriesPattern = "solid" | "stripes" | "dots" | "cross";
export type SeriesStyle = { colour: string; pattern: SeriesPattern };

/** One style per channel, in the contract's order (organic search first, direct last). */
export const channelStyles: Record<LeadChannel, SeriesStyle> = {
  "organic-search": { colour: "#1e40af", pattern: "solid" }, // blue 800, 8.7:1
  "paid-search": { colour: "#b45309", pattern: "stripes" }, // amber 700, 5.0:1
  "paid-social": { colour: "#7e22ce", pattern: "solid" }, // purple 700, 7.1:1
  "organic-social": { colour: "#0f766e", pattern: "dots" }, // teal 700, 5.5:1
  email: { colour: "#be123c", pattern: "solid" }, // rose 700, 6.1:1
  referral: { colour: "#4d7c0f", pattern: "cross" }, // lime 700, 5.0:1
  direct: { colour: "#475569", pattern: "stripes" }, // slate 600, 7.6:1
};
