import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { RoundRepository } from './plays.js';
import type { GameRepository } from './repository.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Games deleted per transaction at most (the contract allows up to 500). One DELETE of everything
 * past the retention held the (SQLite) event loop for as long as it took: 1.54 s for 20,000 games
 * of 10 friends, with every request and socket waiting.
 */
export const PURGE_BATCH_SIZE = 200;
/** The first batch's size, and the least a batch shrinks to. */
export const PURGE_FIRST_BATCH = 50;
const PURGE_MIN_BATCH = 5;
/**
 * How long one batch may take (on SQLite it holds the event loop for all of it): batch sizes follow
 * the time the last batch took. A fixed 200 games fit the contract's 50 ms while a game's rows were
 * in 9 tables; the fourth wave's plays, reports, push subscriptions and replies (referenced twice)
 * each add a look-up and a delete at a random place of their B-trees per game, which took a batch
 * of 200 games from about 22 to 31 ms of CPU and, on a busy machine, to 239 ms of pause. Each table
 * a later wave adds costs time again, so the size is not fixed. `npx tsx bench/retention.ts` (20,000
 * games with rows in every table, 2 cores at load 13): without SQLite's automatic checkpoints the
 * longest pause went from 243 (154–298) ms to 81 (79–89) ms, pauses over 50 ms from 99 to 8; with
 * them, a checkpoint (up to 8,000 pages and two fsyncs, database.ts) is the longest pause either
 * way, 278 (231–365) → 229 (217–355) ms, and pauses over 50 ms went from 79 to 42 (5 rounds).
 * Checkpoints have since moved to a worker thread (db/checkpointer.ts; the purge waits for it
 * between batches, `settle`). What is left over 50 ms on a loaded machine is the main thread
 * waiting for a CPU, not a batch: no batch runs more than about 12 ms of CPU (docs/benchmarks.md).
 * On PostgreSQL a batch holds no event loop; its time (the round trips of its announcements
 * included) sizes batches all the same, which only makes the purge take longer.
 */
export const PURGE_BATCH_BUDGET_MS = 15;

/**
 * The next batch's size after one of `size` games took `tookMs`: in proportion to the budget when
 * over it; half as big again when well under it; never more than `max` or fewer than a few games.
 */
export function nextBatchSize(size: number, tookMs: number, max: number, budgetMs = PURGE_BATCH_BUDGET_MS): number {
  if (tookMs > budgetMs) return Math.max(Math.min(PURGE_MIN_BATCH, max), Math.floor((size * budgetMs) / tookMs));
  if (tookMs < budgetMs / 2) return Math.min(max, Math.ceil(size * 1.5));
  return size;
}

interface RetentionOptions {
  games: GameRepository;
  /** GAME_RETENTION_DAYS: games older than this many days are deleted; 0 keeps them forever. */
  days: number;
  /** Where friends' unfinished plays are kept (answer-round), and how long one untouched is kept. */
  plays?: { rounds: Pick<RoundRepository, 'deleteUntouchedPlays'>; days: number };
  /** The clock (ms since the epoch); tests move it instead of waiting. */
  now?: () => number;
  /** Games per batch at most (and plays per batch); tests make it small. */
  batchSize?: number;
  /** What a batch's time is read from (ms); tests make one that batches move. */
  clock?: () => number;
  /** PURGE_BATCH_BUDGET_MS; Infinity keeps every batch at `batchSize` (the bench's "before"). */
  budgetMs?: number;
  /** Storage.settle: waited for between batches, so that the database keeps up with the purge. */
  settle?: () => Promise<void>;
}

/** Unfinished plays deleted per batch: a play is one small row (plays_by_age finds them). */
const PLAYS_PER_BATCH = 1000;

/** Between two batches: what arrived meanwhile (requests, socket messages, group commits) runs first. */
export async function betweenBatches(settle: (() => Promise<void>) | undefined): Promise<void> {
  await nextTurn();
  // SQLite: a log grown past its limit is copied into the file (off the event loop) before more is written.
  await settle?.();
}

/** Deletes in batches until one comes back short, pausing between them; returns how many. */
async function inBatches(
  batch: () => Promise<number>,
  size: number,
  settle: (() => Promise<void>) | undefined,
): Promise<number> {
  let purged = 0;
  for (;;) {
    const deleted = await batch();
    purged += deleted;
    if (deleted < size) return purged;
    await betweenBatches(settle);
  }
}

/**
 * Keeps the database from growing forever, once at start-up and then daily: when a retention is
 * set, deletes the games older than it (their responses go with them), in batches of at most
 * `batchSize` games, each sized to take about PURGE_BATCH_BUDGET_MS by the time the last one
 * took, with a turn of the event loop between them. Each purged game is announced as `deleted`,
 * so its live sockets close like after the creator's own delete. And friends' plays untouched for
 * UNFINISHED_PLAY_DAYS (no round stored since: thrown away, or a throw-away id's) are deleted
 * in batches too, whatever the games' retention.
 */
export async function registerRetention(app: FastifyInstance, options: RetentionOptions): Promise<void> {
  const { games, days, plays, now = Date.now, batchSize = PURGE_BATCH_SIZE } = options;
  const { clock = () => performance.now(), budgetMs = PURGE_BATCH_BUDGET_MS, settle } = options;
  const playDays = plays?.days ?? 0;
  if (days === 0 && playDays === 0) return;

  async function purgeGames(): Promise<number> {
    const cutoff = now() - days * DAY_MS;
    let purged = 0;
    let size = budgetMs === Number.POSITIVE_INFINITY ? batchSize : Math.min(batchSize, PURGE_FIRST_BATCH);
    for (;;) {
      const started = clock();
      const deleted = await games.deleteGamesCreatedBefore(cutoff, size);
      purged += deleted;
      if (deleted < size) return purged;
      size = nextBatchSize(size, clock() - started, batchSize, budgetMs);
      await betweenBatches(settle);
    }
  }

  async function purge(): Promise<void> {
    if (days > 0) {
      const purged = await purgeGames();
      if (purged > 0) app.log.info({ purged, retentionDays: days }, 'deleted games past their retention');
    }
    if (plays && playDays > 0) {
      const cutoff = now() - playDays * DAY_MS;
      const size = Math.max(batchSize, PLAYS_PER_BATCH);
      const purged = await inBatches(() => plays.rounds.deleteUntouchedPlays(cutoff, size), size, settle);
      if (purged > 0) app.log.info({ purged, untouchedDays: playDays }, 'deleted unfinished plays untouched for days');
    }
  }

  await everyDay(app, 'retention purge', purge);
}

/**
 * Runs `purge` now (start-up waits for it) and then once a day; a failed daily run is logged as
 * `what` failed. The timer never keeps the process alive and stops with the app.
 */
export async function everyDay(app: FastifyInstance, what: string, purge: () => Promise<void>): Promise<void> {
  await purge();
  const timer = setInterval(() => {
    purge().catch((error: unknown) => app.log.error({ err: error }, `${what} failed`));
  }, DAY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
