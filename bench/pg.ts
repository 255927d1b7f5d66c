/**
 * PostgreSQL against its own floor (issue 38, item 3): `pgbench` running the app's own statement
 * for one answer (a custom script, `-n -M prepared -c 10 -j 2 -T <seconds>`, on the app's own
 * fresh database, its migrations applied, synchronous_commit on), beside the app's answers/s on
 * that database at the same concurrency (its pool: DATABASE_POOL_SIZE, 10), with the app's CPU per
 * answer and its PostgreSQL backends' CPU per answer; for log-response and for answer-round; and
 * the same calls on SQLite, for the app's CPU per answer on PostgreSQL over SQLite's. Runs alternate
 * (floor, PostgreSQL, SQLite, then in the other order, …) so that a change in the machine's load
 * hits all alike; the figures are the median of the rounds, with their range.
 *
 * The floor (issue 46) is the app's own statement for an answer, run by pgbench on games the app
 * made, one answer per transaction (bench/pg-floor.ts): the work the database does for an
 * answer, without the app's; then with the app's mean batch per statement (BatchedCalls), the
 * goal's floor; and that again beside a busy core, as PostgreSQL has the machine in the app's runs.
 *
 *   npx tsx bench/pg.ts [--rounds 5] [--seconds 3] [--postgres <url>] [--server <checkout>]
 *   npm run bench -- pg   (the same, with run.ts's options)
 *   npm run bench -- compare <checkout> pg   (its server on PostgreSQL too, alternating with the rest)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  backendsCpuOn,
  cpuBetween,
  createGame,
  DEFAULT_POSTGRES_URL,
  loadavg,
  median,
  medianRange,
  type Running,
  sleep,
  startPostgresServer,
  startServer,
} from './harness.js';
import { batchesDuring, COUNTED_SIZES, floorScript, PGBENCH_OPTIONS } from './pg-floor.js';
import { CALLS, type Call, measure, POOL } from './rounds.js';

export interface PgOptions {
  rounds: number;
  seconds: number;
  /** The PostgreSQL server to make the fresh database on. */
  postgres: string;
  /** Another checkout's server ("before", `compare`): its runs on PostgreSQL alternate with the others. */
  before?: string;
}

/** The app's pool (DATABASE_POOL_SIZE's default), and so pgbench's clients and autocannon's connections. */
const CONCURRENCY = 10;

/**
 * The CPU µs the backends of `database` use while `work` runs (pgbench's, and the app's listener,
 * which hears pgbench's notifications too, as the app's figure counts all of its database's):
 * pgbench's connect and end with it, so their /proc entries are read every 50 ms, the last reading
 * of each kept (what one used in its last ≤ 50 ms is left out). Counted from `start`'s call: what
 * the listener used before is not the run's.
 */
async function backendCpuDuring<T>(
  adminUrl: string,
  database: string,
  start: () => Promise<T>,
): Promise<{ result: T; micros: number }> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const before = await backendsCpuOn(client, database);
  const work = start();
  const last = new Map<number, number>();
  let done = false;
  void work.finally(() => {
    done = true;
  });
  try {
    while (!done) {
      // A backend that ended meanwhile keeps its last reading.
      for (const [pid, micros] of await backendsCpuOn(client, database)) last.set(pid, micros);
      await Promise.race([sleep(50), work.catch(() => {})]);
    }
  } finally {
    await client.end();
  }
  return { result: await work, micros: cpuBetween(before, last) };
}

