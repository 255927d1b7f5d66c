import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestMetrics } from './request-metrics.js';

const BUCKETS = [0.001, 0.01, 0.1];

describe('RequestMetrics', () => {
  it('renders counts and a histogram exactly as prom-client Counter and Histogram would', async () => {
    const registry = new Registry();
    const metrics = new RequestMetrics({
      registry,
      countName: 'http_requests_total',
      countHelp: 'Requests',
      timeName: 'http_request_duration_seconds',
      timeHelp: 'Time',
      buckets: BUCKETS,
    });
    const reference = new Registry();
    const histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time',
      labelNames: ['method', 'route'],
      buckets: BUCKETS,
      registers: [reference],
    });
    const observations: [string, string, number, number][] = [
      ['GET', '/prod/a', 200, 0.0005],
      ['GET', '/prod/a', 200, 0.001],
      ['GET', '/prod/a', 404, 0.05],
      ['POST', '/prod/b', 200, 3],
    ];
    for (const [method, route, status, seconds] of observations) {
      metrics.record(method, route, status, seconds);
      histogram.observe({ method, route }, seconds);
    }
    const text = await registry.metrics();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/prod\/a",status="200"\} 2$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/prod\/a",status="404"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="POST",route="\/prod\/b",status="200"\} 1$/m);
    const ours = text.slice(text.indexOf('# HELP http_request_duration_seconds'));
    expect(ours.trim()).toBe((await reference.metrics()).trim());
  });
});
