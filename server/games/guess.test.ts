import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../shared/api.js';
import { computeScore, roundPoints } from '../../shared/score.js';
import { createGame, fetchQuestions, logResponse, newUserId, testApp } from '../testing/app.js';
import { everyCall, injectEveryCall, walk } from '../testing/every-call.js';
import { LiveClient } from '../testing/live-client.js';

// "How well do you know me?": a game's mode, and the creator's answer to a
// round given only with the friend's own stored answer to it. Runs on SQLite (project server) and
// on PostgreSQL (project server-postgres).
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '5' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod/live/`;
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });
const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
const answerRound = (gameId: string, playerId: string, round: number, answer: number, userName = 'Bo') =>
  post('/prod/answer-round', { gameId, playerId, userName, round, answer });

describe('create-game mode', () => {
  it('is alike by default and guess when asked, and join-game, is-creator, my-games and get-comparison say it', async () => {
    const alike = await createGame(app, 'classic', [1, 2, 3, 4, 1], 'Ada');
    const guess = await createGame(app, 'classic', [1, 2, 3, 4, 1], 'Ada', 'guess');
    const explicit = await createGame(app, 'classic', [1, 2, 3, 4, 1], 'Ada', 'alike');
    for (const [game, mode] of [
      [alike, 'alike'],
      [guess, 'guess'],
      [explicit, 'alike'],
    ] as const) {
      expect((await post('/prod/join-game', { gameId: game.gameId })).json().mode).toBe(mode);
      expect((await get(`/prod/is-creator?gameId=${game.gameId}`)).json().mode).toBe(mode);
      expect((await get(`/prod/is-creator?gameId=${game.gameId}&userId=${game.creatorId}`)).json()).toEqual({
        playerName: 'Ada',
        isCreator: true,
        hasPlayed: false,
        mode,
      });
      const mine = (await get(`/prod/my-games?userId=${game.creatorId}`)).json().games;
      expect(mine.map((g: { mode: string }) => g.mode)).toEqual([mode]);
      const friend = newUserId();
      expect((await logResponse(app, game.gameId, friend, [1, 2, 3, 4, 1])).statusCode).toBe(200);
      expect((await get(`/prod/get-comparison?gameId=${game.gameId}&playerId=${friend}`)).json().mode).toBe(mode);
    }
  });

  it('answers 400 to an unknown mode and stores nothing', async () => {
    const questions = await fetchQuestions(app, 'classic');
    const userId = newUserId();
    for (const mode of ['Guess', 'quiz', '', 3, null]) {
      const response = await post('/prod/create-game', {
        userId,
        userName: 'Ada',
        questionSet: questions.map((q) => q.questionID),
        answerSet: questions.map(() => 1),
        mode,
      });
      expect(response.statusCode, String(mode)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(/"mode"/) });
    }
    expect((await get(`/prod/my-games?userId=${userId}`)).json().games).toEqual([]);
  });
});

describe('answer-round in a guess game', () => {
  it("carries the creator's answer to the round just stored and its points (Classic and Spectrum)", async () => {
    const classic = await createGame(app, 'classic', [1, 2, 3, 4, 1], 'Ada', 'guess');
    const bo = newUserId();
    const replies = [];
    for (const [round, answer] of [1, 3, 3, 4, 2].entries()) {
      replies.push((await answerRound(classic.gameId, bo, round, answer)).json());
    }
    expect(replies.map(({ creatorAnswer, points }) => ({ creatorAnswer, points }))).toEqual([
      { creatorAnswer: 1, points: 10 },
      { creatorAnswer: 2, points: 0 },
      { creatorAnswer: 3, points: 10 },
      { creatorAnswer: 4, points: 10 },
      { creatorAnswer: 1, points: 0 },
    ]);
    expect(replies[0]).toEqual({
      ok: true,
      playerID: expect.any(String),
      round: 1,
      rounds: 5,
      creatorAnswer: 1,
      points: 10,
    });
    // A retry of a stored round (the reply was lost) gets the same again.
    expect((await answerRound(classic.gameId, bo, 4, 2)).json()).toMatchObject({ creatorAnswer: 1, points: 0 });
    // The score of the same formula, as the rounds said.
    const finished = await logResponse(app, classic.gameId, bo, [1, 3, 3, 4, 2]);
    expect(finished.json().score).toBe(computeScore('classic', [1, 2, 3, 4, 1], [1, 3, 3, 4, 2]));

    const spectrum = await createGame(app, 'spectrum', [0, 50, 100, 30, 70], 'Ada', 'guess');
    const cy = newUserId();
    const guesses = [0, 45, 0, 40, 65];
    for (const [round, answer] of guesses.entries()) {
      expect((await answerRound(spectrum.gameId, cy, round, answer)).json()).toMatchObject({
        creatorAnswer: spectrum.answers[round],
        points: roundPoints('spectrum', spectrum.answers[round], answer),
      });
    }
  });

  it('says nothing of the creator in an alike game, nor in any refusal', async () => {
    const alike = await createGame(app, 'spectrum', [3, 14, 15, 92, 65]);
    const reply = (await answerRound(alike.gameId, newUserId(), 0, 40)).json();
    expect(Object.keys(reply).sort()).toEqual(['ok', 'playerID', 'round', 'rounds']);

    const guess = await createGame(app, 'spectrum', [3, 14, 15, 92, 65], 'Ada', 'guess');
    const bo = newUserId();
    await answerRound(guess.gameId, bo, 0, 40);
    const refusals = [
      // A round ahead of the next one, a first round that is not round 0, another answer to a stored
      // round, the creator, a round past the end, an answer out of range.
      await answerRound(guess.gameId, bo, 3, 40),
      await answerRound(guess.gameId, newUserId(), 4, 40),
      await answerRound(guess.gameId, bo, 0, 41),
      await answerRound(guess.gameId, guess.creatorId, 0, 40),
      await answerRound(guess.gameId, bo, 5, 40),
      await answerRound(guess.gameId, bo, 1, 101),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([409, 409, 409, 409, 400, 400]);
    for (const refusal of refusals) {
      expect(Object.keys(refusal.json()).sort()).toEqual(['code', 'message']);
      expect(refusal.body).not.toMatch(/\b(14|15|92|65)\b/);
    }
  });

  it('lets the original client (log-response only) play a guess game', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3, 4, 1], 'Ada', 'guess');
    const joined = (await post('/prod/join-game', { gameId: game.gameId })).json();
    expect(joined.questions).toEqual(game.questions);
    const response = await logResponse(app, game.gameId, newUserId(), [1, 2, 1, 1, 1]);
    expect(response.json()).toEqual({ ok: true, score: 6, playerID: expect.any(String) });
  });
});

describe('the circle in a guess game', () => {
  it('is a 404 with its own code for the friend and the creator', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3, 4, 1], 'Ada', 'guess');
    const friends = [newUserId(), newUserId()];
    for (const friend of friends) await logResponse(app, game.gameId, friend, [1, 2, 3, 4, 1]);
    for (const url of [
      `/prod/get-circle?gameId=${game.gameId}&playerId=${friends[0]}`,
      `/prod/get-circle?gameId=${game.gameId}&userId=${game.creatorId}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'circle_alike_only',
        message: "The friends' circle is only for games where friends answer for themselves, not for guess games.",
      });
    }
    // An alike game still has one.
    const alike = await createGame(app, 'classic', [1, 2, 3, 4, 1]);
    for (const friend of friends) await logResponse(app, alike.gameId, friend, [1, 2, 3, 4, 1]);
    expect((await get(`/prod/get-circle?gameId=${alike.gameId}&playerId=${friends[0]}`)).statusCode).toBe(200);
  });
});

