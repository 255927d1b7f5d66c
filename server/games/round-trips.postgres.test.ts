import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGame, logResponse, newUserId, testApp } from '../testing/app.js';

// What one answer costs PostgreSQL: every query any connection of the app sends while it is
// answered (pooled ones, the listener's), counted on pg's Client, where each is one round trip.
let app: FastifyInstance;
let sent: string[] = [];
beforeAll(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '3' });
  const query = pg.Client.prototype.query;
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const [first] = args as [string | { name?: string; text: string }];
    sent.push(typeof first === 'string' ? first : (first.name ?? first.text));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await app.close();
});

async function counting<T>(work: () => Promise<T>): Promise<string[]> {
  sent = [];
  await work();
  // The push bookkeeping runs just after the answer, off its path.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return sent;
}

describe('round trips per answer on PostgreSQL', () => {
  it('log-response', async () => {
    const { gameId } = await createGame(app, 'classic');
    const q = await counting(async () =>
      expect((await logResponse(app, gameId, newUserId(), [1, 1, 1])).statusCode).toBe(200),
    );
    console.log('log-response', q);
    const playerId = newUserId();
    for (const round of [0, 1]) {
      const q2 = await counting(async () => {
        const r = await app.inject({
          method: 'POST',
          url: '/prod/answer-round',
          payload: { gameId, playerId, userName: 'Bo', round, answer: 1 },
        });
        expect(r.statusCode).toBe(200);
      });
      console.log('answer-round', q2);
    }
    const q3 = await counting(async () =>
      expect((await logResponse(app, gameId, playerId, [1, 1, 2])).statusCode).toBe(200),
    );
    console.log('log-response after rounds', q3);
  });
});
