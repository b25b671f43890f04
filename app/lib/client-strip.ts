// SPEC §2 "Home", §4, §9: a strip of ten sample client names; a window of up to five names advances
// cyclically by one every 2 seconds. The names are fictional local businesses, shown as examples of
// the companies the agency serves.

export const CLIENT_STRIP_NAMES = [
  "Lone Star Plumbing & Drain",
  "Hill Country Heating & Air",
  "Bluebonnet Roofing Co.",
  "Pecan Street Electric",
  "Cedar Park Comfort HVAC",
  "Brazos Valley Roof Pros",
  "Round Rock Rooter & Repair",
  "Capitol City Windows & Doors",
  "Barton Creek Builders",
  "San Marcos Water Heater Pros",
] as const;

export const CLIENT_STRIP_INTERVAL_MS = 2000;
export const CLIENT_STRIP_VISIBLE = 5;

/** The names shown for a given window position: names[(index + k) % length] for k = 0..visible-1. */
export function visibleClientNames(
  index: number,
  names: readonly string[] = CLIENT_STRIP_NAMES,
  visible: number = CLIENT_STRIP_VISIBLE,
): string[] {
  const count = Math.min(visible, names.length);
  return Array.from({ length: count }, (_, k) => names[(index + k) % names.length] ?? "");
}

/** A name's place in the list (its wordmark's too: components/client-wordmark.tsx), -1 for another name. */
export function clientNameIndex(name: string): number {
  return (CLIENT_STRIP_NAMES as readonly string[]).indexOf(name);
}
