import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../shared/api.js';
import { roundPoints } from '../../shared/score.js';
import { type CreatedGame, createGame, logResponse, newUserId, testApp } from '../testing/app.js';
import { everyCall, injectEveryCall, walk } from '../testing/every-call.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '5' });
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });
const asFriend = (gameId: string, playerId: string) =>
  get(`/prod/get-comparison?gameId=${gameId}&playerId=${playerId}`);
const asCreator = (gameId: string, userId: string, playerID: string) =>
  get(`/prod/get-comparison?gameId=${gameId}&userId=${userId}&playerID=${playerID}`);
const playersOf = async (gameId: string) =>
  (await get(`/prod/get-all-players?gameId=${gameId}`)).json().players as { playerID: string; playerName: string }[];

/** Logs a response and returns the friend's public id from the reply. */
async function play(game: CreatedGame, answers: number[], name = 'Bo', playerId = newUserId()) {
  const response = await logResponse(app, game.gameId, playerId, answers, name);
  expect(response.statusCode).toBe(200);
  return { playerId, playerID: response.json().playerID as string, score: response.json().score as number };
}

describe('POST /prod/log-response gives the friend their public id', () => {
  it("replies {ok, score, playerID}, the playerID being the friend's row on the scoreboard", async () => {
    const game = await createGame(app, 'classic', [1, 2, 3, 4, 2]);
    const response = await logResponse(app, game.gameId, newUserId(), [1, 2, 1, 1, 0], 'Bo');
    expect(response.json()).toEqual({ ok: true, score: 4, playerID: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
    await play(game, [1, 2, 3, 4, 1], 'Cy');
    const players = await playersOf(game.gameId);
    expect(players.find((p) => p.playerID === response.json().playerID)?.playerName).toBe('Bo');
  });
});

describe('GET /prod/get-comparison for the friend (playerId)', () => {
  it('returns every round in order with both answers and the points of roundPoints (Classic)', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3, 4, 2], 'Ada');
    const answers = [1, 3, 3, 0, 0];
    const friend = await play(game, answers, 'Bo');
    const response = await asFriend(game.gameId, friend.playerId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      gameType: 'Classic',
      mode: 'alike',
      creatorName: 'Ada',
      playerName: 'Bo',
      score: friend.score,
      rank: 1,
      players: 1,
      rounds: game.questions.map((question, i) => ({
        ...question,
        creatorAnswer: game.answers[i],
        playerAnswer: answers[i],
        points: roundPoints('classic', game.answers[i], answers[i]),
      })),
    });
    // A match is 10, anything else 0, and a friend's unanswered rounds are no match.
    expect(response.json().rounds.map((r: { points: number }) => r.points)).toEqual([10, 0, 10, 0, 0]);
    expect(friend.score).toBe(4);
  });

  it('gives Spectrum rounds their share on the 0–10 scale, one decimal, half up', async () => {
    const game = await createGame(app, 'spectrum', [0, 50, 100, 30, 70], 'Ada');
    const answers = [0, 45, 0, 40, 65];
    const friend = await play(game, answers);
    const { rounds, gameType, score } = (await asFriend(game.gameId, friend.playerId)).json();
    expect(gameType).toBe('Spectrum');
    expect(score).toBe(friend.score);
    // 10 × (1 − |a − b| / 100)²: 10, 9.025 → 9, 0, 8.1, 9.025 → 9
    expect(rounds.map((r: { points: number }) => r.points)).toEqual([10, 9, 0, 8.1, 9]);
    expect(rounds.map((r: { options: string }) => r.options)).toEqual(game.questions.map((q) => q.options));
  });

  it('ranks the friend by their place in get-all-players now, out of the number of friends', async () => {
    const game = await createGame(app, 'classic', [1, 1, 1, 1, 1]);
    const low = await play(game, [1, 2, 2, 2, 2], 'Low');
    const high = await play(game, [1, 1, 1, 1, 1], 'High');
    const mid = await play(game, [1, 1, 2, 2, 2], 'Mid');
    const order = (await playersOf(game.gameId)).map((p) => p.playerID);
    expect(order).toEqual([high.playerID, mid.playerID, low.playerID]);
    for (const friend of [low, high, mid]) {
      const { rank, players } = (await asFriend(game.gameId, friend.playerId)).json();
      expect({ rank, players }).toEqual({ rank: order.indexOf(friend.playerID) + 1, players: 3 });
    }
    // A later, better friend moves everyone down.
    await play(game, [1, 1, 1, 1, 1], 'Late');
    expect((await asFriend(game.gameId, high.playerId)).json()).toMatchObject({ rank: 1, players: 4 });
    expect((await asFriend(game.gameId, mid.playerId)).json()).toMatchObject({ rank: 3, players: 4 });
  });

  it('answers 404 until the friend has answered, and for an unknown game', async () => {
    const game = await createGame(app, 'classic');
    const friend = newUserId();
    const before = await asFriend(game.gameId, friend);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({
      code: 'not_played',
      message: 'You have not played this game yet, so there is nothing to compare.',
    });
    await logResponse(app, game.gameId, friend, [1, 1, 1, 1, 1]);
    expect((await asFriend(game.gameId, friend)).statusCode).toBe(200);
    expect((await asFriend('AAAAAAAAAAAAAAAA', friend)).statusCode).toBe(404);
    // The creator is not a friend of their own game.
    expect((await asFriend(game.gameId, game.creatorId)).statusCode).toBe(404);
  });

  it('takes the private id in any case', async () => {
    const game = await createGame(app, 'classic');
    const friend = await play(game, [1, 1, 1, 1, 1]);
    expect((await asFriend(game.gameId, friend.playerId.toUpperCase())).statusCode).toBe(200);
  });
});

