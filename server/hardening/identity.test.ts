import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, logResponse, newUserId, rowCount, testApp } from '../testing/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '3' });
});
afterAll(() => app.close());

const board = async (gameId: string) =>
  (await app.inject({ method: 'GET', url: `/prod/get-all-players?gameId=${gameId}` })).json().players as {
    playerName: string;
  }[];

describe('UUIDs are case-insensitive', () => {
  it('answers 409 to an upper-cased replay of a friend, and keeps one row', async () => {
    const game = await createGame(app, 'classic', [1, 1, 1]);
    const friend = newUserId();
    const before = await rowCount(app, 'responses');
    expect((await logResponse(app, game.gameId, friend, [1, 1, 1])).statusCode).toBe(200);
    const replay = await logResponse(app, game.gameId, friend.toUpperCase(), [2, 2, 2], 'Again');
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toMatch(/already played/);
    expect(await rowCount(app, 'responses')).toBe(before + 1);
    expect(await board(game.gameId)).toHaveLength(1);
  });

  it('treats an upper-cased first play and a lower-cased replay as the same friend', async () => {
    const game = await createGame(app, 'classic');
    const friend = newUserId();
    expect((await logResponse(app, game.gameId, friend.toUpperCase(), [1, 1, 1])).statusCode).toBe(200);
    expect((await logResponse(app, game.gameId, friend, [1, 1, 1])).statusCode).toBe(409);
    const score = await app.inject({ method: 'GET', url: `/prod/get-score?gameId=${game.gameId}&playerId=${friend}` });
    expect(score.json()).toEqual({ score: 10 });
  });

  it('answers 409 when the creator answers their own game with an upper-cased id', async () => {
    const game = await createGame(app, 'classic');
    const response = await logResponse(app, game.gameId, game.creatorId.toUpperCase(), [1, 1, 1]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/created this game/);
    const isCreator = await app.inject({
      method: 'GET',
      url: `/prod/is-creator?gameId=${game.gameId}&userId=${game.creatorId.toUpperCase()}`,
    });
    expect(isCreator.json().isCreator).toBe(true);
  });
});

describe('names', () => {
  it('cuts a creator name over 40 characters to its first 40 instead of refusing it', async () => {
    const long = `${'Alexandra'.repeat(5)}!`;
    const game = await createGame(app, 'classic', undefined, long);
    const creator = await app.inject({ method: 'GET', url: `/prod/has-played?gameId=${game.gameId}` });
    expect(creator.json()).toEqual({ playerName: long.slice(0, 40) });
  });

  it("cuts a friend's long name the same way, by code point", async () => {
    const game = await createGame(app, 'classic');
    const name = '🙂'.repeat(45);
    expect((await logResponse(app, game.gameId, newUserId(), [1, 1, 1], name)).statusCode).toBe(200);
    expect((await board(game.gameId))[0].playerName).toBe('🙂'.repeat(40));
  });

  it('stores names without bidi overrides, zero-width or control characters, in NFC', async () => {
    const game = await createGame(app, 'classic', undefined, '\u202Egnp.exe\u202C Ada\u200B\u0007');
    const creator = await app.inject({ method: 'GET', url: `/prod/has-played?gameId=${game.gameId}` });
    expect(creator.json().playerName).toBe('gnp.exe Ada');
    await logResponse(app, game.gameId, newUserId(), [1, 1, 1], '\u2066Zoe\u0308\u2069\uFEFF');
    expect((await board(game.gameId))[0].playerName).toBe('Zo\u00EB');
  });

  it('turns a name of 40 lone surrogates into an empty name', async () => {
    const game = await createGame(app, 'classic');
    const response = await app.inject({
      method: 'POST',
      url: '/prod/log-response',
      headers: { 'content-type': 'application/json' },
      // JSON.stringify writes lone surrogates as \ud800 escapes, which JSON.parse turns back into them.
      payload: JSON.stringify({
        gameId: game.gameId,
        playerId: newUserId(),
        userName: '\uD800'.repeat(40),
        responseSet: [1, 1, 1],
      }),
    });
    expect(response.statusCode).toBe(200);
    expect((await board(game.gameId))[0].playerName).toBe('');
  });

  it('still refuses a name that is not a string', async () => {
    const game = await createGame(app, 'classic');
    const response = await logResponse(app, game.gameId, newUserId(), [1, 1, 1], 42 as unknown as string);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/userName/);
  });
});

describe('QUESTIONS_PER_GAME and create-game (decided: any 1..50 questions are accepted)', () => {
  it('accepts a game with more or fewer questions than QUESTIONS_PER_GAME', async () => {
    for (const count of [1, 12]) {
      const questions = await app.storage.questions.draw('classic', count);
      const response = await app.inject({
        method: 'POST',
        url: '/prod/create-game',
        payload: {
          userId: newUserId(),
          userName: 'Ada',
          questionSet: questions.map((q) => q.id),
          answerSet: questions.map(() => 1),
        },
      });
      expect(response.statusCode, `${count} questions`).toBe(200);
      const join = await app.inject({ method: 'POST', url: '/prod/join-game', payload: response.json() });
      expect(join.json().questions).toHaveLength(count);
    }
  });
});
