/**
 * pgbench's floor for an answer on PostgreSQL (issue 46): the app's OWN statement — the very text
 * the server sends for a batch of log-response or answer-round writes (STORE_RESPONSES,
 * STORE_ROUNDS: one self-committing statement, no BEGIN/COMMIT, as the app runs it) — with each
 * `$n` parameter given by pgbench for a batch of one answer, so the floor does all the work the
 * app's write does (locks, checks, inserts, the network row, push counts, pg_notify) and nothing
 * of the app's own (HTTP, validation, the pool, waiting for its echo).
 *
 * Data shape as the app's HTTP run: 10 games the app made itself (create-game), friends spread
 * over them in turn; log-response: a new friend per answer; answer-round: each client plays a
 * friend through all the game's rounds in order, then the next friend on the next game. The
 * values are those the app would send from 127.0.0.1 with the bench server's settings
 * (MAX_PLAYERS_PER_GAME 1,000,000, PLAYS_PER_ADDRESS_PER_GAME 0, push on, an echo id).
 */
import { STORE_RESPONSES } from '../server/games/postgres-responses.js';
import { networkOf } from '../server/http/networks.js';
import { STORE_ROUNDS } from '../server/rounds/postgres-store.js';
import type { Call } from './rounds.js';

/** The app's connection setting (server/storage/postgres.ts), given to pgbench's connections too. */
export const PGBENCH_OPTIONS = '-c plan_cache_mode=force_generic_plan';

/** `statement` with each `$n` replaced by `values[n]`, a pgbench expression (`:var` is a pgbench variable). */
export function withParameters(statement: string, values: Record<number, string>): string {
  // pgbench takes every `:name` for a variable, an array slice's `[1:cardinality(…)]` too: a space keeps it SQL.
  return statement.replace(/(?<!:):(?=[A-Za-z_])/g, ': ').replace(/\$(\d+)/g, (_, n: string) => {
    const value = values[Number(n)];
    if (value === undefined) throw new Error(`No value for $${n}.`);
    return `(${value})`;
  });
}

/** What every bench friend sends besides its ids, game, round and answer (as the HTTP benches' friends do). */
export const BENCH_FRIEND = {
  name: 'Friend',
  scoreTenths: 64,
  network: networkOf('127.0.0.1'),
  maxPlayers: 1_000_000,
  /** PLAYS_PER_ADDRESS_PER_GAME 0: every bench friend plays from 127.0.0.1. */
  maxPerNetwork: 0,
  /** A log-response friend's answers to `rounds` rounds, as JSON. */
  answers: (rounds: number) => JSON.stringify(Array.from({ length: rounds }, (_, i) => (i * 37) % 101)),
};

const NETWORK = `'${BENCH_FRIEND.network}'`;
const ECHO = `'pgbench-' || :client_id || '-' || :k`;
const array = (batch: number, item: (j: number) => string) =>
  `ARRAY[${Array.from({ length: batch }, (_, j) => item(j)).join(', ')}]`;
// The j-th friend's game: the g<j>-th of the run's games (-D games='id id …').
const game = (j: number) => `split_part(:games, ' ', :g${j} + 1)`;

/**
 * The pgbench script for `call` on `games` games of `rounds` rounds, `batch` answers per statement
 * (1, or the app's mean batch); pgbench's variables games, tag, k (0) and now come with -D.
 */
