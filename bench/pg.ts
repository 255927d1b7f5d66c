/**
 * PostgreSQL against its own floor (issue 38, item 3): `pgbench` running the same durable write
 * one answer makes (a custom script, `-n -M prepared -c 10 -j 2 -T <seconds>`, on the app's own
 * fresh database, its migrations applied, synchronous_commit on), beside the app's answers/s on
 * that database at the same concurrency (its pool: DATABASE_POOL_SIZE, 10), with the app's CPU per
 * answer and its PostgreSQL backends' CPU per answer; for log-response and for answer-round; and
 * the same calls on SQLite, for the app's CPU per answer on PostgreSQL over SQLite's. Runs alternate
 * (floor, PostgreSQL, SQLite, then in the other order, …) so that a change in the machine's load
 * hits all alike; the figures are the median of the rounds, with their range.
 *
 * The floor's write for log-response is one statement and one commit: the response row (its
 * trigger counts the game's friends, as the app's does) and its network's row. For answer-round:
 * one upsert of the friend's play, a new row for their first round, the round appended after.
 *
 *   npx tsx bench/pg.ts [--rounds 5] [--seconds 3] [--postgres <url>] [--server <checkout>]
 *   npm run bench -- pg   (the same, with run.ts's options)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  sleep,
  startPostgresServer,
  startServer,
} from './harness.js';
import { CALLS, type Call, measure, POOL } from './rounds.js';

export interface PgOptions {
  rounds: number;
  seconds: number;
  /** The PostgreSQL server to make the fresh database on. */
  postgres: string;
}

/** The app's pool (DATABASE_POOL_SIZE's default), and so pgbench's clients and autocannon's connections. */
const CONCURRENCY = 10;

/**
 * pgbench scripts: the durable write of one answer. `:tag` names the round's games (one per
 * pgbench client, `pgbench-<tag>-<client>`, made fresh for each run as the app's are); `:k` counts
 * a client's answer-rounds, so each friend plays ten rounds, the first one inserting their play.
 */
const SCRIPTS: Record<Call, string> = {
  'log-response': `WITH stored AS (
  INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at)
  VALUES ('pgbench-' || :tag || '-' || :client_id, gen_random_uuid()::text, substr(md5(random()::text), 1, 12),
    'Friend', '[50,12,88,3,40,61,77,25,90,8]', 64, (extract(epoch FROM clock_timestamp()) * 1000)::bigint)
  RETURNING game_id, public_id, created_at
) INSERT INTO response_networks (game_id, network, public_id, created_at)
  SELECT game_id, 'bench-network', public_id, created_at FROM stored;
`,
  'answer-round': `\\set k :k + 1
\\set friend :k / 10
INSERT INTO plays (game_id, player_user_id, public_id, player_name, answers, started_at, updated_at)
VALUES ('pgbench-' || :tag || '-' || :client_id, :client_id::text || '-' || :friend::text,
  substr(md5(:friend::text), 1, 12), 'Friend', ARRAY[50], 0, (extract(epoch FROM clock_timestamp()) * 1000)::bigint)
ON CONFLICT (game_id, player_user_id) DO UPDATE SET answers = plays.answers || excluded.answers,
  updated_at = excluded.updated_at;
`,
};

/**
 * The CPU µs the backends of `database` whose application_name is `application` use while `work`
 * runs: they connect and end with it, so their /proc entries are read every 50 ms, the last
 * reading of each kept (what one used in its last ≤ 50 ms is left out).
 */
async function backendCpuDuring<T>(
  adminUrl: string,
  database: string,
  application: string,
  work: Promise<T>,
): Promise<{ result: T; micros: number }> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const last = new Map<number, number>();
  let done = false;
  void work.finally(() => {
    done = true;
  });
  try {
    while (!done) {
      const { rows } = await client.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
        [database, application],
      );
      for (const { pid } of rows) {
        try {
          last.set(pid, cpuMicros(pid));
        } catch {
          // Ended meanwhile: its last reading stands.
        }
      }
      await Promise.race([sleep(50), work.catch(() => {})]);
    }
  } finally {
    await client.end();
  }
  return { result: await work, micros: [...last.values()].reduce((a, b) => a + b, 0) };
}

