import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createGame, newUserId, testApp } from '../testing/app.js';
import { createTestDatabase } from '../testing/postgres.js';
import { TEST_REDIS_URL, testChannel } from '../testing/redis.js';

// With BUS_URL the rounds' statement is the one without notifications (the events go on Redis
// after the commit): a play counts for its network from its first round there too (issue 42.2).
let app: FastifyInstance;
afterEach(() => app?.close());

describe('a play counts for its network from its first round, on the Redis bus', () => {
  it('a first round past PLAYS_PER_ADDRESS_PER_GAME is 409, the others are stored', async () => {
    const database = await createTestDatabase();
    app = await testApp(
      {
        DATABASE_URL: database.url,
        QUESTIONS_PER_GAME: '3',
        BUS_URL: TEST_REDIS_URL ?? '',
        PLAYS_PER_ADDRESS_PER_GAME: '2',
      },
      { busChannel: testChannel() },
    );
    app.addHook('onClose', () => database.drop());
    const game = await createGame(app, 'classic', undefined, 'Ada', 'guess');
    const first = (playerId: string) =>
      app.inject({
        method: 'POST',
        url: '/prod/answer-round',
        payload: { gameId: game.gameId, playerId, userName: 'Bo', round: 0, answer: 1 },
      });
    const statuses = (await Promise.all(Array.from({ length: 4 }, () => first(newUserId())))).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 200, 409, 409]);
    const unfinished = await app.inject({
      method: 'GET',
      url: `/prod/get-unfinished?gameId=${game.gameId}&userId=${game.creatorId}`,
    });
    expect(unfinished.json().friends).toHaveLength(2);
  });
});
