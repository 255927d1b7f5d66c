import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostgresStorage } from '../storage/postgres.js';
import type { SqliteStorage } from '../storage/sqlite.js';
import { createGame, logResponse, makeGameBack, newUserId, rowCount, selectValue, testApp } from '../testing/app.js';
import type { GameRepository } from './repository.js';
import { DAY_MS, PURGE_BATCH_BUDGET_MS, PURGE_BATCH_SIZE, PURGE_FIRST_BATCH, registerRetention } from './retention.js';

// The purge must never hold the event loop for long (batches of at most 500
// games, yielding between them). What is checked here is the shape: batches, and a turn of the
// event loop between two of them, never how long anything took.
afterEach(() => {
  vi.useRealTimers();
});

/**
 * A repository holding `count` games past the retention, that notes each batch and each turn of
 * the event loop; with `clock`, a batch moves it on by `msPerGame(games deleted before it)` a game.
 */
function oldGames(count: number, clock?: { ms: number; msPerGame: (done: number) => number }) {
  let left = count;
  const log: string[] = [];
  const games = {
    async deleteGamesCreatedBefore(_cutoff: number, limit: number) {
      const deleted = Math.min(left, limit);
      if (clock) clock.ms += deleted * clock.msPerGame(count - left);
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
    const { games, log, left } = oldGames(10 * PURGE_BATCH_SIZE);
    const app = Fastify();
    // Batches that take no time grow from the first size to the largest, never past it.
    await registerRetention(app, { games, days: 30, clock: () => 0 });
    expect(left()).toBe(0);
    const sizes = log.filter((line) => line.startsWith('batch')).map((line) => Number(line.slice(6)));
    expect(sizes[0]).toBe(PURGE_FIRST_BATCH);
    expect(Math.max(...sizes)).toBe(PURGE_BATCH_SIZE);
    expect(log.slice(0, 4)).toEqual([`batch ${sizes[0]}`, 'turn', `batch ${sizes[1]}`, 'turn']);
    await app.close();
  });

  it("waits for the storage to settle between two batches (SQLite's log copied off the event loop), never after the last", async () => {
    const { games, log, left } = oldGames(3 * PURGE_FIRST_BATCH);
    const app = Fastify();
    // Batches that take no time: the first three are 50, 75 and the remaining 25 games.
    await registerRetention(app, {
      games,
      days: 30,
      clock: () => 0,
      settle: async () => {
        log.push('settle');
      },
    });
    expect(left()).toBe(0);
    expect(log).toEqual([
      `batch ${PURGE_FIRST_BATCH}`,
      'turn',
      'settle',
      `batch ${PURGE_FIRST_BATCH * 1.5}`,
      'turn',
      'settle',
      `batch ${PURGE_FIRST_BATCH / 2}`,
    ]);
    await app.close();
  });

  it('sizes each batch by the time the last one took, so that none holds the event loop past the budget', async () => {
    // A game's rows cost 0.3 ms to delete at first, then more and more (tables joined, a busier
    // machine) up to 1 ms: 200 games at once would take 60 to 200 ms, past the contract's 50 ms.
    const clock = { ms: 0, msPerGame: (done: number) => 0.3 + (0.7 * done) / 8000 };
    const { games, left } = oldGames(8000, clock);
    const took: number[] = [];
    const timed = {
      async deleteGamesCreatedBefore(cutoff: number, limit: number) {
        const started = clock.ms;
        const deleted = await games.deleteGamesCreatedBefore(cutoff, limit);
        took.push(clock.ms - started);
        return deleted;
      },
    } as unknown as GameRepository;
    const app = Fastify();
    await registerRetention(app, { games: timed, days: 30, clock: () => clock.ms });
    expect(left()).toBe(0);
    expect(Math.max(...took)).toBeLessThanOrEqual(PURGE_BATCH_BUDGET_MS * 1.2);
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

  it("deletes every row of a purged game, in every table that names a game (this wave's too), and nobody else's", async () => {
    const T0 = Date.parse('2025-01-01T00:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const app = await testApp({ QUESTIONS_PER_GAME: '3' });
    const storage = app.storage as SqliteStorage | PostgresStorage;
    /** Every table with a column naming a game, and those columns. */
    const gameColumns = async (): Promise<[string, string][]> => {
      if (storage.kind === 'sqlite') {
        const tables = storage.db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
          .pluck()
          .all() as string[];
        return tables.flatMap((table) =>
          (storage.db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[])
            .filter(({ name }) => name === 'game_id' || name === 'reply_game_id')
            .map(({ name }): [string, string] => [table, name]),
        );
      }
      const { rows } = await storage.pool.query<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND column_name IN ('game_id', 'reply_game_id')`,
      );
      return rows.map((row) => [row.table_name, row.column_name]);
    };
    const rowsOf = async (gameId: string) => {
      const counts: Record<string, number> = {};
      for (const [table, column] of await gameColumns()) {
        const n = Number(await selectValue(app, `SELECT count(*) FROM ${table} WHERE ${column} = ?`, gameId));
        if (n > 0) counts[`${table}.${column}`] = n;
      }
      return counts;
    };
    /** A game with a row in each table: a friend, one playing, a report, a push subscription, a game made back. */
    const busyGame = async () => {
      const game = await createGame(app, 'classic', [1, 2, 3], 'Ada');
      const bo = newUserId();
      await logResponse(app, game.gameId, bo, [1, 2, 3], 'Bo');
      const round = { gameId: game.gameId, playerId: newUserId(), userName: 'Cy', round: 0, answer: 1 };
      expect((await app.inject({ method: 'POST', url: '/prod/answer-round', payload: round })).statusCode).toBe(200);
      const report = { gameId: game.gameId, reason: 'spam' };
      expect((await app.inject({ method: 'POST', url: '/prod/report-game', payload: report })).statusCode).toBe(200);
      await selectValue(
        app,
        `INSERT INTO push_subscriptions (game_id, endpoint, user_id, p256dh, auth, created_at)
         VALUES (?, ?, ?, 'key', 'auth', 0) RETURNING game_id`,
        game.gameId,
        `https://fcm.googleapis.com/fcm/send/${game.gameId}`,
        game.creatorId,
      );
      await selectValue(
        app,
        'INSERT INTO game_creators (game_id, user_id, created_at) VALUES (?, ?, 0) RETURNING game_id',
        game.gameId,
        newUserId(),
      );
      const back = await makeGameBack(app, bo, 'Bo', { gameId: game.gameId, playerId: bo });
      expect(back.statusCode).toBe(200);
      return { gameId: game.gameId, back: back.json().gameId as string };
    };
    const old = await busyGame();
    vi.setSystemTime(T0 + 10 * DAY_MS);
    const kept = await busyGame();
    const before = await rowsOf(old.gameId);
    // This wave's tables hold rows of the old game before the purge.
    for (const table of [
      'plays.game_id',
      'game_reports.game_id',
      'push_subscriptions.game_id',
      'game_replies.game_id',
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const keptBefore = await rowsOf(kept.gameId);

    // The old game and the game made back for it (both of 1 January) go, with every row naming them.
    expect(await app.storage.games.deleteGamesCreatedBefore(T0 + DAY_MS, PURGE_BATCH_SIZE)).toBe(2);
    expect(await rowsOf(old.gameId)).toEqual({});
    expect(await rowsOf(old.back)).toEqual({});
    expect(await rowsOf(kept.gameId)).toEqual(keptBefore);
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
