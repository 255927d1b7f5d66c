import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../shared/error-codes.js';
import { computeScore } from '../../shared/score.js';
import { createGame, fetchQuestions, logResponse, newUserId, rowCount, testApp } from '../testing/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '5' });
});
afterAll(() => app.close());

const count = (table: 'games' | 'responses') => rowCount(app, table);

describe('POST /prod/create-game', () => {
  it('creates a Classic game when gameType is absent and returns an unguessable gameId', async () => {
    const questions = await fetchQuestions(app, 'classic');
    const response = await app.inject({
      method: 'POST',
      url: '/prod/create-game',
      payload: {
        userId: newUserId(),
        userName: '  Ada  ',
        questionSet: questions.map((q) => q.questionID),
        answerSet: [1, 2, 3, 4, 0],
      },
    });
    expect(response.statusCode).toBe(200);
    const { gameId } = response.json();
    expect(gameId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const join = await app.inject({ method: 'POST', url: '/prod/join-game', payload: { gameId } });
    expect(join.json().gameType).toBe('Classic');
    const creator = await app.inject({ method: 'GET', url: `/prod/has-played?gameId=${gameId}` });
    expect(creator.json()).toEqual({ playerName: 'Ada' });
  });

  it('creates a Spectrum game when gameType is Spectrum', async () => {
    const { gameId } = await createGame(app, 'spectrum', [0, 25, 50, 75, 100]);
    const join = await app.inject({ method: 'POST', url: '/prod/join-game', payload: { gameId } });
    expect(join.json().gameType).toBe('Spectrum');
  });

  it('drops the Classic rounds the creator let time out: friends are never asked or scored against them', async () => {
    const questions = await fetchQuestions(app, 'classic');
    const response = await app.inject({
      method: 'POST',
      url: '/prod/create-game',
      payload: {
        userId: newUserId(),
        userName: 'Ada',
        questionSet: questions.map((q) => q.questionID),
        answerSet: [2, 0, 1, 0, 3],
      },
    });
    expect(response.statusCode).toBe(200);
    const { gameId } = response.json();
    const join = await app.inject({ method: 'POST', url: '/prod/join-game', payload: { gameId } });
    expect(join.json().questions.map((q: { questionID: string }) => q.questionID)).toEqual(
      [0, 2, 4].map((i) => questions[i].questionID),
    );
    // Three rounds, all matched: a full score (with the timed-out rounds kept it could be 6 at most).
    const friend = await logResponse(app, gameId, newUserId(), [2, 1, 3]);
    expect(friend.json().score).toBe(10);
  });

  it('refuses a game whose every round timed out, with a clear sentence, and stores nothing', async () => {
    const questions = await fetchQuestions(app, 'classic');
    const before = await rowCount(app, 'games');
    const response = await app.inject({
      method: 'POST',
      url: '/prod/create-game',
      payload: {
        userId: newUserId(),
        userName: 'Ada',
        questionSet: questions.map((q) => q.questionID),
        answerSet: [0, 0, 0, 0, 0],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Answer at least one round to make a game.');
    expect(await rowCount(app, 'games')).toBe(before);
  });

  it('makes a different id for every game', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add((await createGame(app, 'classic')).gameId);
    expect(ids.size).toBe(20);
  });

  describe('rejects bad input with 400 and writes nothing', () => {
    let classicIds: string[];
    let spectrumIds: string[];
    beforeAll(async () => {
      classicIds = (await fetchQuestions(app, 'classic')).map((q) => q.questionID);
      spectrumIds = (await fetchQuestions(app, 'spectrum')).map((q) => q.questionID);
    });
    const valid = () => ({ userId: newUserId(), userName: 'Ada', questionSet: classicIds, answerSet: [1, 1, 1, 1, 1] });

    const cases: [string, () => Record<string, unknown>, string, ErrorCode?][] = [
      ['a missing userId', () => ({ ...valid(), userId: undefined }), 'userId'],
      ['a userId that is not a UUID', () => ({ ...valid(), userId: 'not-a-uuid' }), 'UUID'],
      ['a missing userName', () => ({ ...valid(), userName: undefined }), 'userName'],
      ['a name of the wrong type', () => ({ ...valid(), userName: 7 }), 'userName'],
      ['a questionSet that is not a list', () => ({ ...valid(), questionSet: 'C001' }), 'questionSet'],
      ['an empty questionSet', () => ({ ...valid(), questionSet: [], answerSet: [] }), 'questionSet'],
      [
        'fewer answers than questions',
        () => ({ ...valid(), answerSet: [1, 1, 1, 1] }),
        'expected 5, got 4',
        'wrong_answer_count',
      ],
      [
        'more answers than questions',
        () => ({ ...valid(), answerSet: [1, 1, 1, 1, 1, 1] }),
        'expected 5, got 6',
        'wrong_answer_count',
      ],
      [
        'a Classic answer past the last option',
        () => ({ ...valid(), answerSet: [1, 1, 5, 1, 1] }),
        'between 0 and 4',
        'answer_out_of_range',
      ],
      [
        'a negative answer',
        () => ({ ...valid(), answerSet: [1, -1, 1, 1, 1] }),
        'between 0 and 4',
        'answer_out_of_range',
      ],
      ['a fractional answer', () => ({ ...valid(), answerSet: [1, 1.5, 1, 1, 1] }), 'whole numbers'],
      ['an answer that is a string', () => ({ ...valid(), answerSet: [1, '2', 1, 1, 1] }), 'whole numbers'],
      [
        'an unknown question id',
        () => ({ ...valid(), questionSet: [...classicIds.slice(0, 4), 'C999'] }),
        '"C999" does not exist',
        'unknown_question',
      ],
      [
        'a duplicate question id',
        () => ({ ...valid(), questionSet: [...classicIds.slice(0, 4), classicIds[0]] }),
        'more than once',
        'duplicate_question',
      ],
      [
        'a question of the other edition',
        () => ({ ...valid(), questionSet: [...classicIds.slice(0, 4), spectrumIds[0]] }),
        'spectrum edition',
        'wrong_edition',
      ],
      [
        'a Spectrum answer over 100',
        () => ({ ...valid(), gameType: 'Spectrum', questionSet: spectrumIds, answerSet: [50, 50, 101, 50, 50] }),
        'between 0 and 100',
        'answer_out_of_range',
      ],
      ['an unknown gameType', () => ({ ...valid(), gameType: 'Trivia' }), 'gameType'],
    ];

    it.each(cases)('%s', async (_name, payload, mentions, code = 'validation_failed') => {
      const before = await count('games');
      const response = await app.inject({ method: 'POST', url: '/prod/create-game', payload: payload() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code, message: expect.stringContaining(mentions) });
      expect(await count('games')).toBe(before);
    });
  });

  it('answers 400 to a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/prod/create-game',
      headers: { 'content-type': 'application/json' },
      payload: '{"userId": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  it('answers 413 to a body over 64 KiB', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/prod/create-game',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ userName: 'x'.repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/too large/);
  });
});

describe('POST /prod/log-response', () => {
  it('stores the response and returns the score of the documented formula', async () => {
    const game = await createGame(app, 'spectrum', [0, 20, 40, 60, 100]);
    const answers = [10, 20, 90, 60, 0];
    const response = await logResponse(app, game.gameId, newUserId(), answers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      score: computeScore('spectrum', game.answers, answers),
      playerID: expect.any(String),
    });
  });

  it('scores Classic by matching answers', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3, 4, 2]);
    const response = await logResponse(app, game.gameId, newUserId(), [1, 2, 3, 1, 0]);
    expect(response.json().score).toBe(6);
  });

  it('answers 404 for an unknown game and writes nothing', async () => {
    const before = await count('responses');
    const response = await logResponse(app, 'AAAAAAAAAAAAAAAA', newUserId(), [1, 1, 1, 1, 1]);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/does not exist/);
    expect(await count('responses')).toBe(before);
  });

  it('answers 409 to a second response from the same player, and the first one stands', async () => {
    const game = await createGame(app, 'classic', [1, 1, 1, 1, 1]);
    const friend = newUserId();
    expect((await logResponse(app, game.gameId, friend, [1, 1, 1, 1, 1])).json().score).toBe(10);
    const again = await logResponse(app, game.gameId, friend, [2, 2, 2, 2, 2], 'Impostor');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already played/);
    const score = await app.inject({ method: 'GET', url: `/prod/get-score?gameId=${game.gameId}&playerId=${friend}` });
    expect(score.json()).toEqual({ score: 10 });
    const board = await app.inject({ method: 'GET', url: `/prod/get-all-players?gameId=${game.gameId}` });
    expect(board.json().players).toEqual([{ playerID: expect.any(String), playerName: 'Bo', score: 10 }]);
  });

  it('lets exactly one of two racing requests from the same player through', async () => {
    const game = await createGame(app, 'spectrum');
    const friend = newUserId();
    const results = await Promise.all([
      logResponse(app, game.gameId, friend, [50, 50, 50, 50, 50], 'First'),
      logResponse(app, game.gameId, friend, [0, 0, 0, 0, 0], 'Second'),
      logResponse(app, game.gameId, friend, [100, 100, 100, 100, 100], 'Third'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200);
    const score = await app.inject({ method: 'GET', url: `/prod/get-score?gameId=${game.gameId}&playerId=${friend}` });
    expect(score.json().score).toBe(winner?.json().score);
    const board = await app.inject({ method: 'GET', url: `/prod/get-all-players?gameId=${game.gameId}` });
    expect(board.json().players).toHaveLength(1);
  });

  it('answers 409 "This game is full." past MAX_PLAYERS_PER_GAME, and still "already played" to a friend who did', async () => {
    const small = await testApp({ QUESTIONS_PER_GAME: '3', MAX_PLAYERS_PER_GAME: '2' });
    const game = await createGame(small, 'classic');
    const first = newUserId();
    expect((await logResponse(small, game.gameId, first, [1, 1, 1])).statusCode).toBe(200);
    expect((await logResponse(small, game.gameId, newUserId(), [1, 1, 1])).statusCode).toBe(200);
    const third = await logResponse(small, game.gameId, newUserId(), [1, 1, 1]);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ code: 'game_full', message: 'This game is full.' });
    expect((await logResponse(small, game.gameId, first, [1, 1, 1])).json().message).toMatch(/already played/);
    expect(await rowCount(small, 'responses')).toBe(2);
    await small.close();
  });

  it('answers 409 when the creator answers their own game', async () => {
    const game = await createGame(app, 'classic');
    const response = await logResponse(app, game.gameId, game.creatorId, [1, 1, 1, 1, 1]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/created this game/);
  });

  it.each([
    ['a wrong answer count', [1, 1, 1], 'expected 5, got 3'],
    ['an answer out of range', [1, 1, 1, 1, 9], 'between 0 and 4'],
  ])('answers 400 to %s and writes nothing', async (_name, answers, mentions) => {
    const game = await createGame(app, 'classic');
    const before = await count('responses');
    const response = await logResponse(app, game.gameId, newUserId(), answers);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(mentions);
    expect(await count('responses')).toBe(before);
  });

  it('answers 400 to a malformed gameId or playerId', async () => {
    const game = await createGame(app, 'classic');
    expect((await logResponse(app, 'x', newUserId(), [1, 1, 1, 1, 1])).statusCode).toBe(400);
    expect((await logResponse(app, game.gameId, '1234', [1, 1, 1, 1, 1])).statusCode).toBe(400);
  });
});

