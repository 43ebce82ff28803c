/** One sample of Prometheus' text format: `name{label="value",…} 1.5`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/g;

/** Parses the text format strictly: a line that is neither a comment nor a sample throws, naming it. */
export function parseMetrics(text: string): { samples: Sample[]; types: Record<string, string> } {
  const samples: Sample[] = [];
  const types: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ')) continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types[type[1]!] = type[2]!;
      continue;
    }
    const match = SAMPLE.exec(line);
    // Prometheus reads values as Go's ParseFloat does: NaN and Inf in any case.
    const raw = match?.[3]?.toLowerCase();
    const value = raw === '+inf' || raw === 'inf' ? Infinity : raw === '-inf' ? -Infinity : raw === 'nan' ? NaN : Number(raw);
    if (!match || (Number.isNaN(value) && raw !== 'nan')) throw new Error(`not a metrics line: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    for (const [, name, labelValue] of (match[2] ?? '').matchAll(LABEL)) labels[name!] = labelValue!;
    samples.push({ name: match[1]!, labels, value });
  }
  return { samples, types };
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there are none). */
export function sampleSum(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}
