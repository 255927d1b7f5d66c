/**
 * Past one machine: one instance versus two on the same PostgreSQL database (SQLite's one
 * instance for reference), and how long a score logged on instance A takes to reach a live
 * socket on instance B.
 *   npx tsx bench/instances.ts [seconds per load = 5] [live rounds = 300] [repeats = 3] [buses = notify]
 * `buses` lists what carries events between the two instances: `notify` (LISTEN/NOTIFY) and/or
 * `redis` (BUS_URL=BENCH_REDIS_URL, default redis://127.0.0.1:6379).
 * Needs PostgreSQL (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres): it
 * creates a throw-away database there and drops it at the end.
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { WebSocket } from 'ws';
import { createGame, DEFAULT_POSTGRES_URL, freshDatabase, percentile, post, startServer } from './harness.js';

const ROOT = resolve(import.meta.dirname, '..');
const ms = (value: number) => `${value.toFixed(1)} ms`;

const adminUrl = DEFAULT_POSTGRES_URL;
const [seconds = 5, liveRounds = 300, repeats = 3] = process.argv.slice(2, 5).map(Number);
const buses = (process.argv[5] ?? 'notify').split(',');
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Friends answer many games at once (one group chat each), not one: responses spread over these. */
const GAMES = 50;
const CONNECTIONS = 20;
const env = { MAX_PLAYERS_PER_GAME: '1000000', DATABASE_POOL_SIZE: '10' };

function responseBody(gameId: string, rounds: number) {
  return JSON.stringify({
    gameId,
    playerId: crypto.randomUUID(),
    userName: 'Load',
    responseSet: Array.from({ length: rounds }, () => Math.floor(Math.random() * 101)),
  });
}

/** Runs the same load against every instance at once (connections split evenly); total req/s and worst p99. */
async function load(urls: string[], options: (url: string) => autocannon.Options) {
  const results = await Promise.all(
    urls.map((url) => autocannon({ connections: CONNECTIONS / urls.length, duration: seconds, ...options(url) })),
  );
  return {
    rps: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}

async function throughput(label: string, urls: string[]) {
  const games = await Promise.all(Array.from({ length: GAMES }, () => createGame(urls[0])));
  const board = games[0];
  for (let i = 0; i < 50; i++)
    await post(`${urls[0]}/prod/log-response`, JSON.parse(responseBody(board.gameId, board.rounds)));
  const players = await load(urls, (url) => ({ url: `${url}/prod/get-all-players?gameId=${board.gameId}` }));
  const pick = () => games[Math.floor(Math.random() * games.length)];
  const writes = await load(urls, (url) => ({
    url: `${url}/prod/log-response`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    setupClient(client) {
      const next = () => {
        const game = pick();
        client.setBody(responseBody(game.gameId, game.rounds));
      };
      next();
      client.on('response', next);
    },
  }));
  return { label, players, writes };
}

/** Log-response on A, one at a time; the delay from A's answer to the score on a socket of B (and of A). */
async function crossInstance(a: string, b: string) {
  const { gameId, rounds } = await createGame(a);
  const arrivals = new Map<string, { a?: number; b?: number }>();
  const open = (url: string, key: 'a' | 'b') =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(`${url.replace('http', 'ws')}/prod/live/${gameId}`);
      socket.on('message', (data) => {
        const message = JSON.parse(String(data));
        if (message.type === 'snapshot') return resolve(socket);
        const seen = arrivals.get(message.player.playerName) ?? {};
        seen[key] = performance.now();
        arrivals.set(message.player.playerName, seen);
      });
      socket.on('error', reject);
    });
  const sockets = [await open(a, 'a'), await open(b, 'b')];
  const onB: number[] = [];
  const onA: number[] = [];
  for (let round = 0; round < liveRounds; round++) {
    const name = `friend-${round}`;
    // post() throws unless the answer is 200.
    await post(`${a}/prod/log-response`, { ...JSON.parse(responseBody(gameId, rounds)), userName: name });
    const answered = performance.now();
    while (arrivals.get(name)?.a === undefined || arrivals.get(name)?.b === undefined) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const seen = arrivals.get(name) as { a: number; b: number };
    onB.push(seen.b - answered);
    onA.push(seen.a - answered);
  }
  for (const socket of sockets) socket.terminate();
  const stats = (values: number[]) => ({
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: Math.max(...values),
  });
  return { onB: stats(onB), onA: stats(onA) };
}