/** Runs pgbench with `script` on `url` for `seconds`; its TPS and the CPU µs of its backends per transaction. */
async function pgbench(
  adminUrl: string,
  url: string,
  database: string,
  script: string,
  vars: string[],
  clients: number,
  seconds: number,
) {
  const file = join(mkdtempSync(join(tmpdir(), 'wavelength-pgbench-')), 'floor.sql');
  writeFileSync(file, script);
  const args = ['-n', '-M', 'prepared', '-f', file, '-c', String(clients), '-j', '2', '-T', String(seconds)];
  for (const v of vars) args.push('-D', v);
  args.push(url);
  const run = () =>
    new Promise<string>((resolve, reject) => {
      const env = { ...process.env, PGAPPNAME: 'pgbench', PGOPTIONS: PGBENCH_OPTIONS };
      const child = spawn('pgbench', args, { env });
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.stderr.on('data', (chunk) => {
        out += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`pgbench failed (${code}):\n${out}`))));
    });
  const { result, micros } = await backendCpuDuring(adminUrl, database, run);
  const tps = Number(/tps = ([\d.]+)/.exec(result)?.[1]);
  const done = Number(/number of transactions actually processed: (\d+)/.exec(result)?.[1]);
  const failed = Number(/number of failed transactions: (\d+)/.exec(result)?.[1] ?? 0);
  if (!Number.isFinite(tps) || !done) throw new Error(`pgbench printed no TPS:\n${result}`);
  return { tps, dbCpu: micros / done, errors: failed };
}

/**
 * Runs `work` while another process keeps one core busy (a spinning loop): in the app's runs the
 * app's server and the load generator (autocannon, in this process) take about that beside
 * PostgreSQL, where pgbench takes little. The floor on a machine it shares.
 */
async function besideABusyCore<T>(seconds: number, work: () => Promise<T>): Promise<T> {
  const spin = `const end = Date.now() + ${Math.round(seconds * 1000) + 2000}; while (Date.now() < end) {}`;
  const busy = spawn(process.execPath, ['-e', spin], { stdio: 'ignore' });
  try {
    return await work();
  } finally {
    busy.kill('SIGKILL');
  }
}

/** The database's synchronous_commit (the floor and the app must both wait for the WAL flush). */
async function synchronousCommitOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
    return rows[0].synchronous_commit;
  } finally {
    await client.end();
  }
}

/**
 * pgbench's floors: the app's statement with one answer, with the app's mean batch (its last
 * run's, rounded), and that again beside a busy core (besideABusyCore).
 */
const FLOORS = ['pgbench, 1 answer', "pgbench, app's batch", "pgbench, app's batch, a core busy"] as const;
type Floor = (typeof FLOORS)[number];

export interface PgRow {
  call: Call;
  /**
   * Per floor (one answer per statement, the app's batch), per round: pgbench's answers/s (TPS ×
   * batch), its backends' CPU µs per answer, the batch it ran.
   */
  floors: Map<Floor, { rps: number[]; dbCpu: number[]; batch: number[]; errors: number }>;
  /** Per server (postgres, sqlite), per round: answers/s, the app's CPU µs per answer, its backends', its batch. */
  app: Map<string, { rps: number[]; cpu: number[]; dbCpu: number[]; batch: number[]; errors: number }>;
  /** The app's statements on PostgreSQL by how many answers each stored (`[n]`), over the counted rounds. */
  sizes: number[];
}

