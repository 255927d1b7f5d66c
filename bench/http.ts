/**
 * HTTP throughput of the hot calls, each server against a bare Fastify answering the same bytes,
 * with each server's CPU time per request (steadier than req/s on a shared machine).
 * Every server runs in its own process; rounds alternate between them (A, B, then B, A, …) so that
 * a change in the machine's load hits all of them alike. The figure is the median of the rounds.
 */
import autocannon from 'autocannon';
import {
  type BareBodies,
  cpuBetween,
  cpuMicros,
  createGame,
  friend,
  loadavg,
  median,
  post,
  type Running,
  startBare,
  startPostgresServer,
  startServer,
} from './harness.js';

interface HttpOptions {
  rounds: number;
  seconds: number;
  connections: number;
  /** Each server again on a fresh PostgreSQL database of this server (hot calls only); none if undefined. */
  postgres?: string;
  /**
   * With `postgres`: this checkout's server once more on PostgreSQL, its events over this Redis
   * (BUS_URL) instead of LISTEN/NOTIFY; none if undefined.
   */
  redis?: { url: string; server: string };
}

/** The name of a server's PostgreSQL run. */
export const onPostgres = (name: string) => `${name}-pg`;
/** The name of a server's PostgreSQL run with the Redis bus. */
export const onPostgresRedis = (name: string) => `${name}-pg-redis`;

/** The games one server is measured on. */
interface Fixture {
  questions: string;
  /** A game with 50 friends (a realistic scoreboard). */
  board: string;
  joinGame: string;
  /** Per round (0 = warm-up): new games that log-response spreads its new friends over. */
  pools: string[][];
  rounds: number;
}

const POOL = 10;

async function prepare(url: string, options: HttpOptions): Promise<Fixture> {
  const board = await createGame(url);
  for (let i = 0; i < 50; i++)
    await post(`${url}/prod/log-response`, friend(board.gameId, board.rounds, `Friend ${i}`));
  const pools: string[][] = [];
  for (let round = 0; round <= options.rounds; round++) {
    pools.push(await Promise.all(Array.from({ length: POOL }, async () => (await createGame(url)).gameId)));
  }
  return {
    questions: await (await fetch(`${url}/prod/get-questions?gametype=spectrum`)).text(),
    board: board.gameId,
    joinGame: (await createGame(url)).gameId,
    pools,
    rounds: board.rounds,
  };
}

/** The bytes the real server answers for the fixture's games, for the bare server to send back. */
async function bodiesOf(url: string, fx: Fixture, into: BareBodies) {
  into.questions ||= fx.questions;
  into.players[fx.board] = await (await fetch(`${url}/prod/get-all-players?gameId=${fx.board}`)).text();
  into.join[fx.joinGame] = await post(`${url}/prod/join-game`, { gameId: fx.joinGame });
  for (const pool of fx.pools) {
    for (const gameId of pool) into.log[gameId] = await post(`${url}/prod/log-response`, friend(gameId, fx.rounds));
  }
}

const JSON_HEADERS = { 'content-type': 'application/json' };

interface Call {
  name: string;
  /** Shown in the summary (the goals); the others are for information. */
  hot: boolean;
  /** The path, and what autocannon needs besides (method, body, a request generator). */
  options(fx: Fixture, round: number): { path: string; extra?: Partial<autocannon.Options> };
}

const CALLS: Call[] = [
  { name: 'get-all-players (50)', hot: true, options: (fx) => ({ path: `/prod/get-all-players?gameId=${fx.board}` }) },
  {
    name: 'log-response (new friend)',
    hot: true,
    options(fx, round) {
      const pool = fx.pools[round];
      let next = 0;
      const requests: autocannon.Request[] = [
        {
          method: 'POST',
          path: '/prod/log-response',
          headers: JSON_HEADERS,
          setupRequest(request) {
            const gameId = pool[next++ % pool.length];
            return { ...request, body: JSON.stringify(friend(gameId, fx.rounds)) };
          },
        },
      ];
      return { path: '/prod/log-response', extra: { requests } };
    },
  },
  {
    name: 'join-game',
    hot: false,
    options: (fx) => ({
      path: '/prod/join-game',
      extra: { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ gameId: fx.joinGame }) },
    }),
  },
  { name: 'get-questions', hot: false, options: () => ({ path: '/prod/get-questions?gametype=spectrum' }) },
];

interface HttpRow {
  call: string;
  hot: boolean;
  /** Per server name: req/s of each round. */
  rps: Map<string, number[]>;
  /** Per server name: the server process's CPU time (user + system) per request in µs, each round. */
  cpu: Map<string, number[]>;
  /** Per PostgreSQL server name: its database backends' CPU time per request in µs, each round. */
  dbCpu: Map<string, number[]>;
  bytes: Map<string, number>;
  errors: Map<string, number>;
}

