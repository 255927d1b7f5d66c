import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type pg from 'pg';
import { asAdmin, createDatabase } from '../server/testing/postgres.js';
import { freePort, type ServerProcess, spawnServer, waitForHealth } from '../server/testing/process.js';

/** Every process the bench starts is wrapped in `timeout`, so it ends even if the bench is killed. */
const PROCESS_LIMIT_S = 900;
const ROOT = resolve(import.meta.dirname, '..');

export interface Running {
  name: string;
  url: string;
  /** The pid of the node process itself (not its `timeout` wrapper). */
  pid: number;
  stop(): Promise<number | null>;
  /** On PostgreSQL: the CPU µs its database's backends have used so far, per backend pid. */
  databaseCpu?: () => Promise<Map<number, number>>;
  /** On PostgreSQL: its database (a fresh one, dropped when the server stops). */
  database?: { url: string; name: string };
}

const started = new Set<ServerProcess>();
function killAll() {
  for (const server of started) server.proc.kill('SIGTERM');
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Compiles `dir`'s server into `dir`/dist with tsc when a source is newer than the build. */
function buildServer(dir: string): string {
  const main = join(dir, 'dist', 'server', 'main.js');
  const sources = Math.max(...['server', 'shared', 'tsconfig.server.json'].map((s) => newest(join(dir, s))));
  if (existsSync(main) && statSync(main).mtimeMs >= sources) return main;
  if (!existsSync(join(dir, 'node_modules'))) {
    throw new Error(`${dir} has no node_modules: run \`ln -s ${join(ROOT, 'node_modules')} ${dir}/\` first.`);
  }
  console.log(`Building the server in ${dir} …`);
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.server.json'], { cwd: dir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`The server in ${dir} did not build.`);
  return main;
}

/** The pid of the only child of `pid` (the node process `timeout` runs). */
function childPid(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  return Number(children[0]);
}

async function start(name: string, args: string[], env: Record<string, string>): Promise<Running> {
  const command = ['timeout', String(PROCESS_LIMIT_S), process.execPath, ...args];
  const server = spawnServer(command, { ...process.env, PORT: String(await freePort()), ...env });
  started.add(server);
  void server.exited.then(() => started.delete(server));
  // A loaded machine (the bench's own client processes, other work) can take more than 10 s to start a server.
  await waitForHealth(server, 60_000);
  // From here on its lines (one per request at the default level) are read and dropped, not kept.
  server.proc.stdout?.removeAllListeners('data');
  server.proc.stdout?.resume();
  return { name, url: server.url, pid: childPid(server.proc.pid as number), stop: server.stop };
}

/**
 * The built server of the checkout `dir` in its own process on loopback: fresh SQLite database, no
 * rate limit, the default log level (one line per request, as servers run; BENCH_LOG_LEVEL
 * changes it); `env` overrides (another DATABASE_URL, say).
 */
export function startServer(name: string, dir: string, env: Record<string, string> = {}): Promise<Running> {
  const db = join(mkdtempSync(join(tmpdir(), 'wavelength-bench-')), 'bench.db');
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  return start(name, [...profile, buildServer(dir)], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${db}`,
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    MAX_PLAYERS_PER_GAME: '1000000',
    LIVE_SOCKETS_PER_ADDRESS: '100000',
    // Every bench friend plays from 127.0.0.1.
    PLAYS_PER_ADDRESS_PER_GAME: '0',
    ...env,
  });
}

/** Exact reply bytes the bare Fastify (bench/bare.ts) sends, per route and game id. */
export interface BareBodies {
  questions: string;
  join: Record<string, string>;
  players: Record<string, string>;
  log: Record<string, string>;
}

export function startBare(bodies: BareBodies): Promise<Running> {
  const file = join(mkdtempSync(join(tmpdir(), 'wavelength-bare-')), 'bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const bare = join(ROOT, 'bench', 'bare.ts');
  return start('bare', ['--import', 'tsx', bare], { NODE_ENV: 'production', BARE_BODIES: file });
}

/** The fan-out's floor (bench/bare-ws.ts): a bare ws server writing pre-framed bytes straight to its sockets. */
export function startBareWs(name = 'floor'): Promise<Running> {
  return start(name, ['--import', 'tsx', join(ROOT, 'bench', 'bare-ws.ts')], { NODE_ENV: 'production' });
}

export async function post(url: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text}`);
  return text;
}

/** A create-game body for a new Spectrum game (every answer 50), with a new creator. */
export async function newGameBody(url: string) {
  const { questions } = await (await fetch(`${url}/prod/get-questions?gametype=spectrum`)).json();
  return {
    userId: crypto.randomUUID(),
    userName: 'Bench',
    questionSet: questions.map((q: { questionID: string }) => q.questionID) as string[],
    answerSet: questions.map(() => 50) as number[],
    gameType: 'Spectrum',
  };
}

/** Creates a Spectrum game and returns its id, its creator's id and its question count. */
export async function createGame(url: string) {
  const body = await newGameBody(url);
  const text = await post(`${url}/prod/create-game`, body);
  return { gameId: JSON.parse(text).gameId as string, creatorId: body.userId, rounds: body.questionSet.length };
}

/** A log-response body for a new friend. */
export function friend(gameId: string, rounds: number, userName = 'Friend') {
  return {
    gameId,
    playerId: crypto.randomUUID(),
    userName,
    responseSet: Array.from({ length: rounds }, () => Math.floor(Math.random() * 101)),
  };
}

/** CPU time (user + system, all threads) a process has used so far, in µs (Linux, 100 ticks/s). */
export function cpuMicros(pid: number): number {
  // Fields after the command name, which is in parentheses and may hold spaces: utime is the 12th, stime the 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * Pins a process (and its threads) to the given CPUs with `taskset`, where the machine has more
 * than one core; false if it could not. The live bench puts the server on core 0 and its client
 * processes on the others, so the clients never take the server's core.
 */
export function pin(pid: number, cpus: string): boolean {
  if (availableParallelism() < 2) return false;
  return spawnSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' }).status === 0;
}

/** Resident memory of a process in KiB (Linux). */
export function rssKiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

export const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

export const median = (values: number[]) => percentile(values, 50);

/** The median of the rounds and their range, as every part prints it: "0.85 (0.80–0.90)"; "—" for none. */
export const medianRange = (values: number[], digits = 0) =>
  values.length === 0
    ? '—'
    : `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

/** Milliseconds since the epoch with sub-millisecond precision, comparable across processes. */
export const now = () => performance.timeOrigin + performance.now();

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the bench makes its PostgreSQL databases (`--postgres`, BENCH_POSTGRES_URL); `none` leaves PostgreSQL out. */
export const DEFAULT_POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new, empty PostgreSQL database on the server of `adminUrl`, dropped by `drop`. */
export const freshDatabase = (adminUrl: string) => createDatabase(adminUrl, 'wl_bench');

/**
 * The built server of `dir` on a fresh PostgreSQL database (dropped when it stops), with a way to
 * read the CPU time of that database's backends (the database's share of each request).
 */
export async function startPostgresServer(
  name: string,
  dir: string,
  adminUrl: string,
  env: Record<string, string> = {},
): Promise<Running> {
  const database = await freshDatabase(adminUrl);
  const server = await startServer(name, dir, { ...env, DATABASE_URL: database.url });
  const databaseCpu = () => backendsCpu(adminUrl, database.name);
  return {
    ...server,
    databaseCpu,
    database: { url: database.url, name: database.name },
    async stop() {
      const code = await server.stop();
      await database.drop();
      return code;
    },
  };
}

/** The CPU µs each backend of the PostgreSQL database `name` has used so far, per backend pid. */
export function backendsCpu(adminUrl: string, name: string): Promise<Map<number, number>> {
  return asAdmin(adminUrl, (client) => backendsCpuOn(client, name));
}

/** As backendsCpu, on an admin connection the caller holds (one that reads again and again). */
export async function backendsCpuOn(client: pg.ClientBase, name: string): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuMicros(pid));
    } catch {
      // Ended meanwhile.
    }
  }
  return cpu;
}

/** CPU µs used between two `databaseCpu` readings (backends that ended meanwhile are left out). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, micros] of after) total += micros - (before.get(pid) ?? 0);
  return total;
}
