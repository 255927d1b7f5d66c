/**
 * The app's write statements alone (STORE_ROUNDS, STORE_RESPONSES: what answer-round and
 * log-response send PostgreSQL for a batch), without HTTP, Node's server or a load generator: 3
 * clients of this process each send batches of 4 friends (random UUIDs, as the browser's ids) on
 * games the app made, answer-round through all of a friend's rounds, back to back; the figure is
 * the CPU its 3 backends take per answer (from /proc), and answers/s. With `--before <checkout>`
 * that checkout's statements run too, on a database of its own made by its own server (its
 * migrations: a trigger or an index changed counts too), alternating round by round, so a change
 * is measured side by side without the HTTP run's noise (docs/benchmarks.md: 4 % on answer-round's
 * was not visible through it).
 *
 *   npx tsx bench/statement.ts [--before <checkout>] [--rounds 7] [--postgres <url>]
 *   npm run bench -- statement   or   npm run bench -- compare <checkout> statement
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  cpuMicros,
  createGame,
  DEFAULT_POSTGRES_URL,
  loadavg,
  median,
  medianRange,
  type Running,
  startPostgresServer,
} from './harness.js';
import { BENCH_FRIEND } from './pg-floor.js';
import { CALLS, type Call, POOL } from './rounds.js';

const CLIENTS = 3;
const BATCH = 4;
/** Statements per client and round. */
const STATEMENTS = 2000;
const ECHO = 'statement-bench';

interface Statements {
  name: string;
  /** Its checkout. */
  dir: string;
  sql: Record<Call, string>;
}

/** The statements of the checkout in `dir` (its server's sources, as they are there). */
async function statementsOf(name: string, dir: string): Promise<Statements> {
  const load = async (file: string) => import(pathToFileURL(resolve(dir, file)).href);
  const rounds = await load('server/rounds/postgres-store.ts');
  const responses = await load('server/games/postgres-responses.ts');
  return { name, dir, sql: { 'answer-round': rounds.STORE_ROUNDS, 'log-response': responses.STORE_RESPONSES } };
}

/** The parameters of one batch of `call`: friends `ids` on `games`, round `round` of `rounds` (pgbench's floor's values). */
function parameters(call: Call, ids: string[], games: string[], round: number, rounds: number): unknown[] {
  const each = <T>(value: (j: number) => T) => ids.map((_, j) => value(j));
  const friends = [games, ids, each((j) => ids[j].replaceAll('-', '').slice(-12)), each(() => BENCH_FRIEND.name)];
  const limits = [
    each(() => BENCH_FRIEND.maxPlayers),
    each(() => BENCH_FRIEND.network),
    each(() => BENCH_FRIEND.maxPerNetwork),
  ];
  const now = Date.now();
  return call === 'answer-round'
    ? [...friends, each(() => round), each((j) => (round * 7 + j * 13) % 101), each(() => rounds), ...limits, now, ECHO]
    : [
        ...friends,
        each(() => BENCH_FRIEND.answers(rounds)),
        each(() => BENCH_FRIEND.scoreTenths),
        each(() => now),
        ...limits,
        true,
        ECHO,
      ];
}

