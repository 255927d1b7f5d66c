import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, newResponse, newUserId, persistentTestDatabase, testApp } from '../testing/app.js';
import { hashCreatorKey } from './creator-routes.js';

// The repository directly, on the database of the project running it (SQLite in `server`,
// PostgreSQL in `server-postgres`): both implementations must pass this same file. SQLite runs
// on a file, as in production.
let app: FastifyInstance;
let database: Awaited<ReturnType<typeof persistentTestDatabase>>;
beforeAll(async () => {
  database = await persistentTestDatabase(mkdtempSync(join(tmpdir(), 'wavelength-repository-')));
  app = await testApp({ QUESTIONS_PER_GAME: '3', DATABASE_URL: database.url });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('GameRepository.addResponse', () => {
  it('stores at most maxPlayers friends when many answer at the same moment', async () => {
    const { gameId } = await createGame(app, 'classic');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => app.storage.games.addResponse(newResponse(gameId), 5)),
    );
    expect(results.filter((r) => r.status === 'stored')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'full')).toHaveLength(7);
    expect(await app.storage.games.listPlayers(gameId)).toHaveLength(5);
  });

  it('stores one of a player’s racing responses and calls the others duplicates', async () => {
    const { gameId } = await createGame(app, 'classic');
    const player = newUserId();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => app.storage.games.addResponse(newResponse(gameId, player), 100)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'stored',
    ]);
    expect(await app.storage.games.findScore(gameId, player)).toBe(6.7);
  });

  it('keeps the score exact in tenths and orders the board highest first, earliest among equals', async () => {
    const { gameId } = await createGame(app, 'classic');
    for (const [name, score] of [
      ['Low', 3.3],
      ['High', 10],
      ['Tie1', 6.7],
      ['Tie2', 6.7],
    ] as const) {
      await app.storage.games.addResponse({ ...newResponse(gameId), playerName: name, score }, 100);
    }
    const board = await app.storage.games.listPlayers(gameId);
    expect(board.map((p) => [p.playerName, p.score])).toEqual([
      ['High', 10],
      ['Tie1', 6.7],
      ['Tie2', 6.7],
      ['Low', 3.3],
    ]);
  });

  it('answers missing for a deleted game, and stores the responses committed with it', async () => {
    const gone = await createGame(app, 'classic');
    const kept = await createGame(app, 'classic');
    expect(await app.storage.games.deleteGame(gone.gameId)).toBe(true);
    // Asked for in one turn: in SQLite one group commit holds all three.
    const results = await Promise.all([
      app.storage.games.addResponse(newResponse(gone.gameId), 100),
      app.storage.games.addResponse(newResponse(kept.gameId), 100),
      app.storage.games.addResponse(newResponse(gone.gameId), 100),
    ]);
    expect(results.map((r) => r.status)).toEqual(['missing', 'stored', 'missing']);
    expect(await app.storage.games.listPlayers(kept.gameId)).toHaveLength(1);
  });

  it('never fails a response that races the game’s delete', async () => {
    const { gameId } = await createGame(app, 'classic');
    const writes = Array.from({ length: 20 }, (_, i) =>
      i === 10
        ? app.storage.games.deleteGame(gameId).then((deleted) => ({ status: deleted ? 'deleted' : 'not deleted' }))
        : app.storage.games.addResponse(newResponse(gameId), 100),
    );
    const statuses = new Set((await Promise.all(writes)).map((r) => r.status));
    expect([...statuses].filter((status) => !['stored', 'missing', 'deleted'].includes(status))).toEqual([]);
    expect(statuses.has('deleted')).toBe(true);
    expect(await app.storage.games.gameExists(gameId)).toBe(false);
    expect(await app.storage.games.listPlayers(gameId)).toEqual([]);
  });
});

describe('GameRepository.claimGame', () => {
  const keyHash = hashCreatorKey('k'.repeat(22));

  it('makes at most maxCoCreators co-creators when many claim at the same moment', async () => {
    const { gameId } = await createGame(app, 'classic');
    await app.storage.games.setCreatorKeyHash(gameId, keyHash);
    const browsers = Array.from({ length: 30 }, () => newUserId());
    const results = await Promise.all(browsers.map((id) => app.storage.games.claimGame(gameId, keyHash, id, 5)));
    expect(results.filter((r) => r === 'claimed')).toHaveLength(5);
    expect(results.filter((r) => r === 'full')).toHaveLength(25);
    const creators = await Promise.all(browsers.map((id) => app.storage.games.isCoCreator(gameId, id)));
    expect(creators).toEqual(results.map((r) => r === 'claimed'));
  });

  it('tells a wrong key, an unknown game and a browser that already claimed apart', async () => {
    const { gameId } = await createGame(app, 'classic');
    await app.storage.games.setCreatorKeyHash(gameId, keyHash);
    const laptop = newUserId();
    expect(await app.storage.games.claimGame(gameId, hashCreatorKey('x'.repeat(22)), laptop, 5)).toBe('wrong-key');
    expect(await app.storage.games.claimGame('no-such-game', keyHash, laptop, 5)).toBe('wrong-key');
    expect(await app.storage.games.claimGame(gameId, keyHash, laptop, 1)).toBe('claimed');
    // Already a creator: still one, even with the game full and the key changed since.
    await app.storage.games.setCreatorKeyHash(gameId, hashCreatorKey('y'.repeat(22)));
    expect(await app.storage.games.claimGame(gameId, keyHash, laptop, 1)).toBe('creator');
    expect(await app.storage.games.isCoCreator(gameId, laptop)).toBe(true);
    expect(await app.storage.games.isCoCreator(gameId, newUserId())).toBe(false);
  });
});