/** This checkout's server (`dir`) on a fresh PostgreSQL database of `options.postgres` and on SQLite, beside pgbench. */
export async function pgBench(dir: string, options: PgOptions) {
  const load = [loadavg()];
  const servers: Running[] = [await startServer('sqlite', dir)];
  try {
    const postgres = await startPostgresServer('postgres', dir, options.postgres);
    servers.unshift(postgres);
    if (options.before) servers.push(await startPostgresServer('postgres, before', options.before, options.postgres));
    const database = postgres.database as { url: string; name: string };
    const rows: PgRow[] = CALLS.map((call) => ({
      call,
      floors: new Map(FLOORS.map((f) => [f, { rps: [], dbCpu: [], batch: [], errors: 0 }])),
      app: new Map(servers.map((s) => [s.name, { rps: [], cpu: [], dbCpu: [], batch: [], errors: 0 }])),
      sizes: [],
    }));
    let synchronousCommit = '';
    // The app's batch in its last run of each call (round 0's included).
    const lastBatch = new Map<Call, number>();
    // The app first in round 0: the batched floor runs the app's batch.
    const runs: string[] = [...servers.map((s) => s.name), ...FLOORS];
    for (let round = 0; round <= options.rounds; round++) {
      // Round 0 warms up (1 s per run) and is not counted; the order of the runs alternates.
      const order = round % 2 === 0 ? runs : [...runs].reverse();
      const seconds = round === 0 ? 1 : options.seconds;
      for (const row of rows) {
        for (const run of order) {
          // Fresh games for each measurement, made by the app (the floor's on PostgreSQL), as the other HTTP benches do.
          const floor = FLOORS.find((f) => f === run);
          const server = floor ? postgres : (servers.find((s) => s.name === run) as Running);
          const made = await Promise.all(Array.from({ length: POOL }, () => createGame(server.url)));
          const games = made.map((g) => g.gameId);
          if (floor) {
            synchronousCommit = await synchronousCommitOf(database.url);
            if (synchronousCommit !== 'on') throw new Error(`synchronous_commit is ${synchronousCommit}, not on.`);
            const appBatch = lastBatch.get(row.call) ?? 1;
            const batch = floor === FLOORS[0] ? 1 : Math.max(1, Math.round(appBatch));
            const script = floorScript(row.call, made[0].rounds, POOL, batch);
            const vars = [`games=${games.join(' ')}`, `tag=r${round}`, 'k=0', `now=${Date.now()}`];
            // As many answers in flight as the app's 10 connections: 10 clients of 1, or 10 / batch clients of batch.
            const clients = Math.max(1, Math.round(CONCURRENCY / batch));
            const run = () => pgbench(options.postgres, database.url, database.name, script, vars, clients, seconds);
            const m = await (floor === FLOORS[2] ? besideABusyCore(seconds, run) : run());
            if (round === 0) continue;
            const f = row.floors.get(floor);
            if (!f) continue;
            f.rps.push(m.tps * batch);
            f.dbCpu.push(m.dbCpu / batch);
            f.batch.push(batch);
            f.errors += m.errors;
            continue;
          }
          const {
            result: m,
            batch,
            sizes,
          } = await batchesDuring(server.url, row.call, () =>
            measure(server, row.call, games, made[0].rounds, seconds, CONCURRENCY),
          );
          if (server === postgres && batch !== undefined) lastBatch.set(row.call, batch);
          if (round === 0) continue;
          const app = row.app.get(run);
          if (!app) continue;
          app.rps.push(m.rps);
          app.cpu.push(m.cpu);
          if (m.dbCpu !== undefined) app.dbCpu.push(m.dbCpu);
          if (server === postgres && batch !== undefined) {
            app.batch.push(batch);
            for (const [n, count] of sizes.entries()) row.sizes[n] = (row.sizes[n] ?? 0) + count;
          }
          app.errors += m.errors;
        }
      }
      load.push(loadavg());
    }
    return { rows, load, options, synchronousCommit };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/** Per round, a / b; their median and range, as "0.85 (0.80–0.90)". */
export function ratioOfRounds(a: number[], b: number[]): { median: number; text: string } {
  if (a.length === 0 || a.length !== b.length) return { median: Number.NaN, text: '—' };
  const list = a.map((value, i) => value / b[i]);
  return { median: median(list), text: medianRange(list, 2) };
}

/**
 * The goals, per call: the app's answers/s over each floor's (issue 38 item 3 asked ≥ 0.8 of a
 * simpler INSERT; issue 46: ≥ 1/1.5 of pgbench running the app's own statement), the app's CPU
 * per answer on PostgreSQL over SQLite's (≤ 1.2).
 */
export function pgGoals({ rows }: Awaited<ReturnType<typeof pgBench>>) {
  return rows.map((row) => {
    const pgApp = row.app.get('postgres');
    const sqlite = row.app.get('sqlite');
    return {
      call: row.call,
      one: ratioOfRounds(pgApp?.rps ?? [], row.floors.get(FLOORS[0])?.rps ?? []),
      batched: ratioOfRounds(pgApp?.rps ?? [], row.floors.get(FLOORS[1])?.rps ?? []),
      busy: ratioOfRounds(pgApp?.rps ?? [], row.floors.get(FLOORS[2])?.rps ?? []),
      batch: medianRange(pgApp?.batch ?? [], 1),
      cpu: ratioOfRounds(pgApp?.cpu ?? [], sqlite?.cpu ?? []),
    };
  });
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const range = medianRange;

export function printPg(result: Awaited<ReturnType<typeof pgBench>>) {
  const { rows, load, options, synchronousCommit } = result;
  console.log(
    `\nPostgreSQL against pgbench: ${CONCURRENCY} clients (the app's pool), ${options.rounds} rounds × ${options.seconds} s, alternating; synchronous_commit ${synchronousCommit}`,
  );
  console.log(`  load average before/after each round: ${load.join(' | ')}`);
  console.log(
    `  ${'call'.padEnd(14)}${'run (batch)'.padEnd(46)}${'per second (rounds)'.padEnd(34)}${'median'.padStart(7)}  ${'app CPU µs/answer'.padEnd(22)}  DB CPU µs/answer  errors`,
  );
  for (const row of rows) {
    type Line = [string, number[], number[], number[], number];
    const lines: Line[] = [
      ...[...row.floors].map(([name, f]) => [`${name} (${f.batch.join(' ')})`, f.rps, [], f.dbCpu, f.errors] as Line),
      ...[...row.app].map(([name, a]) => [`app on ${name}`, a.rps, a.cpu, a.dbCpu, a.errors] as Line),
    ];
    for (const [i, [name, rps, cpu, dbCpu, errors]] of lines.entries()) {
      console.log(
        `  ${(i === 0 ? row.call : '').padEnd(14)}${name.padEnd(46)}${rps.map(int).join(' ').padEnd(34)}${int(median(rps)).padStart(7)}  ${range(cpu).padEnd(22)}  ${range(dbCpu).padEnd(16)}  ${errors}`,
      );
    }
    const statements = row.sizes.reduce((a, b) => a + (b ?? 0), 0);
    const shares = [...row.sizes.entries()]
      .filter(([, count]) => count)
      .map(
        ([n, count]) =>
          `${n > COUNTED_SIZES ? `over ${COUNTED_SIZES}` : n}: ${Math.round((100 * count) / statements)} %`,
      );
    console.log(
      `  ${''.padEnd(14)}the app's statements on PostgreSQL by answers written (its /metrics): ${shares.join(', ')}`,
    );
  }
  for (const goal of pgGoals(result)) {
    console.log(
      `  ${goal.call}: app on PostgreSQL / pgbench with the app's batch (${goal.batch} answers per statement) ${goal.batched.text} (goal ≥ 0.67), / the same beside a busy core ${goal.busy.text}, / one answer per statement ${goal.one.text}; app CPU per answer PostgreSQL / SQLite ${goal.cpu.text} (goal ≤ 1.20)`,
    );
  }
  console.log(
    '  (median of the rounds, their range in brackets; each ratio is taken per round, the runs side by side)',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '5' },
      seconds: { type: 'string', default: '3' },
      postgres: { type: 'string', default: DEFAULT_POSTGRES_URL },
      // Another checkout's server (a "before"), as run.ts's --server.
      server: { type: 'string', default: new URL('..', import.meta.url).pathname },
    },
  });
  printPg(
    await pgBench(values.server, {
      rounds: Number(values.rounds),
      seconds: Number(values.seconds),
      postgres: values.postgres,
    }),
  );
  console.log(`Load at the end: ${loadavg()}`);
  process.exit(0);
}
