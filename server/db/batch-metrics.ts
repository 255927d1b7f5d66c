import { Histogram, Registry } from 'prom-client';

/** The calls whose writes PostgreSQL stores in batches (BatchedCalls), as /metrics labels them. */
export type BatchedCall = 'log-response' | 'answer-round';

/**
 * PostgreSQL's write batches as Prometheus histograms, in a registry of their own that /metrics
 * shows beside the app's: how many writes each batch's statement stored (how well group commit
 * fills under load; 1 on a quiet server) and how long each batch took until stored, its wait for
 * the commit included. bench/pg.ts reads the first to run pgbench at the app's batch.
 */
export function writeBatchMetrics() {
  const registry = new Registry();
  const writes = new Histogram({
    name: 'db_write_batch_writes',
    help: 'Writes stored together in one PostgreSQL statement (a batch of friends answering at once), by call',
    labelNames: ['call'],
    buckets: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 50, 100, 200, 500],
    registers: [registry],
  });
  const seconds = new Histogram({
    name: 'db_write_batch_seconds',
    help: 'Time a batch of writes took until PostgreSQL had stored it, by call',
    labelNames: ['call'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  return {
    registry,
    /** BatchedCalls' `observe` for `call`. */
    observer:
      (call: BatchedCall) =>
      (count: number, took: number): void => {
        writes.observe({ call }, count);
        seconds.observe({ call }, took);
      },
  };
}