/** Runs pgbench with `script` on `url` for `seconds`; its TPS and the CPU µs of its backends per transaction. */
async function pgbench(adminUrl: string, url: string, database: string, call: Call, tag: string, seconds: number) {
  const file = join(mkdtempSync(join(tmpdir(), 'wavelength-pgbench-')), `${call}.sql`);
  writeFileSync(file, SCRIPTS[call]);
  const args = ['-n', '-M', 'prepared', '-f', file, '-c', String(CONCURRENCY), '-j', '2', '-T', String(seconds)];
  args.push('-D', `tag=${tag}`, '-D', 'k=0', url);
  const run = new Promise<string>((resolve, reject) => {
    const child = spawn('pgbench', args, { env: { ...process.env, PGAPPNAME: 'pgbench' } });
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
  const { result, micros } = await backendCpuDuring(adminUrl, database, 'pgbench', run);
  const tps = Number(/tps = ([\d.]+)/.exec(result)?.[1]);
  const done = Number(/number of transactions actually processed: (\d+)/.exec(result)?.[1]);
  const failed = Number(/number of failed transactions: (\d+)/.exec(result)?.[1] ?? 0);
  if (!Number.isFinite(tps) || !done) throw new Error(`pgbench printed no TPS:\n${result}`);
  return { tps, dbCpu: micros / done, errors: failed };
}

/** The floor's games: one per pgbench client, copies of a game the app made (the same row). */
async function floorGames(url: string, from: string, tag: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO games (id, edition, creator_user_id, creator_name, created_at, lang, mode)
       SELECT 'pgbench-' || $2 || '-' || c, edition, creator_user_id, creator_name, created_at, lang, mode
       FROM games, generate_series(0, $3 - 1) AS c WHERE id = $1`,
      [from, tag, CONCURRENCY],
    );
    const { rows } = await client.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
    return rows[0].synchronous_commit;
  } finally {
    await client.end();
  }
}

export interface PgRow {
  call: Call;
  /** Per round: pgbench's TPS and its backends' CPU µs per transaction. */
  floor: { tps: number[]; dbCpu: number[]; errors: number };
  /** Per server (postgres, sqlite), per round: answers/s, the app's CPU µs per answer, its backends'. */
  app: Map<string, { rps: number[]; cpu: number[]; dbCpu: number[]; errors: number }>;
}

/** This checkout's server (`dir`) on a fresh PostgreSQL database of `options.postgres` and on SQLite, beside pgbench. */
export async function pgBench(dir: string, options: PgOptions) {
  const load = [loadavg()];
  const servers: Running[] = [await startServer('sqlite', dir)];
  try {
    const postgres = await startPostgresServer('postgres', dir, options.postgres);
    servers.unshift(postgres);
    const database = postgres.database as { url: string; name: string };
    const rows: PgRow[] = CALLS.map((call) => ({
      call,
      floor: { tps: [], dbCpu: [], errors: 0 },
      app: new Map(servers.map((s) => [s.name, { rps: [], cpu: [], dbCpu: [], errors: 0 }])),
    }));
    let synchronousCommit = '';
    const runs = ['pgbench', ...servers.map((s) => s.name)];
    for (let round = 0; round <= options.rounds; round++) {
      // Round 0 warms up (1 s per run) and is not counted; the order of the runs alternates.
      const order = round % 2 === 0 ? runs : [...runs].reverse();
      const seconds = round === 0 ? 1 : options.seconds;
      for (const row of rows) {
        for (const run of order) {
          if (run === 'pgbench') {
            const tag = `${row.call === 'log-response' ? 'l' : 'r'}${round}`;
            synchronousCommit = await floorGames(database.url, (await createGame(postgres.url)).gameId, tag);
            if (synchronousCommit !== 'on') throw new Error(`synchronous_commit is ${synchronousCommit}, not on.`);
            const m = await pgbench(options.postgres, database.url, database.name, row.call, tag, seconds);
            if (round === 0) continue;
            row.floor.tps.push(m.tps);
            row.floor.dbCpu.push(m.dbCpu);
            row.floor.errors += m.errors;
            continue;
          }
          const server = servers.find((s) => s.name === run) as Running;
          // Fresh games for each measurement, as the other HTTP benches do.
          const made = await Promise.all(Array.from({ length: POOL }, () => createGame(server.url)));
          const games = made.map((g) => g.gameId);
          const m = await measure(server, row.call, games, made[0].rounds, seconds, CONCURRENCY);
          if (round === 0) continue;
          const app = row.app.get(run);
          if (!app) continue;
          app.rps.push(m.rps);
          app.cpu.push(m.cpu);
          if (m.dbCpu !== undefined) app.dbCpu.push(m.dbCpu);
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

/** The goals of item 3, per call: app/pgbench TPS (≥ 0.8), the app's CPU per answer on PostgreSQL over SQLite's (≤ 1.2). */
export function pgGoals({ rows }: Awaited<ReturnType<typeof pgBench>>) {
  return rows.map((row) => {
    const pgApp = row.app.get('postgres');
    const sqlite = row.app.get('sqlite');
    return {
      call: row.call,
      floor: ratioOfRounds(pgApp?.rps ?? [], row.floor.tps),
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
    `  ${'call'.padEnd(14)}${'run'.padEnd(18)}${'per second (rounds)'.padEnd(34)}${'median'.padStart(7)}  ${'app CPU µs/answer'.padEnd(22)}  DB CPU µs/answer  errors`,
  );
  for (const row of rows) {
    const lines: [string, number[], number[], number[], number][] = [
      ['pgbench (floor)', row.floor.tps, [], row.floor.dbCpu, row.floor.errors],
      ...[...row.app].map(
        ([name, a]) =>
          [`app on ${name}`, a.rps, a.cpu, a.dbCpu, a.errors] as [string, number[], number[], number[], number],
      ),
    ];
    for (const [i, [name, rps, cpu, dbCpu, errors]] of lines.entries()) {
      console.log(
        `  ${(i === 0 ? row.call : '').padEnd(14)}${name.padEnd(18)}${rps.map(int).join(' ').padEnd(34)}${int(median(rps)).padStart(7)}  ${range(cpu).padEnd(22)}  ${range(dbCpu).padEnd(16)}  ${errors}`,
      );
    }
  }
  for (const goal of pgGoals(result)) {
    console.log(
      `  ${goal.call}: app on PostgreSQL / pgbench ${goal.floor.text} (goal ≥ 0.80); app CPU per answer PostgreSQL / SQLite ${goal.cpu.text} (goal ≤ 1.20)`,
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
