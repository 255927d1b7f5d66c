/**
 * The load real games make (issue 38, item 2): `games` games, each watched by `watchers` live
 * sockets (tracked sockets of the client processes, bench/workers.ts), `friends` friends playing
 * each game at once round by round (ten answer-round, then one log-response with the same
 * answers), `rate` answer-round per second in all, for `seconds`; a finished friend's place on a
 * game goes to a new friend. Open loop (bench/games-load.ts): requests leave on schedule, at most
 * `inFlight` at once, and every latency counts from the scheduled time.
 *
 * The run starts in the steady state: before it, each friend has played a random share of their
 * rounds (uniform over 0..10 requests done, sent closed-loop and not measured), and their first
 * requests are spread evenly over one gap.
 *
 * Measured: answer-round and log-response latency (scheduled send -> reply), delivery of every
 * `playing` and `player` message to every watcher socket (scheduled send -> the socket has it; all
 * of them, none sampled), each server's RSS every second (printed every 10 s, with the slope after
 * the first 10 s), and CPU (servers, PostgreSQL backends, and the bench's own processes).
 * Setups: SQLite (one instance), and PostgreSQL with two instances and the Redis bus (friends write
 * to both, each game's watchers on both: delivery on the instance that took the write and on the
 * other one, apart).
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { WebSocket } from 'ws';
import { freePort } from '../server/testing/process.js';
import { type Friend, postJson, runLoad, type Slot } from './games-load.js';
import {
  backendsCpu,
  cpuBetween,
  cpuMicros,
  createGame,
  freshDatabase,
  loadavg,
  median,
  now,
  percentile,
  type Running,
  rssKiB,
  startServer,
} from './harness.js';
import { LiveClients } from './workers.js';

export interface GamesOptions {
  seconds: number;
  /** answer-round per second, in all. */
  rate: number;
  games: number;
  watchers: number;
  /** Friends playing each game at once. */
  friends: number;
  /** Requests in flight at most. */
  inFlight: number;
  /** The PostgreSQL setup (two instances, Redis bus) when both are given. */
  postgres?: string;
  redis?: string;
}

const CLIENT_PROCESSES = 2;
/** Seeding (closed loop, not measured): requests at once per instance. */
const SEED_CONCURRENCY = 16;
/** Latency and delivery per window of this many ms (the spread printed beside the whole run's). */
const WINDOW_MS = 10_000;

/** Latencies (ms) by the window of their scheduled time. */
class Windows {
  readonly all: number[] = [];
  readonly byWindow: number[][] = [];
  add(window: number, value: number) {
    this.all.push(value);
    this.byWindow[window] ??= [];
    this.byWindow[window].push(value);
  }
  p(q: number) {
    return this.all.length > 0 ? percentile(this.all, q) : Number.NaN;
  }
  /** The p-th percentile of each window that has values. */
  perWindow(q: number) {
    return this.byWindow.filter((w) => w?.length > 0).map((w) => percentile(w, q));
  }
}

/** One call's figures: latency from the scheduled time (and from the moment it left, the instrument's own lag taken out). */
interface Call {
  latency: Windows;
  fromSent: number[];
  errors: Map<number, number>;
  count: number;
}

export interface GamesSetupResult {
  label: string;
  instances: string[];
  friendsTotal: number;
  gapMs: number;
  load: string[];
  seedSeconds: number;
  openSeconds: number;
  calls: Map<string, Call>;
  /** Delivery by message and by where the socket is: `playing`/`player`, `same`/`other` instance. */
  delivery: Map<string, Windows>;
  expected: number;
  arrived: number;
  /** Snapshots sockets received after their first (rooms resynced: a gap on the bus). */
  resnapshots: number;
  lagP99: number;
  peakInFlight: number;
  waitedOnBound: number;
  skipped: number;
  /** Per instance: RSS KiB each second of the run. */
  rss: number[][];
  /** CPU µs over the run: per instance, the database's backends, the bench's driver and client processes. */
  cpu: { servers: number[]; database?: number; driver: number; clients: number };
  /** Per instance: µs its main thread waited for a CPU over the run; worst event-loop stall of the run; GC ms over the run; how long a /metrics scrape took. */
  waited: number[];
  lagMaxMs: number[];
  scrapeMs: number[];
  /** Per instance: live heap MiB after a full collection, before and after the run. */
  heap: [number, number][];
  /** Friends who finished (log-response answered) during the run. */
  finished: number;
  gcMs: number[];
  majorGcMs: number[];
  durationMs: number;
  requests: number;
}

