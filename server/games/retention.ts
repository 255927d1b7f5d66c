import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { RoundRepository } from './plays.js';
import type { GameRepository } from './repository.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Games deleted per transaction (the contract allows up to 500). One DELETE of everything past the
 * retention held the (SQLite) event loop for as long as it took: 1.54 s for 20,000 games of 10
 * friends, with every request and socket waiting. A batch of 200 such games took about 13 ms
 * (median; 500 took 22 ms, p90 45 ms), on 2 cores at load 10: `npx tsx bench/retention.ts`.
 */
export const PURGE_BATCH_SIZE = 200;

interface RetentionOptions {
  games: GameRepository;
  /** GAME_RETENTION_DAYS: games older than this many days are deleted; 0 keeps them forever. */
  days: number;
  /** Where friends' unfinished plays are kept (answer-round), and how long one untouched is kept. */
  plays?: { rounds: Pick<RoundRepository, 'deleteUntouchedPlays'>; days: number };
  /** The clock (ms since the epoch); tests move it instead of waiting. */
  now?: () => number;
  /** Games (and plays) per batch; tests make it small. */
  batchSize?: number;
}

/** Unfinished plays deleted per batch: a play is one small row (plays_by_age finds them). */
const PLAYS_PER_BATCH = 1000;

/** Deletes in batches until one comes back short, a turn of the event loop between them; returns how many. */
async function inBatches(batch: () => Promise<number>, size: number): Promise<number> {
  let purged = 0;
  for (;;) {
    const deleted = await batch();
    purged += deleted;
    if (deleted < size) return purged;
    // What arrived meanwhile (requests, socket messages, group commits) runs before the next batch.
    await nextTurn();
  }
}

/**
 * Keeps the database from growing forever, once at start-up and then daily: when a retention is
 * set, deletes the games older than it (their responses go with them), in batches of `batchSize`
 * games with a turn of the event loop between them. Each purged game is announced as `deleted`,
 * so its live sockets close like after the creator's own delete. And friends' plays untouched for
 * UNFINISHED_PLAY_DAYS (no round stored since: thrown away, or a throw-away id's) are deleted
 * the same way, whatever the games' retention.
 */
export async function registerRetention(app: FastifyInstance, options: RetentionOptions): Promise<void> {
  const { games, days, plays, now = Date.now, batchSize = PURGE_BATCH_SIZE } = options;
  const playDays = plays?.days ?? 0;
  if (days === 0 && playDays === 0) return;

  async function purge(): Promise<void> {
    if (days > 0) {
      const cutoff = now() - days * DAY_MS;
      const purged = await inBatches(() => games.deleteGamesCreatedBefore(cutoff, batchSize), batchSize);
      if (purged > 0) app.log.info({ purged, retentionDays: days }, 'deleted games past their retention');
    }
    if (plays && playDays > 0) {
      const cutoff = now() - playDays * DAY_MS;
      const size = Math.max(batchSize, PLAYS_PER_BATCH);
      const purged = await inBatches(() => plays.rounds.deleteUntouchedPlays(cutoff, size), size);
      if (purged > 0) app.log.info({ purged, untouchedDays: playDays }, 'deleted unfinished plays untouched for days');
    }
  }

  await purge();
  const timer = setInterval(() => {
    purge().catch((error: unknown) => app.log.error({ err: error }, 'retention purge failed'));
  }, DAY_MS);
  // Never what keeps the process alive; stopped with the app.
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
