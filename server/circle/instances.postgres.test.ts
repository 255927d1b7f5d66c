import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGame, logResponse, newUserId, testApp } from '../testing/app.js';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.js';

// Two server instances sharing one PostgreSQL database, as behind a load balancer.
let database: TestDatabase;
let a: FastifyInstance;
let b: FastifyInstance;

beforeEach(async () => {
  database = await createTestDatabase();
  const env = { DATABASE_URL: database.url, QUESTIONS_PER_GAME: '3' };
  // Started together: both migrate and seed the empty database at once; the advisory lock serializes them.
  [a, b] = await Promise.all([testApp(env), testApp(env)]);
});

afterEach(async () => {
  await Promise.all([a.close(), b.close()]);
  await database.drop();
});

describe("the friends' circle on several instances of one PostgreSQL database", () => {
  it('takes a score and a removal made on the other instance, through LISTEN/NOTIFY', async () => {
    const game = await createGame(a, 'classic', [1, 2, 3]);
    const pairs = async () =>
      (await a.inject({ url: `/prod/get-circle?gameId=${game.gameId}&userId=${game.creatorId}` }))
        .json()
        .pairs.map(
          (p: { a: { playerName: string }; b: { playerName: string } }) => `${p.a.playerName}+${p.b.playerName}`,
        );
    await logResponse(a, game.gameId, newUserId(), [1, 2, 3], 'Bo');
    expect(await pairs()).toEqual([]);
    const cy = await logResponse(b, game.gameId, newUserId(), [1, 2, 3], 'Cy');
    // Instance a learns of Cy only from the bus: wait for it rather than for a time.
    await expect.poll(pairs).toEqual(['Bo+Cy']);
    await b.inject({
      method: 'POST',
      url: '/prod/remove-player',
      payload: { gameId: game.gameId, userId: game.creatorId, playerID: cy.json().playerID },
    });
    await expect.poll(pairs).toEqual([]);
  });
});