const loadAverage = () => loadavg()[0].toFixed(1);
const median = (values: number[]) => percentile(values, 50);

console.log(`Wavelength instances benchmark on Node ${process.version}, ${new Date().toISOString()}`);
console.log(`${seconds} s per load, ${CONNECTIONS} connections in all, log-response spread over ${GAMES} games,`);
console.log(`${repeats} rounds of the setups in turn (medians below); load average before: ${loadAverage()}\n`);

type Result = Awaited<ReturnType<typeof throughput>>;
const results = new Map<string, Result[]>();
const record = (result: Result) => results.set(result.label, [...(results.get(result.label) ?? []), result]);
const live = new Map<string, Awaited<ReturnType<typeof crossInstance>>>();

for (let repeat = 0; repeat < repeats; repeat++) {
  const sqlite = await startServer('sqlite', ROOT, env);
  record(await throughput('SQLite, 1 instance', [sqlite.url]));
  await sqlite.stop();

  const single = await freshDatabase(adminUrl);
  const one = await startServer('postgres', ROOT, { ...env, DATABASE_URL: single.url });
  record(await throughput('PostgreSQL, 1 instance', [one.url]));
  await one.stop();
  await single.drop();

  for (const bus of buses) {
    const shared = await freshDatabase(adminUrl);
    const busEnv: Record<string, string> = bus === 'redis' ? { BUS_URL: redisUrl } : {};
    const [a, b] = await Promise.all([
      startServer('postgres-a', ROOT, { ...env, ...busEnv, DATABASE_URL: shared.url }),
      startServer('postgres-b', ROOT, { ...env, ...busEnv, DATABASE_URL: shared.url }),
    ]);
    const label = bus === 'redis' ? 'PostgreSQL, 2, Redis bus' : 'PostgreSQL, 2 instances';
    record(await throughput(label, [a.url, b.url]));
    if (repeat === 0) live.set(label, await crossInstance(a.url, b.url));
    await Promise.all([a.stop(), b.stop()]);
    await shared.drop();
  }
}

console.log('setup                      get-all-players (50)          log-response');
console.log('                           req/s  p50 ms  p99 ms  err    req/s  p50 ms  p99 ms  err');
for (const [label, runs] of results) {
  const cells = (pick: (r: Result) => Result['players']) => {
    const of = (key: 'rps' | 'p50' | 'p99') => median(runs.map((r) => pick(r)[key]));
    const errors = runs.reduce((sum, r) => sum + pick(r).errors, 0);
    return `${String(of('rps')).padStart(5)} ${String(of('p50')).padStart(7)} ${String(of('p99')).padStart(7)} ${String(errors).padStart(4)}`;
  };
  console.log(`${label.padEnd(26)} ${cells((r) => r.players)}   ${cells((r) => r.writes)}`);
  console.log(
    `${''.padEnd(26)} req/s of each round: ${runs.map((r) => `${r.players.rps}/${r.writes.rps}`).join(', ')}`,
  );
}
for (const [label, delays] of live) {
  console.log(`\nCross-instance live delivery (${label}), ${liveRounds} responses logged one at a time on A:`);
  console.log(
    `  A's answer -> socket on B: p50 ${ms(delays.onB.p50)}, p99 ${ms(delays.onB.p99)}, max ${ms(delays.onB.max)}`,
  );
  console.log(
    `  A's answer -> socket on A: p50 ${ms(delays.onA.p50)}, p99 ${ms(delays.onA.p99)}, max ${ms(delays.onA.max)}`,
  );
  console.log("  (negative: the socket had the score before A's HTTP answer reached the benchmark)");
}
console.log(`load average after: ${loadAverage()}`);
