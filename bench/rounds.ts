/**
 * answer-round beside log-response (issue 33): each server's CPU time per request for one stored
 * round against one stored response, on SQLite and on PostgreSQL, in the same run and alternating
 * (A, B, then B, A, …) so that a change in the machine's load hits both alike. The figure is the
 * median of the rounds. answer-round plays friends through their rounds in order: each autocannon
 * connection is one friend at a time (its next request is the friend's next round), friends spread
 * over fresh games as log-response's are.
 *
 *   npx tsx bench/rounds.ts [--rounds 3] [--seconds 3] [--connections 20] [--postgres <url>|none]
 *   npm run bench -- rounds   (the same, with run.ts's options)
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import autocannon from 'autocannon';
import { Scoreboard } from '../server/games/scoreboard.js';
import {
  cpuBetween,
  cpuMicros,
  createGame,
  DEFAULT_POSTGRES_URL,
  friend,
  loadavg,
  median,
  medianRange,
  type Running,
  startPostgresServer,
  startServer,
} from './harness.js';
import { spread } from './http.js';

export interface RoundsOptions {
  rounds: number;
  seconds: number;
  connections: number;
  /** Again on a fresh PostgreSQL database of this server; SQLite only if undefined. */
  postgres?: string;
}

export const POOL = 10;
const JSON_HEADERS = { 'content-type': 'application/json' };
export type Call = 'log-response' | 'answer-round';
export const CALLS: Call[] = ['log-response', 'answer-round'];

/** What autocannon sends for `call`, spread over `games` (each of `rounds` rounds). */
function requestsOf(call: Call, games: string[], rounds: number): autocannon.Request[] {
  let next = 0;
  const gameOf = () => games[next++ % games.length];
  if (call === 'log-response') {
    return [
      {
        method: 'POST',
        path: '/prod/log-response',
        headers: JSON_HEADERS,
        setupRequest: (request) => ({ ...request, body: JSON.stringify(friend(gameOf(), rounds)) }),
      },
    ];
  }
  return [
    {
      method: 'POST',
      path: '/prod/answer-round',
      headers: JSON_HEADERS,
      // The context is the connection's: one friend at a time, their rounds in order.
      setupRequest: (request, context: { playerId?: string; gameId?: string; round?: number }) => {
        if (context.playerId === undefined || (context.round ?? 0) >= rounds) {
          context.playerId = crypto.randomUUID();
          context.gameId = gameOf();
          context.round = 0;
        }
        const body = {
          gameId: context.gameId,
          playerId: context.playerId,
          userName: 'Friend',
          round: context.round,
          answer: Math.floor(Math.random() * 101),
        };
        context.round = (context.round ?? 0) + 1;
        return { ...request, body: JSON.stringify(body) };
      },
    },
  ];
}