describe('GET /prod/get-all-players', () => {
  it('lists friends only, highest score first, each with a public playerID', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3, 4, 1]);
    const friends = [
      { id: newUserId(), name: 'Low', answers: [1, 1, 1, 1, 2] },
      { id: newUserId(), name: 'High', answers: [1, 2, 3, 4, 1] },
      { id: newUserId(), name: 'Mid', answers: [1, 2, 1, 1, 1] },
    ];
    for (const f of friends) await logResponse(app, game.gameId, f.id, f.answers, f.name);
    const response = await app.inject({ method: 'GET', url: `/prod/get-all-players?gameId=${game.gameId}` });
    expect(response.statusCode).toBe(200);
    const { players } = response.json();
    expect(players.map((p: { playerName: string }) => p.playerName)).toEqual(['High', 'Mid', 'Low']);
    expect(players.map((p: { score: number }) => p.score)).toEqual([10, 6, 2]);
    for (const player of players) {
      expect(Object.keys(player).sort()).toEqual(['playerID', 'playerName', 'score']);
      expect(friends.map((f) => f.id)).not.toContain(player.playerID);
    }
  });

  it('returns an empty list for a game nobody has played', async () => {
    const game = await createGame(app, 'spectrum');
    const response = await app.inject({ method: 'GET', url: `/prod/get-all-players?gameId=${game.gameId}` });
    expect(response.json()).toEqual({ players: [] });
  });

  it('answers 404 for an unknown game and 400 without a gameId', async () => {
    expect((await app.inject({ method: 'GET', url: '/prod/get-all-players?gameId=AAAAAAAAAAAAAAAA' })).statusCode).toBe(
      404,
    );
    const missing = await app.inject({ method: 'GET', url: '/prod/get-all-players' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/gameId/);
  });
});

