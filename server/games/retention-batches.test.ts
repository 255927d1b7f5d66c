import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGame, logResponse, newUserId, rowCount, testApp } from '../testing/app.js';
import type { GameRepository } from './repository.js';
import { DAY_MS, PURGE_BATCH_SIZE, registerRetention } from './retention.js';

// The purge must never hold the event loop for long (batches of at most 500
// games, yielding between them). What is checked here is the shape: batches, and a turn of the
// event loop between two of them, never how long anything took.
afterEach(() => {
  vi.useRealTimers();
});

/** A repository holding `count` games past the retention, that notes each batch and each turn of the event loop. */
function oldGames(count: number) {
  let left = count;
  const log: string[] = [];
  const games = {
    async deleteGamesCreatedBefore(_cutoff: number, limit: number) {
      const deleted = Math.min(left, limit);
      left -= deleted;
      log.push(`batch ${deleted}`);
      // Queued now: it runs before the next batch only if the purge yields to the event loop.
      setImmediate(() => log.push('turn'));
      return deleted;
    },
  };
  return { games: games as unknown as GameRepository, log, left: () => left };
}

describe('the retention purge', () => {
  it('deletes in batches of at most 500 games, with a turn of the event loop between two batches', async () => {
    expect(PURGE_BATCH_SIZE).toBeLessThanOrEqual(500);
    const { games, log, left } = oldGames(2 * PURGE_BATCH_SIZE + 34);
    const app = Fastify();
    await registerRetention(app, { games, days: 30 });
    expect(left()).toBe(0);
    const full = `batch ${PURGE_BATCH_SIZE}`;
    expect(log.slice(0, 5)).toEqual([full, 'turn', full, 'turn', 'batch 34']);
    await app.close();
  });

  it('stops after a batch that is not full, without an empty one', async () => {
    const { games, log } = oldGames(3);
    const app = Fastify();
    await registerRetention(app, { games, days: 30, batchSize: 3 });
    // A full batch may have been the last one: one more (empty) look tells.
    expect(log.filter((line) => line.startsWith('batch'))).toEqual(['batch 3', 'batch 0']);
    const { games: fewer, log: fewerLog } = oldGames(2);
    await registerRetention(app, { games: fewer, days: 30, batchSize: 3 });
    expect(fewerLog.filter((line) => line.startsWith('batch'))).toEqual(['batch 2']);
    await app.close();
  });

  it('deletes at most `limit` games per call, oldest first, with their responses', async () => {
    const T0 = Date.parse('2025-01-01T00:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = await testApp({ QUESTIONS_PER_GAME: '3' });
    const ids: string[] = [];
    for (let day = 0; day < 5; day++) {
      vi.setSystemTime(T0 + day * DAY_MS);
      const { gameId } = await createGame(app, 'classic');
      await logResponse(app, gameId, newUserId(), [1, 1, 1]);
      ids.push(gameId);
    }
    const exists = () => Promise.all(ids.map((id) => app.storage.games.gameExists(id)));
    const cutoff = T0 + 4 * DAY_MS;
    expect(await app.storage.games.deleteGamesCreatedBefore(cutoff, 2)).toBe(2);
    expect(await exists()).toEqual([false, false, true, true, true]);
    expect(await app.storage.games.deleteGamesCreatedBefore(cutoff, 2)).toBe(2);
    expect(await app.storage.games.deleteGamesCreatedBefore(cutoff, 2)).toBe(0);
    expect(await exists()).toEqual([false, false, false, false, true]);
    expect(await rowCount(app, 'responses')).toBe(1);
    await app.close();
  });
});