async function measure(server: Running, call: ReturnType<Call['options']>, seconds: number, connections: number) {
  const database = await server.databaseCpu?.();
  const cpu = cpuMicros(server.pid);
  const result = await autocannon({ url: server.url + call.path, connections, duration: seconds, ...call.extra });
  const used = cpuMicros(server.pid) - cpu;
  const databaseAfter = database && (await server.databaseCpu?.());
  return {
    rps: result.requests.total / result.duration,
    cpu: used / result.requests.total,
    dbCpu: database && databaseAfter ? cpuBetween(database, databaseAfter) / result.requests.total : undefined,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** Measures the real servers `servers` (name → checkout) against one bare Fastify. */
export async function httpBench(servers: [string, string][], options: HttpOptions) {
  const load = [loadavg()];
  const reals: Running[] = [];
  const fixtures = new Map<string, Fixture>();
  const bodies: BareBodies = { questions: '', join: {}, players: {}, log: {} };
  try {
    for (const [name, dir] of servers) {
      const server = await startServer(name, dir);
      reals.push(server);
      const fx = await prepare(server.url, options);
      await bodiesOf(server.url, fx, bodies);
      fixtures.set(name, fx);
    }
    if (options.postgres) {
      for (const [name, dir] of servers) {
        const server = await startPostgresServer(onPostgres(name), dir, options.postgres);
        reals.push(server);
        fixtures.set(server.name, await prepare(server.url, options));
      }
      const redis = options.redis;
      const dir = servers.find(([name]) => name === redis?.server)?.[1];
      if (redis && dir) {
        const server = await startPostgresServer(onPostgresRedis(redis.server), dir, options.postgres, {
          BUS_URL: redis.url,
        });
        reals.push(server);
        fixtures.set(server.name, await prepare(server.url, options));
      }
    }
    const bare = await startBare(bodies);
    reals.push(bare);
    // The bare server answers the first server's games with that server's bytes.
    fixtures.set('bare', fixtures.get(servers[0][0]) as Fixture);
    const all = [...reals];
    const rows: HttpRow[] = CALLS.map((call) => ({
      call: call.name,
      hot: call.hot,
      rps: new Map(all.map((s) => [s.name, []])),
      cpu: new Map(all.map((s) => [s.name, []])),
      dbCpu: new Map(all.map((s) => [s.name, []])),
      bytes: new Map(),
      errors: new Map(all.map((s) => [s.name, 0])),
    }));
    // The reply sizes of the scoreboard, to show that the bare server answers the same bytes.
    for (const s of all) {
      const request = CALLS[0].options(fixtures.get(s.name) as Fixture, 0);
      rows[0].bytes.set(s.name, (await (await fetch(s.url + request.path)).arrayBuffer()).byteLength);
    }
    for (let round = 0; round <= options.rounds; round++) {
      // Round 0 warms every server up (1 s per call) and is not counted.
      const order = all.map((_, i) => all[(i + round) % all.length]);
      for (const [i, call] of CALLS.entries()) {
        for (const s of order) {
          // PostgreSQL: the calls of the goals only, to keep the run short.
          if (s.databaseCpu && !call.hot) continue;
          const request = call.options(fixtures.get(s.name) as Fixture, round);
          const seconds = round === 0 ? 1 : options.seconds;
          const { rps, cpu, dbCpu, errors } = await measure(s, request, seconds, options.connections);
          if (round === 0) continue;
          rows[i].rps.get(s.name)?.push(rps);
          rows[i].cpu.get(s.name)?.push(cpu);
          if (dbCpu !== undefined) rows[i].dbCpu.get(s.name)?.push(dbCpu);
          rows[i].errors.set(s.name, (rows[i].errors.get(s.name) ?? 0) + errors);
        }
      }
      load.push(loadavg());
    }
    return { rows, servers: all.map((s) => s.name), load, options };
  } finally {
    await Promise.all(reals.map((s) => s.stop()));
  }
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');

export function printHttp(result: Awaited<ReturnType<typeof httpBench>>) {
  const { rows, servers, load, options } = result;
  console.log(
    `\nHTTP: req/s with ${options.connections} connections, ${options.rounds} rounds × ${options.seconds} s per server, alternating`,
  );
  console.log(
    `  servers at LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? 'info'} (the default: one line per request); bare Fastify logs nothing`,
  );
  console.log(`  load average before/after each round: ${load.join(' | ')}`);
  console.log(
    `  ${'call'.padEnd(26)}${'server'.padEnd(10)}${'rounds (req/s)'.padEnd(30)}${'median'.padStart(8)}  spread  ×bare  CPU µs/req  DB µs/req  errors`,
  );
  for (const row of rows) {
    const bare = median(row.rps.get('bare') ?? []);
    let first = true;
    for (const name of servers) {
      const rps = row.rps.get(name) ?? [];
      if (rps.length === 0) continue;
      const ratio = name === 'bare' ? '' : (median(rps) / bare).toFixed(2);
      const label = first ? row.call : '';
      first = false;
      const cpu = median(row.cpu.get(name) ?? []).toFixed(1);
      const db = row.dbCpu.get(name)?.length ? median(row.dbCpu.get(name) ?? []).toFixed(1) : '';
      console.log(
        `  ${label.padEnd(26)}${name.padEnd(10)}${rps.map(int).join(' ').padEnd(30)}${int(median(rps)).padStart(8)}  ${spread(rps).padStart(6)}  ${ratio.padStart(5)}  ${cpu.padStart(10)}  ${db.padStart(9)}  ${row.errors.get(name)}`,
      );
    }
    if (row.bytes.size > 0) {
      const sizes = [...row.bytes].map(([name, bytes]) => `${name} ${bytes} B`).join(', ');
      console.log(`  ${''.padEnd(26)}reply body: ${sizes}`);
    }
  }
  console.log('  spread: (highest − lowest round) / median; DB µs: the PostgreSQL backends serving that server');
}

/** How far the rounds lie apart: (max − min) / median, in percent. */
export function spread(values: number[]): string {
  if (values.length === 0) return '';
  return `±${((50 * (Math.max(...values) - Math.min(...values))) / median(values)).toFixed(0)}%`;
}
