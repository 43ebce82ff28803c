import type { Metric, Registry } from 'prom-client';

interface Series {
  labels: Record<string, string>;
  /** Observations per bucket, not cumulative; the last is above every bound (+Inf). */
  counts: Float64Array;
  sum: number;
  count: number;
}

/** Counts one observation, in seconds, into the series it was made for. */
export type Observe = (seconds: number) => void;

/**
 * A histogram kept by hand for the hot path (every request, every query): prom-client's Histogram validates and hashes
 * its label object on every observation (about 3 µs here, a few per cent of a session check); here a caller asks once
 * for the series of its labels and then only counts (0.1 µs). The registry reads it at scrape time like any other
 * metric, in the same text format.
 */
export function createLabelledHistogram(registry: Registry, { name, help, buckets }: { name: string; help: string; buckets: readonly number[] }) {
  const series = new Map<string, Series>();
  const bounds = [...buckets].sort((a, b) => a - b);

  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get: async () => ({
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      values: [...series.values()].flatMap(({ labels, counts, sum, count }) => {
        let cumulative = 0;
        const rows = bounds.map((bound, i) => {
          cumulative += counts[i]!;
          return { metricName: `${name}_bucket`, labels: { ...labels, le: String(bound) }, value: cumulative };
        });
        rows.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count });
        return [...rows, { metricName: `${name}_sum`, labels, value: sum }, { metricName: `${name}_count`, labels, value: count }];
      }),
    }),
    reset: () => series.clear(),
  };
  registry.registerMetric(metric as unknown as Metric);

  return {
    /** The counter of one set of label values, made on first use and kept: call it once per route, operation… */
    series(labels: Record<string, string>): Observe {
      const key = JSON.stringify(labels);
      let found = series.get(key);
      if (!found) {
        found = { labels, counts: new Float64Array(bounds.length + 1), sum: 0, count: 0 };
        series.set(key, found);
      }
      const target = found;
      return (seconds) => {
        let bucket = 0;
        while (bucket < bounds.length && seconds > bounds[bucket]!) bucket += 1;
        target.counts[bucket]! += 1;
        target.sum += seconds;
        target.count += 1;
      };
    },
  };
}
