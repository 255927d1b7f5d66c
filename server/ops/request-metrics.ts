import type { Registry } from 'prom-client';

/** One metric as prom-client's registry reads it (`get()`), the same shape its own metrics give. */
interface MetricValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

interface Series {
  labels: Record<string, string>;
  count: number;
}

interface Timing {
  labels: Record<string, string>;
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  buckets: number[];
  sum: number;
  count: number;
}

interface RequestMetricsOptions {
  registry: Registry;
  countName: string;
  countHelp: string;
  timeName: string;
  timeHelp: string;
  /** Upper bounds of the duration histogram, in seconds, ascending. */
  buckets: readonly number[];
}

/**
 * HTTP requests by method, route and status, and their duration by method and route, kept as
 * plain numbers and rendered in Prometheus' text format by prom-client's registry on a scrape.
 * prom-client's own Counter and Histogram check and hash the labels on every inc/observe (even
 * through `labels()` children), which costs more per request than our hot calls' own work.
 */
export class RequestMetrics {
  readonly #series = new Map<string, Series>();
  readonly #timings = new Map<string, Timing>();

  constructor(private readonly options: RequestMetricsOptions) {
    const { registry, countName, countHelp, timeName, timeHelp } = options;
    registry.registerMetric(
      metric(
        countName,
        countHelp,
        'counter',
        () => [...this.#series.values()].map((s) => ({ labels: s.labels, value: s.count })),
        () => this.#series.clear(),
      ),
    );
    registry.registerMetric(
      metric(
        timeName,
        timeHelp,
        'histogram',
        () => this.#timingValues(),
        () => this.#timings.clear(),
      ),
    );
  }

  /** One answered request; `seconds` is how long it took. */
  record(method: string, route: string, status: number, seconds: number): void {
    const timingKey = `${method} ${route}`;
    const seriesKey = `${timingKey} ${status}`;
    let series = this.#series.get(seriesKey);
    if (!series) {
      series = { labels: { method, route, status: String(status) }, count: 0 };
      this.#series.set(seriesKey, series);
    }
    series.count++;
    let timing = this.#timings.get(timingKey);
    if (!timing) {
      const buckets = new Array<number>(this.options.buckets.length + 1).fill(0);
      timing = { labels: { method, route }, buckets, sum: 0, count: 0 };
      this.#timings.set(timingKey, timing);
    }
    const bounds = this.options.buckets;
    let at = 0;
    while (at < bounds.length && seconds > bounds[at]) at++;
    timing.buckets[at]++;
    timing.sum += seconds;
    timing.count++;
  }

  #timingValues(): MetricValue[] {
    const { timeName, buckets: bounds } = this.options;
    const values: MetricValue[] = [];
    for (const timing of this.#timings.values()) {
      let cumulative = 0;
      timing.buckets.forEach((count, at) => {
        cumulative += count;
        const le = at < bounds.length ? bounds[at] : '+Inf';
        values.push({ labels: { le, ...timing.labels }, value: cumulative, metricName: `${timeName}_bucket` });
      });
      values.push({ labels: timing.labels, value: timing.sum, metricName: `${timeName}_sum` });
      values.push({ labels: timing.labels, value: timing.count, metricName: `${timeName}_count` });
    }
    return values;
  }
}

/** A metric object prom-client's registry can hold: it calls `get()` on every scrape. */
function metric(
  name: string,
  help: string,
  type: 'counter' | 'histogram',
  values: () => MetricValue[],
  reset: () => void,
) {
  const object = {
    name,
    help,
    type,
    aggregator: 'sum' as const,
    get: async () => ({ name, help, type, aggregator: 'sum' as const, values: values() }),
    reset,
  };
  // biome-ignore lint/suspicious/noExplicitAny: the registry takes any object with prom-client's metric shape.
  return object as any;
}