describe('GET /prod/is-creator', () => {
  it('tells the creator apart from a friend, and whether the friend has played', async () => {
    const game = await createGame(app, 'classic', undefined, 'Ada');
    const friend = newUserId();
    const ask = async (userId: string) =>
      (await app.inject({ method: 'GET', url: `/prod/is-creator?gameId=${game.gameId}&userId=${userId}` })).json();
    expect(await ask(game.creatorId)).toEqual({ playerName: 'Ada', isCreator: true, hasPlayed: false, mode: 'alike' });
    expect(await ask(friend)).toEqual({ playerName: 'Ada', isCreator: false, hasPlayed: false, mode: 'alike' });
    await logResponse(app, game.gameId, friend, [1, 1, 1, 1, 1]);
    expect(await ask(friend)).toEqual({ playerName: 'Ada', isCreator: false, hasPlayed: true, mode: 'alike' });
  });

  it('answers 404 for an unknown game, and a visitor for a userId that is not a UUID', async () => {
    const unknown = await app.inject({
      method: 'GET',
      url: `/prod/is-creator?gameId=AAAAAAAAAAAAAAAA&userId=${newUserId()}`,
    });
    expect(unknown.statusCode).toBe(404);
    const game = await createGame(app, 'classic', undefined, 'Ada');
    const bad = await app.inject({ method: 'GET', url: `/prod/is-creator?gameId=${game.gameId}&userId=abc` });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toEqual({ playerName: 'Ada', isCreator: false, hasPlayed: false, mode: 'alike' });
  });
});