describe("the creator's answer to a round before the friend's round is stored", () => {
  it('no call of the API table nor the live channel gives it mid-play', async () => {
    // Answers no default, count or score would be: rounds 3 and 4 (not yet played) must appear nowhere.
    const creatorAnswers = [3, 14, 15, 92, 65];
    const unplayed = [92, 65];
    const game = await createGame(app, 'spectrum', creatorAnswers, 'Ada', 'guess');
    const watcher = await LiveClient.open(base + game.gameId);
    const friend = newUserId();
    // Mid-play: rounds 0 and 1 stored, each reply with its own round's answer only.
    expect((await answerRound(game.gameId, friend, 0, 40)).json().creatorAnswer).toBe(3);
    expect((await answerRound(game.gameId, friend, 1, 40)).json().creatorAnswer).toBe(14);
    // Another friend who has finished is on the board (and in the live channel).
    const other = newUserId();
    expect((await logResponse(app, game.gameId, other, [1, 2, 3, 4, 5], 'Cy')).statusCode).toBe(200);
    // This friend's round 2: stored, and only round 2's answer comes back.
    const requests = everyCall(game, friend, { answerSet: [1, 1, 1, 1, 1], round: 2, answer: 40 });
    expect(Object.keys(requests).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, response] of await injectEveryCall(app, requests)) {
      walk(response.json(), (key, value) => {
        expect(unplayed.includes(value as number), `${name} ${key}`).toBe(false);
        if (name === 'answer-round') return;
        expect(key, name).not.toMatch(/answer|points/i);
      });
      if (name === 'answer-round') {
        expect(response.json()).toMatchObject({ round: 3, creatorAnswer: 15, points: roundPoints('spectrum', 15, 40) });
      }
    }
    // The friend's own reveal waits for their whole play.
    expect((await get(`/prod/get-comparison?gameId=${game.gameId}&playerId=${friend}`)).statusCode).toBe(404);

    // The live channel said who plays and who finished, and nothing of the creator's answers.
    const playing = await watcher.message(5);
    expect(playing).toMatchObject({ type: 'playing', player: { round: 3 } });
    walk(watcher.messages, (key, value) => {
      expect(key).not.toMatch(/answer|points/i);
      expect(unplayed.includes(value as number)).toBe(false);
    });
    watcher.close();

    // Round 3 stored: now, and only now, its answer.
    expect((await answerRound(game.gameId, friend, 3, 40)).json().creatorAnswer).toBe(92);
  });
});
