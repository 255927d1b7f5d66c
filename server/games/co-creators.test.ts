import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGame, newUserId, testApp } from '../testing/app.js';

// CO_CREATORS_PER_GAME: a game's creator link makes a bounded number of
// creators, and checking one is a single look-up that claims never make more expensive.
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '3', CO_CREATORS_PER_GAME: '2' });
});
afterAll(() => app.close());

const post = (url: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url, payload });
const claim = (gameId: string, key: string, userId: string) => post('/prod/claim-game', { gameId, key, userId });
const isCreator = async (gameId: string, userId: string) =>
  (await app.inject({ method: 'GET', url: `/prod/is-creator?gameId=${gameId}&userId=${userId}` })).json().isCreator;

async function gameWithLink() {
  const game = await createGame(app, 'classic');
  const { key } = (await post('/prod/creator-link', { gameId: game.gameId, userId: game.creatorId })).json();
  return { ...game, key: key as string };
}

describe('co-creators of one game', () => {
  it('answers 409 "This game has too many creators." past CO_CREATORS_PER_GAME, and keeps the ones it has', async () => {
    const game = await gameWithLink();
    const [first, second, third] = [newUserId(), newUserId(), newUserId()];
    expect((await claim(game.gameId, game.key, first)).statusCode).toBe(200);
    expect((await claim(game.gameId, game.key, second)).statusCode).toBe(200);
    const refused = await claim(game.gameId, game.key, third);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'too_many_creators', message: 'This game has too many creators.' });
    expect(await isCreator(game.gameId, third)).toBe(false);
    // Those who have claimed may open the link again; the original creator never counts.
    expect((await claim(game.gameId, game.key, first)).json()).toEqual({ ok: true });
    expect((await claim(game.gameId, game.key, game.creatorId)).json()).toEqual({ ok: true });
    expect([await isCreator(game.gameId, first), await isCreator(game.gameId, second)]).toEqual([true, true]);
  });

  it('lets no more than CO_CREATORS_PER_GAME through when many claim at once', async () => {
    const game = await gameWithLink();
    const replies = await Promise.all(Array.from({ length: 12 }, () => claim(game.gameId, game.key, newUserId())));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 200, ...Array(10).fill(409)]);
  });

  it('never re-reads the game for a claim: the cached definition holds no list of creators', async () => {
    const game = await gameWithLink();
    await isCreator(game.gameId, newUserId());
    const findGame = vi.spyOn(app.storage.games, 'findGame');
    const laptop = newUserId();
    expect(await isCreator(game.gameId, laptop)).toBe(false);
    await claim(game.gameId, game.key, laptop);
    const reads = findGame.mock.calls.length;
    expect(await isCreator(game.gameId, laptop)).toBe(true);
    expect(findGame.mock.calls.length).toBe(reads);
    findGame.mockRestore();
    expect(await app.storage.games.findGame(game.gameId)).not.toHaveProperty('coCreatorUserIds');
  });
});