export function floorScript(call: Call, rounds: number, games: number, batch: number): string {
  const each = (line: (j: number) => string) => Array.from({ length: batch }, (_, j) => line(j)).join('\n');
  if (call === 'log-response') {
    const answers = BENCH_FRIEND.answers(rounds);
    const friend = (j: number) => `:tag || '-' || :client_id || '-' || :k || '-' || ${j}`;
    return `\\set k :k + 1
${each((j) => `\\set g${j} (:client_id + :k * ${batch} + ${j}) % ${games}`)}
${withParameters(STORE_RESPONSES, {
  1: array(batch, game),
  2: array(batch, friend),
  3: array(batch, (j) => `substr(md5(${friend(j)}), 1, 12)`),
  4: array(batch, () => `'${BENCH_FRIEND.name}'`),
  5: array(batch, () => `'${answers}'`),
  6: array(batch, () => String(BENCH_FRIEND.scoreTenths)),
  7: array(batch, () => ':now::bigint'),
  8: array(batch, () => String(BENCH_FRIEND.maxPlayers)),
  9: array(batch, () => NETWORK),
  10: array(batch, () => String(BENCH_FRIEND.maxPerNetwork)),
  11: 'true',
  12: ECHO,
})};
`;
  }
  const friend = (j: number) => `:tag || '-' || :client_id || '-' || :f || '-' || ${j}`;
  return `\\set k :k + 1
\\set f (:k - 1) / ${rounds}
\\set round (:k - 1) % ${rounds}
${each((j) => `\\set g${j} (:client_id + :f * ${batch} + ${j}) % ${games}`)}
${withParameters(STORE_ROUNDS, {
  1: array(batch, game),
  2: array(batch, friend),
  3: array(batch, (j) => `substr(md5(${friend(j)}), 1, 12)`),
  4: array(batch, () => `'${BENCH_FRIEND.name}'`),
  5: array(batch, () => ':round::int'),
  6: array(batch, (j) => `(:k * 7 + ${j} * 13) % 101`),
  7: array(batch, () => String(rounds)),
  8: array(batch, () => String(BENCH_FRIEND.maxPlayers)),
  9: array(batch, () => NETWORK),
  10: array(batch, () => String(BENCH_FRIEND.maxPerNetwork)),
  11: ':now::bigint',
  12: ECHO,
})};
`;
}

/** Writes per statement that /metrics counts one by one (db_write_batch_writes' buckets up to 10). */
export const COUNTED_SIZES = 10;

/** The cumulative buckets (`le` → count), sum and count of `call`'s db_write_batch_writes in a /metrics text. */
function batchHistogram(metrics: string, call: Call) {
  const buckets = new Map<string, number>();
  let sum = 0;
  let count = 0;
  for (const line of metrics.split('\n')) {
    if (!line.startsWith('db_write_batch_writes') || !line.includes(`call="${call}"`)) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    const le = /le="([^"]+)"/.exec(line)?.[1];
    if (le !== undefined) buckets.set(le, value);
    else if (line.startsWith('db_write_batch_writes_sum')) sum = value;
    else if (line.startsWith('db_write_batch_writes_count')) count = value;
  }
  return { buckets, sum, count };
}

/**
 * While `work` runs, the app's write batches for `call` from its own /metrics (db/batch-metrics.ts;
 * nothing listens to the database for it, so the bench adds no backend to what it measures): the
 * mean writes per statement, i.e. the app's batch (undefined if the server keeps no such metric: a
 * checkout from before it), and how many statements stored 1, 2, … 10 writes (`sizes[n]`; more
 * than 10 in `sizes[COUNTED_SIZES + 1]`).
 */
export async function batchesDuring<T>(
  serverUrl: string,
  call: Call,
  work: () => Promise<T>,
): Promise<{ result: T; batch: number | undefined; sizes: number[] }> {
  const read = async () => batchHistogram(await (await fetch(`${serverUrl}/metrics`)).text(), call);
  const before = await read();
  const result = await work();
  const after = await read();
  const statements = after.count - before.count;
  if (statements <= 0) return { result, batch: undefined, sizes: [] };
  const upTo = (n: number) => (after.buckets.get(String(n)) ?? 0) - (before.buckets.get(String(n)) ?? 0);
  const sizes = Array.from({ length: COUNTED_SIZES + 2 }, (_, n) =>
    n === 0 ? 0 : n <= COUNTED_SIZES ? upTo(n) - upTo(n - 1) : statements - upTo(COUNTED_SIZES),
  );
  return { result, batch: (after.sum - before.sum) / statements, sizes };
}