describe('GET /prod/get-comparison for the creator (userId + playerID)', () => {
  it("returns the same comparison as the friend's own", async () => {
    const game = await createGame(app, 'spectrum', [10, 20, 30, 40, 50]);
    const friend = await play(game, [10, 30, 50, 70, 90], 'Bo');
    await play(game, [10, 20, 30, 40, 50], 'Cy');
    const creators = await asCreator(game.gameId, game.creatorId.toUpperCase(), friend.playerID);
    expect(creators.statusCode).toBe(200);
    expect(creators.json()).toEqual((await asFriend(game.gameId, friend.playerId)).json());
    expect(creators.json()).toMatchObject({ playerName: 'Bo', rank: 2, players: 2 });
  });

  it('answers 403 to anyone but the creator: a friend who played, a stranger', async () => {
    const game = await createGame(app, 'classic');
    const bo = await play(game, [1, 1, 1, 1, 1], 'Bo');
    const cy = await play(game, [2, 2, 2, 2, 2], 'Cy');
    for (const userId of [bo.playerId, newUserId()]) {
      const response = await asCreator(game.gameId, userId, cy.playerID);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'answers_creator_only',
        message: "Only the game's creator can see a friend's answers.",
      });
    }
  });

  it('answers 404 for an unknown playerID, one of another game, and an unknown game', async () => {
    const game = await createGame(app, 'classic');
    const other = await createGame(app, 'classic');
    const stranger = await play(other, [1, 1, 1, 1, 1]);
    for (const playerID of ['nobody123456', stranger.playerID]) {
      const response = await asCreator(game.gameId, game.creatorId, playerID);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'unknown_friend',
        message: 'This friend is not on the scoreboard of this game.',
      });
    }
    expect((await asCreator('AAAAAAAAAAAAAAAA', game.creatorId, stranger.playerID)).statusCode).toBe(404);
  });
});

describe('GET /prod/get-comparison validation: exactly one of the two forms', () => {
  const id = newUserId();
  it.each([
    ['neither form', '', /must carry either playerId .* or userId and playerID/],
    ['both forms', `&playerId=${id}&userId=${id}&playerID=abc123`, /must carry either/],
    ['a userId without a playerID', `&userId=${id}`, /must carry either/],
    ['a playerID without a userId', '&playerID=abc123', /must carry either/],
    ['a playerId that is not a UUID', '&playerId=1234', /"playerId" must be a UUID/],
    ['a userId that is not a UUID', '&userId=x&playerID=abc123', /"userId" must be a UUID/],
    ['a malformed playerID', `&userId=${id}&playerID=${encodeURIComponent('a b')}`, /"playerID" is not a valid/],
  ])('answers 400 to %s', async (_name, params, message) => {
    const game = await createGame(app, 'classic');
    const response = await get(`/prod/get-comparison?gameId=${game.gameId}${params}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('answers 400 without a gameId', async () => {
    const response = await get(`/prod/get-comparison?playerId=${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/gameId/);
  });
});

describe("the creator's answers before a friend has answered", () => {
  it('no call of the API table carries them, and get-comparison is 404 until the response is stored', async () => {
    // Answers no default and no friend would give, so a leak cannot hide among other numbers.
    const creatorAnswers = [3, 14, 15, 92, 65];
    const game = await createGame(app, 'spectrum', creatorAnswers, 'Ada');
    const friend = newUserId();
    // This friend's first round is stored on the way, and nothing of the creator's comes back.
    const requests = everyCall(game, friend, { answerSet: creatorAnswers, round: 0, answer: 3 });
    expect(Object.keys(requests).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, response] of await injectEveryCall(app, requests)) {
      expect(response.body, name).not.toContain('3,14,15,92,65');
      // No field about answers at all (a question's own text may say "answer", so keys, not the body).
      walk(response.json(), (key, value) => {
        expect(key, name).not.toMatch(/answer/i);
        expect(Array.isArray(value) && value.join() === creatorAnswers.join(), `${name} ${key}`).toBe(false);
      });
    }
    expect((await asFriend(game.gameId, friend)).statusCode).toBe(404);

    // The friend answers: now, and only now, their comparison shows the creator's answers.
    const answered = await logResponse(app, game.gameId, friend, [3, 14, 15, 92, 60], 'Bo');
    walk(answered.json(), (key) => expect(key).not.toMatch(/answer/i));
    const reveal = (await asFriend(game.gameId, friend)).json();
    expect(reveal.rounds.map((r: { creatorAnswer: number }) => r.creatorAnswer)).toEqual(creatorAnswers);
  });
});
