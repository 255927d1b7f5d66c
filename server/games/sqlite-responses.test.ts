import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGame, newResponse, testApp } from '../testing/app.js';

// A SQLite file database, as in production: friends' responses are stored in group commits.
let dir: string;
let path: string;
let app: FastifyInstance;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wavelength-writer-'));
  path = join(dir, 'games.db');
  app = await testApp({ DATABASE_URL: `sqlite:${path}`, QUESTIONS_PER_GAME: '3' });
});
afterEach(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('responses stored in group commits on a SQLite file', () => {
  it('stores the good responses of a batch when one of them fails, and fails only that one', async () => {
    const { gameId } = await createGame(app, 'classic');
    const results = await Promise.allSettled([
      app.storage.games.addResponse(newResponse(gameId), 100),
      // A score past 10: the CHECK rule refuses it, inside the same batch as the others. (A game
      // that is gone is not a failure: the write answers `missing`, see repository.test.ts.)
      app.storage.games.addResponse({ ...newResponse(gameId), score: 11 }, 100),
      app.storage.games.addResponse(newResponse(gameId), 100),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toMatch(/CHECK constraint failed/);
    expect(await app.storage.games.listPlayers(gameId)).toHaveLength(2);
  });

  it('stores every response under way before the app closes', async () => {
    const { gameId } = await createGame(app, 'spectrum');
    const writes = Array.from({ length: 20 }, () => app.storage.games.addResponse(newResponse(gameId), 100));
    await app.close();
    expect((await Promise.all(writes)).every((r) => r.status === 'stored')).toBe(true);
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(20);
    db.close();
    app = await testApp({ DATABASE_URL: `sqlite:${path}`, QUESTIONS_PER_GAME: '3' });
    expect(await app.storage.games.listPlayers(gameId)).toHaveLength(20);
  });
});