/** One autocannon run of `call` against `server`: req/s, and the server's and its database's CPU µs per request. */
export async function measure(
  server: Running,
  call: Call,
  games: string[],
  rounds: number,
  seconds: number,
  connections: number,
) {
  const database = await server.databaseCpu?.();
  const cpu = cpuMicros(server.pid);
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: requestsOf(call, games, rounds),
  });
  const used = cpuMicros(server.pid) - cpu;
  const databaseAfter = database && (await server.databaseCpu?.());
  return {
    rps: result.requests.total / result.duration,
    cpu: used / result.requests.total,
    dbCpu: database && databaseAfter ? cpuBetween(database, databaseAfter) / result.requests.total : undefined,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

export interface RoundsRow {
  server: string;
  call: Call;
  rps: number[];
  cpu: number[];
  dbCpu: number[];
  errors: number;
}

/** This checkout's server (`dir`) on SQLite, and on PostgreSQL when asked. */
export async function roundsBench(dir: string, options: RoundsOptions) {
  const load = [loadavg()];
  const servers: Running[] = [await startServer('sqlite', dir)];
  try {
    if (options.postgres) servers.push(await startPostgresServer('postgres', dir, options.postgres));
    const rows: RoundsRow[] = servers.flatMap((s) =>
      CALLS.map((call) => ({ server: s.name, call, rps: [], cpu: [], dbCpu: [], errors: 0 })),
    );
    for (let round = 0; round <= options.rounds; round++) {
      // Round 0 warms up (1 s per call) and is not counted; the order of the calls alternates.
      const calls = round % 2 === 0 ? CALLS : [...CALLS].reverse();
      for (const server of servers) {
        for (const call of calls) {
          // Fresh games for each measurement, as log-response's HTTP bench does.
          const made = await Promise.all(Array.from({ length: POOL }, () => createGame(server.url)));
          const games = made.map((g) => g.gameId);
          const seconds = round === 0 ? 1 : options.seconds;
          const m = await measure(server, call, games, made[0].rounds, seconds, options.connections);
          if (round === 0) continue;
          const row = rows.find((r) => r.server === server.name && r.call === call) as RoundsRow;
          row.rps.push(m.rps);
          row.cpu.push(m.cpu);
          if (m.dbCpu !== undefined) row.dbCpu.push(m.dbCpu);
          row.errors += m.errors;
        }
      }
      load.push(loadavg());
    }
    return { rows, load, options };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

export function printRounds({ rows, load, options }: Awaited<ReturnType<typeof roundsBench>>) {
  console.log(
    `\nanswer-round beside log-response: ${options.connections} connections, ${options.rounds} rounds × ${options.seconds} s, alternating`,
  );
  console.log(`  load average before/after each round: ${load.join(' | ')}`);
  console.log(
    `  ${'server'.padEnd(10)}${'call'.padEnd(14)}${'req/s'.padStart(8)}  spread  ${'CPU µs/req (rounds)'.padEnd(26)}${'median'.padStart(7)}  DB µs/req  errors`,
  );
  for (const row of rows) {
    const db = row.dbCpu.length > 0 ? median(row.dbCpu).toFixed(0) : '';
    console.log(
      `  ${row.server.padEnd(10)}${row.call.padEnd(14)}${Math.round(median(row.rps)).toString().padStart(8)}  ${spread(row.cpu).padStart(6)}  ${row.cpu
        .map((c) => c.toFixed(0))
        .join(' ')
        .padEnd(26)}${median(row.cpu).toFixed(0).padStart(7)}  ${db.padStart(9)}  ${row.errors}`,
    );
  }
  for (const server of new Set(rows.map((r) => r.server))) {
    const of = (call: Call) => rows.find((r) => r.server === server && r.call === call) as RoundsRow;
    const [log, round] = [of('log-response'), of('answer-round')];
    // Per round: the two ran one after the other, under the same load.
    const ratios = round.cpu.map((c, i) => c / log.cpu[i]);
    console.log(
      `  ${server}: answer-round / log-response server CPU per request ${medianRange(ratios, 2)}; goal ≤ 1.20`,
    );
  }
}

/**
 * What presence adds to cached games, in this process: heap bytes per playing friend (their entry
 * and their share of the snapshot JSON), over `games` boards of `friends` playing friends each with
 * names of 40 characters. Goal: at most 1 KiB.
 */
export function presenceBytes(games = 200, friends = 50): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const boards = Array.from({ length: games }, () => new Scoreboard());
  for (const board of boards) void board.snapshot;
  gc();
  const before = process.memoryUsage().heapUsed;
  for (const [g, board] of boards.entries()) {
    for (let i = 0; i < friends; i++) {
      const playerID = `${g}-${i}`.padEnd(12, 'x');
      board.setPlaying({ playerID, playerName: `Friend ${i}`.padEnd(40, 'n'), round: 7, rounds: 10 }, Date.now());
    }
    void board.snapshot;
  }
  gc();
  return (process.memoryUsage().heapUsed - before) / (games * friends);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '3' },
      connections: { type: 'string', default: '20' },
      postgres: { type: 'string', default: DEFAULT_POSTGRES_URL },
    },
  });
  const result = await roundsBench(new URL('..', import.meta.url).pathname, {
    rounds: Number(values.rounds),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    postgres: values.postgres === 'none' ? undefined : values.postgres,
  });
  printRounds(result);
  console.log(
    `  presence: ${presenceBytes().toFixed(0)} heap bytes per playing friend in a cached game (goal ≤ 1,024)`,
  );
  process.exit(0);
}
