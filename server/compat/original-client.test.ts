/**
 * The product's original client (an open-source React app that talks to `/prod`) is still in use, and this
 * server is a drop-in backend for it. These tests replay the shapes of the requests it sends, as
 * facts about the wire: what it sends and what it needs back. (Our own tests; none of its code.)
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, fetchQuestions, logResponse, newUserId, testApp } from '../testing/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '3' });
});
afterAll(() => app.close());

/** A GET as the original client sends it: with `Content-Type: application/json` and no body. */
const originalGet = (url: string) =>
  app.inject({ method: 'GET', url, headers: { 'content-type': 'application/json', accept: 'application/json' } });

describe('the original client against this server', () => {
  it('a friend opening a join link for the first time sends userId=null and is told "visitor"', async () => {
    const game = await createGame(app, 'classic', undefined, 'Ada');
    for (const query of ['userId=null', 'userId=undefined', 'userId=', '']) {
      const response = await originalGet(`/prod/is-creator?gameId=${game.gameId}&${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(response.json()).toEqual({ playerName: 'Ada', isCreator: false, hasPlayed: false, mode: 'alike' });
    }
  });

  it('an unknown game is still 404 for a first-time visitor', async () => {
    const response = await originalGet('/prod/is-creator?gameId=AAAAAAAAAAAAAAAA&userId=null');
    expect(response.statusCode).toBe(404);
  });

  it('every GET it makes with Content-Type: application/json and no body is answered normally', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const friend = newUserId();
    await logResponse(app, game.gameId, friend, [1, 2, 3]);
    const urls = [
      '/prod/get-questions?gametype=classic',
      '/prod/get-questions?gametype=spectrum',
      `/prod/get-all-players?gameId=${game.gameId}`,
      `/prod/is-creator?gameId=${game.gameId}&userId=${friend}`,
      `/prod/has-played?gameId=${game.gameId}`,
      `/prod/get-score?gameId=${game.gameId}&playerId=${friend}`,
    ];
    for (const url of urls) {
      const response = await originalGet(url);
      expect(response.statusCode, url).toBe(200);
    }
    // Some HTTP stacks also send an explicit empty body.
    const withLength = await app.inject({
      method: 'GET',
      url: `/prod/get-score?gameId=${game.gameId}&playerId=${friend}`,
      headers: { 'content-type': 'application/json', 'content-length': '0' },
    });
    expect(withLength.json()).toEqual({ score: 10 });
  });

  it('a Classic create-game carries no gameType, and makes a Classic game', async () => {
    const questions = await fetchQuestions(app, 'classic');
    const response = await app.inject({
      method: 'POST',
      url: '/prod/create-game',
      payload: {
        userId: newUserId(),
        userName: 'Ada',
        questionSet: questions.map((q) => q.questionID),
        answerSet: [1, 2, 3],
      },
    });
    expect(response.statusCode).toBe(200);
    const join = await app.inject({ method: 'POST', url: '/prod/join-game', payload: response.json() });
    expect(join.json().gameType).toBe('Classic');
  });

  it("a Classic round that timed out is answered 0: the creator's are dropped from the game, a friend's is never a match", async () => {
    const creatorTimedOut = await createGame(app, 'classic', [0, 2, 1]);
    // Round 1 is gone (no friend is asked what nobody answered): the game has two rounds.
    const join = await app.inject({
      method: 'POST',
      url: '/prod/join-game',
      payload: { gameId: creatorTimedOut.gameId },
    });
    expect(join.json().questions).toHaveLength(2);
    const response = await logResponse(app, creatorTimedOut.gameId, newUserId(), [2, 0]);
    expect(response.statusCode).toBe(200);
    // Round 2 matches; the friend's timed-out round does not.
    expect(response.json().score).toBe(5);
  });

  it('a creator name over 40 characters is cut, not refused (the original never caps it)', async () => {
    const name = 'A very long name typed into the original client, longer than forty';
    const game = await createGame(app, 'classic', undefined, name);
    const creator = await originalGet(`/prod/has-played?gameId=${game.gameId}`);
    expect(creator.json()).toEqual({ playerName: name.slice(0, 40) });
  });

  it('Spectrum options are one string it reads as A (Rarely–Often), B (Disagree–Agree) or anything else (False–True)', async () => {
    const questions = await fetchQuestions(app, 'spectrum');
    for (const question of questions) expect(typeof question.options).toBe('string');
    // A game with one question of each scale carries all three readings.
    const bank = await app.storage.questions.draw('spectrum', 60);
    const oneOfEachScale = ['rarely-often', 'disagree-agree', 'false-true'].map((scale) =>
      bank.find((q) => q.edition === 'spectrum' && q.scale === scale),
    );
    const created = await app.inject({
      method: 'POST',
      url: '/prod/create-game',
      payload: {
        userId: newUserId(),
        userName: 'Ada',
        questionSet: oneOfEachScale.map((q) => q?.id),
        answerSet: [50, 50, 50],
        gameType: 'Spectrum',
      },
    });
    const join = await app.inject({ method: 'POST', url: '/prod/join-game', payload: created.json() });
    const codes = join.json().questions.map((q: { options: string }) => q.options) as string[];
    expect(codes.slice(0, 2)).toEqual(['A', 'B']);
    expect(['A', 'B']).not.toContain(codes[2]);
  });
});
