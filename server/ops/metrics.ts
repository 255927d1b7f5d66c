import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { RequestMetrics } from './request-metrics.js';

export interface Metrics {
  registry: Registry;
  gameCreated(): void;
  responseLogged(): void;
}

/**
 * prom-client's default metrics that walk every handle, resource or open file at each scrape:
 * with 10,000 live sockets a scrape held the event loop 40–115 ms (bench/games.ts, issue 38), and
 * Prometheus scrapes every 15 s. `live_sockets_open` counts what matters of them for nothing.
 */
export const SCRAPE_COSTS_PER_SOCKET = [
  'nodejs_active_handles',
  'nodejs_active_handles_total',
  'nodejs_active_resources',
  'nodejs_active_resources_total',
  'process_open_fds',
];

/**
 * Prometheus metrics of one app: requests and latency by route, open live sockets, games and
 * responses created, and, with several instances, whether this one hears the others' events and
 * the storage's own (`storageMetrics`: PostgreSQL's write batches).
 * Each app has its own registry, so tests can build many apps side by side.
 */
export function registerMetrics(
  app: FastifyInstance,
  liveSockets: () => number,
  busConnected?: () => boolean,
  storageMetrics?: Registry,
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of SCRAPE_COSTS_PER_SOCKET) registry.removeSingleMetric(name);

  const requests = new RequestMetrics({
    registry,
    countName: 'http_requests_total',
    countHelp: 'HTTP requests answered, by method, route and status code',
    timeName: 'http_request_duration_seconds',
    timeHelp: 'Time to answer an HTTP request, by method and route',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  });
  new Gauge({
    name: 'live_sockets_open',
    help: 'Live scoreboard sockets currently open',
    registers: [registry],
    collect() {
      this.set(liveSockets());
    },
  });
  if (busConnected) {
    new Gauge({
      name: 'bus_connected',
      help: "1 while this instance hears the other instances' live events (PostgreSQL LISTEN, or the BUS_URL Redis subscription), 0 while it reconnects",
      registers: [registry],
      collect() {
        this.set(busConnected() ? 1 : 0);
      },
    });
  }
  const games = new Counter({ name: 'games_created_total', help: 'Games created', registers: [registry] });
  const responses = new Counter({
    name: 'responses_logged_total',
    help: 'Friend responses logged',
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the URL, so ids do not explode the label set.
    requests.record(
      request.method,
      request.routeOptions.url ?? 'not-found',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  // The storage's own (PostgreSQL's write batches) beside them.
  const shown = storageMetrics ? Registry.merge([registry, storageMetrics]) : registry;
  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    reply.type(shown.contentType);
    return shown.metrics();
  });

  return { registry, gameCreated: () => games.inc(), responseLogged: () => responses.inc() };
}
