import type { FastifyInstance } from 'fastify';
import type { GameRepository } from './repository.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionOptions {
  games: GameRepository;
  /** GAME_RETENTION_DAYS: games older than this many days are deleted; 0 keeps them forever. */
  days: number;
  /** The clock (ms since the epoch); tests move it instead of waiting. */
  now?: () => number;
}

/**
 * Keeps the database from growing forever: when a retention is set, deletes the games older than
 * it (their responses go with them) once at start-up and then daily. Each purged game is announced
 * as `deleted`, so its live sockets close like after the creator's own delete.
 */
export async function registerRetention(app: FastifyInstance, options: RetentionOptions): Promise<void> {
  const { games, days, now = Date.now } = options;
  if (days === 0) return;

  async function purge(): Promise<void> {
    const purged = await games.deleteGamesCreatedBefore(now() - days * DAY_MS);
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