/** One run: `CLIENTS` clients, `STATEMENTS` batches each of `call` with `sql`; answers/s and backend CPU µs per answer. */
async function run(clients: pg.Client[], pids: number[], server: Running, call: Call, statements: Statements) {
  const made = await Promise.all(Array.from({ length: POOL }, () => createGame(server.url)));
  const games = made.map((g) => g.gameId);
  const rounds = made[0].rounds;
  const cpu = () => pids.reduce((total, pid) => total + cpuMicros(pid), 0);
  const before = cpu();
  const start = performance.now();
  await Promise.all(
    clients.map(async (client, c) => {
      // The batch's friends (new ones at each round 0) and their games, kept through their rounds.
      let ids: string[] = [];
      let friendsGames: string[] = [];
      for (let k = 0; k < STATEMENTS; k++) {
        const round = call === 'answer-round' ? k % rounds : 0;
        if (round === 0) {
          ids = Array.from({ length: BATCH }, () => crypto.randomUUID());
          friendsGames = ids.map((_, j) => games[(c + k * BATCH + j) % games.length]);
        }
        const { rows } = await client.query<{ status: string; stored_id?: string | null }>({
          name: `${statements.name}-${call}`,
          text: statements.sql[call],
          values: parameters(call, ids, friendsGames, round, rounds),
        });
        const stored = rows.filter((row) =>
          call === 'answer-round' ? row.stored_id != null : row.status === 'stored',
        ).length;
        if (stored !== BATCH) throw new Error(`${statements.name} ${call}: ${stored} of ${BATCH} stored.`);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const answers = clients.length * STATEMENTS * BATCH;
  return { rps: answers / seconds, cpu: (cpu() - before) / answers };
}

export interface StatementOptions {
  rounds: number;
  postgres: string;
  /** Another checkout, whose statements alternate with this one's. */
  before?: string;
}

/** Its server on a fresh database, and `CLIENTS` connections to it with their backends' pids. */
async function connect(statements: Statements, postgres: string) {
  const server = await startPostgresServer(statements.name, statements.dir, postgres);
  const { url } = server.database as { url: string };
  const clients = Array.from(
    { length: CLIENTS },
    () => new pg.Client({ connectionString: url, options: '-c plan_cache_mode=force_generic_plan' }),
  );
  await Promise.all(clients.map((c) => c.connect()));
  const pids = await Promise.all(
    clients.map(async (c) => (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid),
  );
  return {
    statements,
    server,
    clients,
    pids,
    async close() {
      await Promise.all(clients.map((c) => c.end().catch(() => {})));
      await server.stop();
    },
  };
}

/** This checkout's statements (and `before`'s), each on a fresh database of its own checkout's server. */
export async function statementBench(dir: string, options: StatementOptions) {
  const variants = [await statementsOf('this', dir)];
  if (options.before) variants.push(await statementsOf('before', options.before));
  const load = [loadavg()];
  const figures = new Map(
    CALLS.flatMap((call) => variants.map((v) => [`${call} ${v.name}`, { rps: [] as number[], cpu: [] as number[] }])),
  );
  const databases: Awaited<ReturnType<typeof connect>>[] = [];
  try {
    for (const statements of variants) databases.push(await connect(statements, options.postgres));
    // Round 0 warms up (plans, caches) and is not counted; the order alternates.
    for (let round = 0; round <= options.rounds; round++) {
      const order = round % 2 === 0 ? databases : [...databases].reverse();
      for (const call of CALLS) {
        for (const { statements, server, clients, pids } of order) {
          const m = await run(clients, pids, server, call, statements);
          if (round === 0) continue;
          const f = figures.get(`${call} ${statements.name}`);
          f?.rps.push(m.rps);
          f?.cpu.push(m.cpu);
        }
      }
      load.push(loadavg());
    }
  } finally {
    await Promise.all(databases.map((d) => d.close()));
  }
  return { figures, load, options, variants: variants.map((v) => v.name) };
}

export function printStatements({ figures, load, options, variants }: Awaited<ReturnType<typeof statementBench>>) {
  console.log(
    `\nThe write statements alone: ${CLIENTS} clients × batches of ${BATCH}, ${STATEMENTS} statements each per run, ${options.rounds} rounds alternating`,
  );
  console.log(`  load average before/after each round: ${load.join(' | ')}`);
  for (const call of CALLS) {
    for (const name of variants) {
      const f = figures.get(`${call} ${name}`);
      if (!f) continue;
      console.log(
        `  ${call.padEnd(14)}${name.padEnd(8)}database CPU ${medianRange(f.cpu, 1).padEnd(20)} µs per answer   ${Math.round(median(f.rps)).toLocaleString('en-US')} answers/s`,
      );
    }
    const now = figures.get(`${call} this`);
    const then = figures.get(`${call} before`);
    if (now && then && now.cpu.length === then.cpu.length) {
      const ratios = now.cpu.map((value, i) => value / then.cpu[i]);
      console.log(`  ${call.padEnd(14)}this / before, CPU per answer per round: ${medianRange(ratios, 2)}`);
    }
  }
  console.log('  (median of the rounds, their range in brackets)');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '7' },
      postgres: { type: 'string', default: DEFAULT_POSTGRES_URL },
      before: { type: 'string' },
    },
  });
  printStatements(
    await statementBench(new URL('..', import.meta.url).pathname, {
      rounds: Number(values.rounds),
      postgres: values.postgres,
      before: values.before && resolve(values.before),
    }),
  );
  console.log(`Load at the end: ${loadavg()}`);
  process.exit(0);
}
