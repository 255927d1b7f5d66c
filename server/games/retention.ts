import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
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
  /** The clock (ms since the epoch); tests move it instead of waiting. */
  now?: () => number;
  /** Games per batch; tests make it small. */
  batchSize?: number;
}

/**
 * Keeps the database from growing forever: when a retention is set, deletes the games older than
 * it (their responses go with them) once at start-up and then daily, in batches of `batchSize`
 * games with a turn of the event loop between them. Each purged game is announced
 * as `deleted`, so its live sockets close like after the creator's own delete.
 */
export async function registerRetention(app: FastifyInstance, options: RetentionOptions): Promise<void> {
  const { games, days, now = Date.now, batchSize = PURGE_BATCH_SIZE } = options;
  if (days === 0) return;

  async function purge(): Promise<void> {
    const cutoff = now() - days * DAY_MS;
    let purged = 0;
    for (;;) {
      const deleted = await games.deleteGamesCreatedBefore(cutoff, batchSize);
      purged += deleted;
      if (deleted < batchSize) break;
      // What arrived meanwhile (requests, socket messages, group commits) runs before the next batch.
      await nextTurn();
    }
    if (purged > 0) app.log.info({ purged, retentionDays: days }, 'deleted games past their retention');
  }

  await purge();
  const timer = setInterval(() => {
    purge().catch((error: unknown) => app.log.error({ err: error }, 'retention purge failed'));
  }, DAY_MS);
  // Never what keeps the process alive; stopped with the app.
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