/** Waited for a CPU so far (µs): the run-queue time of the process' main thread (Linux schedstat). */
export function runQueueMicros(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1000;
}

/**
 * The server's own view, from its /metrics: its worst event-loop stall since the previous scrape,
 * GC time so far, and how long the scrape took (prom-client's default metrics list every handle
 * and open file: with many sockets a scrape is not free, so it is read only before and after).
 */
async function serverView(url: string) {
  const began = now();
  const text = await (await fetch(`${url}/metrics`)).text();
  const took = now() - began;
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);
  let gc = 0;
  for (const match of text.matchAll(/^nodejs_gc_duration_seconds_sum\{kind="(\w+)"\} (\S+)$/gm)) gc += Number(match[2]);
  return {
    lagMaxMs: value(/^nodejs_eventloop_lag_max_seconds (\S+)$/m) * 1000,
    gcMs: gc * 1000,
    majorGcMs: value(/^nodejs_gc_duration_seconds_sum\{kind="major"\} (\S+)$/m) * 1000 || 0,
    took,
  };
}

/**
 * The server's live heap in MiB: a full collection, then the heap in use, through its inspector
 * (the bench starts it with NODE_OPTIONS=--inspect on `port`; nothing is attached in between).
 */
async function liveHeapMiB(port: number): Promise<number> {
  const [{ webSocketDebuggerUrl }] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(webSocketDebuggerUrl);
  await once(socket, 'open');
  const call = (id: number, method: string) =>
    new Promise<{ usedSize?: number }>((resolve) => {
      const onMessage = (data: unknown) => {
        const message = JSON.parse(String(data)) as { id?: number; result: { usedSize?: number } };
        if (message.id !== id) return;
        socket.off('message', onMessage);
        resolve(message.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    await call(1, 'HeapProfiler.collectGarbage');
    return ((await call(2, 'Runtime.getHeapUsage')).usedSize ?? Number.NaN) / 2 ** 20;
  } finally {
    socket.close();
  }
}

/** Least-squares slope of `values` (one a second) over their index, per minute. */
export function slopePerMinute(values: number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const mx = (n - 1) / 2;
  const my = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  });
  return (num / den) * 60;
}

/** Friends' places of the run, with friends already part-way (the steady state). */
function makeSlots(options: GamesOptions, games: { gameId: string; rounds: number }[], instances: number) {
  let made = 0;
  const newFriend = (game: number): Friend => {
    const { gameId, rounds } = games[game];
    const n = made++;
    return {
      gameId,
      playerId: crypto.randomUUID(),
      name: `f${n.toString(36)}`,
      answers: Array.from({ length: rounds }, () => Math.floor(Math.random() * 101)),
      sent: 0,
      previous: Promise.resolve(),
      broken: false,
      // Writers alternate over the instances, friend by friend.
      instance: n % instances,
    };
  };
  const slots: Slot[] = [];
  for (let game = 0; game < games.length; game++) {
    for (let i = 0; i < options.friends; i++) {
      const friend = newFriend(game);
      // Requests already done: 0..rounds (rounds: only the log-response is left).
      friend.sent = Math.floor(Math.random() * (games[game].rounds + 1));
      slots.push({ game, friend, due: 0 });
    }
  }
  return { slots, newFriend };
}

/** Stores the rounds each friend has already played, closed loop, SEED_CONCURRENCY at once per instance. */
async function seed(slots: Slot[], instances: { url: string; agent: Agent }[]) {
  const work = slots.filter((s) => s.friend.sent > 0);
  await Promise.all(
    instances.map(async ({ url, agent }, index) => {
      const mine = work.filter((s) => s.friend.instance === index);
      let next = 0;
      await Promise.all(
        Array.from({ length: SEED_CONCURRENCY }, async () => {
          while (next < mine.length) {
            const { friend } = mine[next++];
            for (let round = 0; round < friend.sent; round++) {
              const status = await postJson(agent, new URL('/prod/answer-round', url), {
                gameId: friend.gameId,
                playerId: friend.playerId,
                userName: friend.name,
                round,
                answer: friend.answers[round],
              });
              if (status !== 200) throw new Error(`seeding: answer-round answered ${status}`);
            }
          }
        }),
      );
    }),
  );
}

/** One setup: `servers` share one database (one SQLite server, or PostgreSQL instances). */
async function runSetup(
  label: string,
  servers: Running[],
  inspectors: number[],
  options: GamesOptions,
  database?: () => Promise<Map<number, number>>,
): Promise<GamesSetupResult> {
  const load = [loadavg()];
  const instances = servers.map((s) => ({ url: s.url, agent: new Agent({ keepAlive: true, maxSockets: 256 }) }));
  // Games made through every instance in turn, 20 at once.
  const games: { gameId: string; rounds: number }[] = [];
  for (let i = 0; i < options.games; i += 20) {
    const batch = Math.min(20, options.games - i);
    games.push(
      ...(await Promise.all(
        Array.from({ length: batch }, (_, j) => createGame(servers[(i + j) % servers.length].url)),
      )),
    );
  }
  const { slots, newFriend } = makeSlots(options, games, servers.length);
  const rounds = games[0].rounds;
  const friendsTotal = slots.length;
  // answer-round per second = friends × rounds / ((rounds + 1) × gap).
  const gapMs = (friendsTotal * rounds * 1000) / ((rounds + 1) * options.rate);
  let at = now();
  await seed(slots, instances);
  const seedSeconds = (now() - at) / 1000;

  // Watchers: each game's spread over the instances in turn.
  const clients = new LiveClients(CLIENT_PROCESSES);
  const expectations = new Map<string, { due: number; instance: number }>();
  const delivery = new Map<string, Windows>();
  let expected = 0;
  let arrived = 0;
  let start = 0;
  let resnapshots = 0;
  const onArrivals = (group: string, keys: string[], times: number[]) => {
    const instance = servers.findIndex((s) => s.name === group);
    keys.forEach((key, i) => {
      if (key === 'snapshot') resnapshots += 1;
      const sent = expectations.get(key);
      if (!sent) return;
      arrived += 1;
      const kind = `${key.endsWith('#done') ? 'player' : 'playing'} ${sent.instance === instance ? 'same' : 'other'}`;
      if (!delivery.has(kind)) delivery.set(kind, new Windows());
      delivery.get(kind)?.add(Math.floor((sent.due - start) / WINDOW_MS), times[i] - sent.due);
    });
  };
  try {
    at = now();
    for (const [index, server] of servers.entries()) {
      const urls: string[] = [];
      for (const [g, { gameId }] of games.entries()) {
        for (let w = 0; w < options.watchers; w++) {
          if ((g + w) % servers.length === index) urls.push(`${server.url.replace('http', 'ws')}/prod/live/${gameId}`);
        }
      }
      await clients.watch(server.name, urls, onArrivals);
    }
    const openSeconds = (now() - at) / 1000;
    load.push(loadavg());

    // Read before the run (a full collection, a scrape, a query), so none of it delays its start.
    const heapBefore = await Promise.all(inspectors.map(liveHeapMiB));
    const viewBefore = await Promise.all(servers.map((s) => serverView(s.url)));
    const dbBefore = await database?.();
    // The run: first requests spread evenly over one gap, in a random order.
    for (let i = slots.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [slots[i], slots[j]] = [slots[j], slots[i]];
    }
    start = now() + 200;
    slots.forEach((slot, i) => {
      slot.due = start + (i * gapMs) / slots.length;
    });
    const rss: number[][] = servers.map(() => []);
    const sampleRss = setInterval(() => {
      for (const [i, s] of servers.entries()) rss[i].push(rssKiB(s.pid));
    }, 1000);
    const waitedBefore = servers.map((s) => runQueueMicros(s.pid));
    const cpuBefore = servers.map((s) => cpuMicros(s.pid));
    const driverBefore = process.cpuUsage();
    const clientsBefore = clients.pids.map(cpuMicros);
    const lags: number[] = [];
    const result = await runLoad(slots, {
      instances,
      newFriend,
      gap: gapMs,
      start,
      seconds: options.seconds,
      maxInFlight: options.inFlight,
      onDispatch: (key, due, instance) => {
        expectations.set(key, { due, instance });
        lags.push(now() - due);
      },
      // Each of the game's watchers should have the message.
      onStored: () => {
        expected += options.watchers;
      },
    });
    const durationMs = now() - start;
    clearInterval(sampleRss);
    const waited = servers.map((s, i) => runQueueMicros(s.pid) - waitedBefore[i]);
    const viewAfter = await Promise.all(servers.map((s) => serverView(s.url)));
    const cpu = {
      servers: servers.map((s, i) => cpuMicros(s.pid) - cpuBefore[i]),
      database: dbBefore ? cpuBetween(dbBefore, (await database?.()) ?? new Map()) : undefined,
      driver: (({ user, system }) => user + system)(process.cpuUsage(driverBefore)),
      clients: clients.pids.map(cpuMicros).reduce((sum, c, i) => sum + c - clientsBefore[i], 0),
    };
    // The last arrivals are reported within 100 ms; a second is plenty.
    const waitUntil = now() + 3000;
    while (arrived < expected && now() < waitUntil) await new Promise((resolve) => setTimeout(resolve, 100));
    const heapAfter = await Promise.all(inspectors.map(liveHeapMiB));
    load.push(loadavg());

    const calls = new Map<string, Call>();
    for (const sample of result.samples) {
      const call: Call = calls.get(sample.call) ?? {
        latency: new Windows(),
        fromSent: [],
        errors: new Map(),
        count: 0,
      };
      calls.set(sample.call, call);
      call.count += 1;
      if (sample.status === 200) {
        call.latency.add(Math.floor((sample.due - start) / WINDOW_MS), sample.replied - sample.due);
        call.fromSent.push(sample.replied - sample.sent);
      } else call.errors.set(sample.status, (call.errors.get(sample.status) ?? 0) + 1);
    }
    return {
      label,
      instances: servers.map((s) => s.name),
      friendsTotal,
      gapMs,
      load,
      seedSeconds,
      openSeconds,
      calls,
      delivery,
      expected,
      arrived,
      resnapshots,
      lagP99: percentile(lags, 99),
      peakInFlight: result.peakInFlight,
      waitedOnBound: result.waitedOnBound,
      skipped: result.skipped,
      rss,
      cpu,
      waited,
      lagMaxMs: viewAfter.map((v) => v.lagMaxMs),
      scrapeMs: viewBefore.map((v) => v.took),
      heap: heapBefore.map((before, i) => [before, heapAfter[i]]),
      finished: result.samples.filter((sample) => sample.call === 'log-response' && sample.status === 200).length,
      gcMs: viewAfter.map((v, i) => v.gcMs - viewBefore[i].gcMs),
      majorGcMs: viewAfter.map((v, i) => v.majorGcMs - viewBefore[i].majorGcMs),
      durationMs,
      requests: result.samples.length,
    };
  } finally {
    await clients.close();
    for (const { agent } of instances) agent.destroy();
  }
}

/** This checkout's server (`dir`) on SQLite; then on PostgreSQL, two instances and the Redis bus, when asked. */
export async function gamesBench(dir: string, options: GamesOptions) {
  const results: GamesSetupResult[] = [];
  // Each server's inspector, for its live heap after a full collection (read before and after the run).
  const inspect = async () => {
    const port = await freePort();
    return { port, env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${port}`.trim() } };
  };
  const one = await inspect();
  const sqlite = await startServer('sqlite', dir, one.env);
  try {
    results.push(await runSetup('SQLite, 1 instance', [sqlite], [one.port], options));
  } finally {
    await sqlite.stop();
  }
  if (options.postgres && options.redis) {
    const shared = await freshDatabase(options.postgres);
    const env = { DATABASE_URL: shared.url, BUS_URL: options.redis };
    const servers: Running[] = [];
    try {
      // One after the other: the first migrates the database.
      const inspectors = [await inspect(), await inspect()];
      servers.push(await startServer('pg-a', dir, { ...env, ...inspectors[0].env }));
      servers.push(await startServer('pg-b', dir, { ...env, ...inspectors[1].env }));
      const adminUrl = options.postgres;
      const ports = inspectors.map((i) => i.port);
      results.push(
        await runSetup('PostgreSQL, 2 instances, Redis bus', servers, ports, options, () =>
          backendsCpu(adminUrl, shared.name),
        ),
      );
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await shared.drop();
    }
  }
  return { options, results };
}

const f1 = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
const range = (values: number[]) =>
  values.length > 0 ? `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}` : '—';

/** RSS slope after the first 10 s, MiB per minute, and whether that is flat (rising by at most 1% of the RSS, or 1 MiB, a minute). */
export function rssTrend(rssKiBPerSecond: number[]) {
  const after = rssKiBPerSecond.slice(10);
  const slope = slopePerMinute(after) / 1024;
  const level = (after[0] ?? 0) / 1024;
  return { slope, flat: slope <= Math.max(1, level * 0.01) };
}

export function printGames({ options, results }: Awaited<ReturnType<typeof gamesBench>>) {
  for (const r of results) {
    // The schedule's own length: every request due in it is sent (late ones count their wait).
    const seconds = options.seconds;
    console.log(
      `\nReal games, ${r.label}: ${options.games.toLocaleString('en-US')} games × ${options.watchers} watchers (${(options.games * options.watchers).toLocaleString('en-US')} live sockets, ${CLIENT_PROCESSES} client processes), ${r.friendsTotal.toLocaleString('en-US')} friends at once (${options.friends} a game, a request every ${(r.gapMs / 1000).toFixed(1)} s each)`,
    );
    console.log(
      `  ${options.rate} answer-round/s planned for ${options.seconds} s, open loop (at most ${options.inFlight} in flight); seeding ${r.seedSeconds.toFixed(0)} s, sockets opened in ${r.openSeconds.toFixed(0)} s; load before seeding | before the run | after: ${r.load.join(' | ')}`,
    );
    const rounds = r.calls.get('answer-round');
    const logs = r.calls.get('log-response');
    console.log(
      `  sent: answer-round ${rounds?.count ?? 0} (${((rounds?.count ?? 0) / seconds).toFixed(0)}/s), log-response ${logs?.count ?? 0} (${((logs?.count ?? 0) / seconds).toFixed(0)}/s), the last reply ${((r.durationMs - seconds * 1000) / 1000).toFixed(1)} s after the schedule's end; in flight at most ${r.peakInFlight}, ${r.waitedOnBound} waited on the bound, ${r.skipped} skipped after an error; sender lag p99 ${f1(r.lagP99)} ms`,
    );
    console.log(
      '  latency, scheduled send -> reply (ms)   p50     p99     max   p99 per 10 s             p99 from sent   errors',
    );
    for (const [call, { latency, fromSent, errors }] of r.calls) {
      console.log(
        `    ${call.padEnd(36)}${f1(latency.p(50)).padStart(5)} ${f1(latency.p(99)).padStart(7)} ${f1(latency.p(100)).padStart(7)}   ${latency
          .perWindow(99)
          .map((v) => v.toFixed(0))
          .join(' ')
          .padEnd(
            24,
          )} ${f1(percentile(fromSent, 99)).padStart(13)}   ${[...errors].map(([status, n]) => `${n}× ${status || 'no reply'}`).join(', ') || '0'}`,
      );
    }
    console.log(
      `  delivery, scheduled send -> each watcher socket (ms; every message, none sampled; ${r.arrived.toLocaleString('en-US')} of ${r.expected.toLocaleString('en-US')} arrived; ${r.resnapshots} fresh snapshots after the first, from resyncs)`,
    );
    for (const [kind, windows] of [...r.delivery].sort(([a], [b]) => a.localeCompare(b))) {
      const [message, where] = kind.split(' ');
      const label = `${message} on ${r.instances.length > 1 ? (where === 'same' ? 'the writer’s instance' : 'the other instance') : 'the instance'}`;
      console.log(
        `    ${label.padEnd(36)}${f1(windows.p(50)).padStart(5)} ${f1(windows.p(99)).padStart(7)} ${f1(windows.p(100)).padStart(7)}   ${windows
          .perWindow(99)
          .map((v) => v.toFixed(0))
          .join(' ')}   (${windows.all.length.toLocaleString('en-US')})`,
      );
    }
    for (const [i, name] of r.instances.entries()) {
      const rss = r.rss[i];
      const { slope, flat } = rssTrend(rss);
      const every10 = rss.filter((_, s) => s % 10 === 9 || s === 0).map((kib) => (kib / 1024).toFixed(0));
      console.log(
        `  RSS ${name}, MiB at 1 s and every 10 s: ${every10.join(' ')}; slope after 10 s ${slope >= 0 ? '+' : ''}${slope.toFixed(1)} MiB/min (${flat ? 'flat' : 'rising'})`,
      );
    }
    for (const [i, name] of r.instances.entries()) {
      const [before, after] = r.heap[i];
      console.log(
        `  live heap of ${name} after a full collection: ${before.toFixed(1)} MiB before the run, ${after.toFixed(1)} after (${after >= before ? '+' : ''}${(after - before).toFixed(1)} MiB; ${r.finished.toLocaleString('en-US')} friends finished in the run, ${(((after - before) * 2 ** 20) / Math.max(1, r.finished)).toFixed(0)} bytes each)`,
      );
      console.log(
        `  ${name}'s own view: worst event-loop stall ${f1(r.lagMaxMs[i])} ms; GC ${r.gcMs[i].toFixed(0)} ms (major ${r.majorGcMs[i].toFixed(0)} ms); its main thread waited for a CPU ${((r.waited[i] / r.durationMs / 1000) * 100).toFixed(0)}% of the run; one /metrics scrape took ${f1(r.scrapeMs[i])} ms`,
      );
    }
    const pct = (micros: number) => `${((micros / r.durationMs / 1000) * 100).toFixed(0)}%`;
    console.log(
      `  CPU (share of one core over the run; µs per request): ${r.instances
        .map((name, i) => `${name} ${pct(r.cpu.servers[i])} (${(r.cpu.servers[i] / r.requests).toFixed(0)})`)
        .join(', ')}${
        r.cpu.database === undefined
          ? ''
          : `, PostgreSQL backends ${pct(r.cpu.database)} (${(r.cpu.database / r.requests).toFixed(0)})`
      }; the bench's own: driver ${pct(r.cpu.driver)}, client processes ${pct(r.cpu.clients)}`,
    );
  }
}

