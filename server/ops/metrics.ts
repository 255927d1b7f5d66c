import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  gameCreated(): void;
  responseLogged(): void;
}

/**
 * Prometheus metrics of one app: requests and latency by route, open live sockets, games and
 * responses created. Each app has its own registry, so tests can build many apps side by side.
 */
export function registerMetrics(app: FastifyInstance, liveSockets: () => number): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new Gauge({
    name: 'live_sockets_open',
    help: 'Live scoreboard sockets currently open',
    registers: [registry],
    collect() {
      this.set(liveSockets());
    },
  });
  const games = new Counter({ name: 'games_created_total', help: 'Games created', registers: [registry] });
  const responses = new Counter({
    name: 'responses_logged_total',
    help: 'Friend responses logged',
    registers: [registry],
  });

  // Each label set's counter and histogram, looked up once: labelled inc/observe hash the labels every time.
  const series = new Map<
    string,
    { count: ReturnType<typeof requests.labels>; time: ReturnType<typeof latency.labels> }
  >();
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the URL, so ids do not explode the label set.
    const route = request.routeOptions.url ?? 'not-found';
    const status = String(reply.statusCode);
    const key = `${request.method} ${route} ${status}`;
    let found = series.get(key);
    if (!found) {
      found = {
        count: requests.labels({ method: request.method, route, status }),
        time: latency.labels({ method: request.method, route }),
      };
      series.set(key, found);
    }
    found.count.inc();
    found.time.observe(reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });

  return { registry, gameCreated: () => games.inc(), responseLogged: () => responses.inc() };
}
