// Reads the Prometheus text format (what GET /metrics answers) into samples a test can look up.

export type Sample = { name: string; labels: Record<string, string>; value: number };

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(LABEL))
      labels[name!] = value!.replace(/\\"/g, '"').replace(/\\n/g, "\n").replace(/\\\\/g, "\\");
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The metric names a text declares (its # TYPE lines), histograms and summaries by their base name. */
export function metricNames(text: string): Set<string> {
  return new Set([...text.matchAll(/^# TYPE (\S+) \S+$/gm)].map((match) => match[1]!));
}

/**
 * The value of the sample `name` whose labels include `labels` (summed when several match, as `sum by`
 * would); undefined when none does.
 */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const matching = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return matching.length === 0 ? undefined : matching.reduce((sum, sample) => sum + sample.value, 0);
}