describe('POST /prod/join-game', () => {
  it('returns the questions in round order and the edition, never the creator answers', async () => {
    const game = await createGame(app, 'spectrum', [11, 22, 33, 44, 55]);
    const response = await app.inject({ method: 'POST', url: '/prod/join-game', payload: { gameId: game.gameId } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ questions: game.questions, gameType: 'Spectrum', mode: 'alike' });
    // No field named after answers (a question's own text may say "answer": S155 does).
    expect(response.body).not.toMatch(/"[^"]*answer[^"]*":/i);
  });

  it('answers 404 for an unknown game and 400 without a gameId', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/prod/join-game',
      payload: { gameId: 'AAAAAAAAAAAAAAAA' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'unknown_game',
      message: 'This game does not exist. Check the link you followed.',
    });
    const missing = await app.inject({ method: 'POST', url: '/prod/join-game', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The field "gameId" is required.');
  });
});

describe('GET /prod/has-played', () => {
  it("returns the creator's name, and 404 for an unknown game", async () => {
    const game = await createGame(app, 'classic', undefined, 'Grace');
    const response = await app.inject({ method: 'GET', url: `/prod/has-played?gameId=${game.gameId}` });
    expect(response.json()).toEqual({ playerName: 'Grace' });
    const unknown = await app.inject({ method: 'GET', url: '/prod/has-played?gameId=AAAAAAAAAAAAAAAA' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /prod/get-score', () => {
  it("returns the friend's score, and 404 for a player without one", async () => {
    const game = await createGame(app, 'classic', [1, 1, 1, 1, 1]);
    const friend = newUserId();
    await logResponse(app, game.gameId, friend, [1, 1, 0, 0, 0]);
    const score = await app.inject({ method: 'GET', url: `/prod/get-score?gameId=${game.gameId}&playerId=${friend}` });
    expect(score.json()).toEqual({ score: 4 });
    const none = await app.inject({
      method: 'GET',
      url: `/prod/get-score?gameId=${game.gameId}&playerId=${newUserId()}`,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/no score/);
    const unknown = await app.inject({
      method: 'GET',
      url: `/prod/get-score?gameId=AAAAAAAAAAAAAAAA&playerId=${friend}`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('privacy', () => {
  it('no response of a whole game carries a private userId or the creator answers', async () => {
    const game = await createGame(app, 'spectrum', [3, 14, 15, 92, 65]);
    const friendA = newUserId();
    const friendB = newUserId();
    const bodies: string[] = [];
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const response = await app.inject({ method, url, payload });
      bodies.push(response.body);
      return response;
    };
    await call('POST', '/prod/join-game', { gameId: game.gameId });
    await call('POST', '/prod/log-response', {
      gameId: game.gameId,
      playerId: friendA,
      userName: 'A',
      responseSet: [1, 2, 3, 4, 5],
    });
    await call('POST', '/prod/log-response', {
      gameId: game.gameId,
      playerId: friendB,
      userName: 'B',
      responseSet: [5, 4, 3, 2, 1],
    });
    await call('GET', `/prod/get-all-players?gameId=${game.gameId}`);
    await call('GET', `/prod/is-creator?gameId=${game.gameId}&userId=${friendA}`);
    await call('GET', `/prod/has-played?gameId=${game.gameId}`);
    await call('GET', `/prod/get-score?gameId=${game.gameId}&playerId=${friendA}`);
    for (const body of bodies) {
      for (const id of [game.creatorId, friendA, friendB]) expect(body).not.toContain(id);
      expect(body).not.toContain('3,14,15,92,65');
      // No field named after answers (a question's own text may say "answer": S155 does).
      expect(body).not.toMatch(/"[^"]*answer[^"]*":/i);
    }
  });
});

describe('errors in general', () => {
  it('answers an unknown /prod path with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/prod/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: 'There is nothing at this address.' });
  });

  it('answers 429 once a client passes RATE_LIMIT_PER_MINUTE', async () => {
    const limited = await testApp({ RATE_LIMIT_PER_MINUTE: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await limited.inject({ method: 'GET', url: '/prod/get-questions?gametype=classic' })).statusCode);
    }
    const last = await limited.inject({ method: 'GET', url: '/prod/get-questions?gametype=classic' });
    await limited.close();
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(last.json().message).toMatch(/Too many requests/);
  });
});
