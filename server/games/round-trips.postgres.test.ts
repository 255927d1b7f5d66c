import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGame, logResponse, newUserId, selectValue, testApp } from '../testing/app.js';

// What one answer costs PostgreSQL: every query any connection of the app sends (pooled ones and
// the listener's), counted on pg's Client, where each query is one round trip and, for a write
// that is not in a transaction, one commit. The names are the statements' (each is a named,
// prepared statement). Push bookkeeping (push-…) would run off the answer's path, after it: the
// response's statement counts the friend on the game's subscriptions itself, and a game with none
// costs nothing more.
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

/** The queries `work` sends, and any sent just after (push bookkeeping would start at once). */
async function queriesOf(work: () => Promise<void>) {
  sent = [];
  await work();
  // Proving that nothing more is sent: there is no event to await for that.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return sent;
}

const answerRound = (gameId: string, playerId: string, round: number, answer: number) =>
  app.inject({
    method: 'POST',
    url: '/prod/answer-round',
    payload: { gameId, playerId, userName: 'Bo', round, answer },
  });

describe('round trips per answer on PostgreSQL', () => {
  it("plans the app's named statements once per connection (plan_cache_mode set at connection start, no query of its own)", async () => {
    expect(await selectValue(app, 'SELECT current_setting(?)', 'plan_cache_mode')).toBe('force_generic_plan');
  });

  it('log-response is one statement: no co-creator look-up, no read of stored rounds, no BEGIN or COMMIT', async () => {
    const { gameId } = await createGame(app, 'classic');
    // The game's definition is read once, then cached.
    await app.inject({ method: 'POST', url: '/prod/join-game', payload: { gameId } });
    const answer = await queriesOf(async () => {
      expect((await logResponse(app, gameId, newUserId(), [1, 1, 1])).statusCode).toBe(200);
    });
    expect(answer).toEqual(['responses-store']);
  });

  it('answer-round is one statement, and log-response after it too (it takes the rounds in and deletes them)', async () => {
    const { gameId } = await createGame(app, 'classic');
    await app.inject({ method: 'POST', url: '/prod/join-game', payload: { gameId } });
    const playerId = newUserId();
    let playerID = '';
    for (const round of [0, 1]) {
      const answer = await queriesOf(async () => {
        const reply = await answerRound(gameId, playerId, round, 1);
        expect(reply.statusCode).toBe(200);
        playerID = reply.json().playerID;
      });
      expect(answer).toEqual(['rounds-store']);
    }
    const answer = await queriesOf(async () => {
      const reply = await logResponse(app, gameId, playerId, [1, 1, 2]);
      expect(reply.json()).toEqual({ ok: true, score: 6.7, playerID });
    });
    expect(answer).toEqual(['responses-store']);
    expect(await selectValue(app, 'SELECT count(*) FROM plays WHERE game_id = ?', gameId)).toBe(0);
  });

  it('a response that differs from its stored rounds is refused by that one statement, and stores nothing', async () => {
    const { gameId } = await createGame(app, 'classic');
    await app.inject({ method: 'POST', url: '/prod/join-game', payload: { gameId } });
    const playerId = newUserId();
    expect((await answerRound(gameId, playerId, 0, 2)).statusCode).toBe(200);
    const answer = await queriesOf(async () => {
      expect((await logResponse(app, gameId, playerId, [1, 1, 1])).json().code).toBe('answers_differ');
    });
    expect(answer).toEqual(['responses-store']);
    expect(await selectValue(app, 'SELECT count(*) FROM responses WHERE game_id = ?', gameId)).toBe(0);
    expect(await selectValue(app, 'SELECT count(*) FROM plays WHERE game_id = ?', gameId)).toBe(1);
  });
});