/** The goal rows of run.ts's summary: p99 of the run, with the range of its 10-s windows' p99. */
export function gamesGoals({ results }: Awaited<ReturnType<typeof gamesBench>>): string[] {
  const lines: string[] = [];
  for (const r of results) {
    /** The median of the 10-s windows' p99, their range, and the whole run's p99. */
    const figure = (windows: Windows | undefined) =>
      windows
        ? `${f1(median(windows.perWindow(99)))} (${range(windows.perWindow(99))}; whole run ${f1(windows.p(99))})`
        : '—';
    const all = new Windows();
    for (const windows of r.delivery.values()) {
      windows.byWindow.forEach((values, w) => {
        for (const v of values ?? []) all.add(w, v);
      });
    }
    const rss = r.rss.map((kib) => rssTrend(kib));
    lines.push(
      `  ${r.label}: answer-round p99 ${figure(r.calls.get('answer-round')?.latency)} ms (goal ≤ 25), log-response p99 ${figure(r.calls.get('log-response')?.latency)} ms (goal ≤ 25), delivery p99 ${figure(all)} ms (goal ≤ 50; ${r.arrived} of ${r.expected} arrived), RSS after 10 s ${rss.map(({ slope, flat }) => `${slope >= 0 ? '+' : ''}${slope.toFixed(1)} MiB/min ${flat ? 'flat' : 'rising'}`).join(', ')} (goal flat; live heap after a full collection ${r.heap.map(([before, after]) => `${after >= before ? '+' : ''}${(after - before).toFixed(1)} MiB`).join(', ')} over the run)`,
    );
  }
  return lines;
}
