import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGame, fetchQuestions, logResponse, newUserId, rowCount, testApp } from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';
import { REPLIES_PER_FRIEND } from './repository.js';

let app: FastifyInstance;
let base: string;

beforeEach(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '3' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod/live/`;
});
afterEach(() => app.close());

/** A game made by `userId`, as the client makes it (optionally back for another game's creator). */
async function makeGame(userId: string, userName: string, replyTo?: { gameId: string; playerId: string }) {
  const questions = await fetchQuestions(app, 'classic');
  return app.inject({
    method: 'POST',
    url: '/prod/create-game',
    payload: {
      userId,
      userName,
      questionSet: questions.map((q) => q.questionID),
      answerSet: questions.map(() => 1),
      ...(replyTo ? { replyTo } : {}),
    },
  });
}

const replies = (gameId: string, userId: string) =>
  app.inject({ url: `/prod/get-replies?gameId=${gameId}&userId=${userId}` });

/** Ada's game, which Bo played. */
async function played() {
  const ada = await createGame(app, 'classic', [1, 2, 3], 'Ada');
  const bo = newUserId();
  const logged = await logResponse(app, ada.gameId, bo, [1, 2, 3], 'Bo');
  return { ada, bo, boPlayerID: logged.json().playerID as string };
}

describe('create-game with replyTo', () => {
  it("tells the first game's creators' live sockets only, and get-replies gives it to its creator after a reload", async () => {
    const { ada, bo, boPlayerID } = await played();
    const live = await LiveClient.open(`${base + ada.gameId}?userId=${ada.creatorId.toUpperCase()}`);
    // Everyone else watching: a visitor, a friend who names their own id, an id that is no UUID.
    const others = await Promise.all(
      [base + ada.gameId, `${base + ada.gameId}?userId=${bo}`, `${base + ada.gameId}?userId=nobody`].map((url) =>
        LiveClient.open(url),
      ),
    );
    for (const socket of [live, ...others]) expect(await socket.message(0)).toMatchObject({ type: 'snapshot' });

    const made = await makeGame(bo, 'Bo', { gameId: ada.gameId, playerId: bo });
    expect(made.statusCode).toBe(200);
    const { gameId } = made.json();
    expect(await live.message(1)).toEqual({ type: 'reply', playerID: boPlayerID, gameId });
    // The next message everyone else gets is the next friend's score: the reply game's id never reached them.
    const cy = await logResponse(app, ada.gameId, newUserId(), [1, 1, 1], 'Cy');
    expect(await live.message(2)).toMatchObject({ type: 'player', player: { playerID: cy.json().playerID } });
    for (const socket of others) {
      expect(await socket.message(1)).toMatchObject({ type: 'player', player: { playerID: cy.json().playerID } });
      expect(socket.messages.some((message) => message.type === 'reply')).toBe(false);
      socket.close();
    }
    live.close();

    const listed = await replies(ada.gameId, ada.creatorId);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ replies: [{ playerID: boPlayerID, playerName: 'Bo', gameId }] });
    // Only the creator reads them.
    expect((await replies(ada.gameId, bo)).statusCode).toBe(403);

    // The reply game is an ordinary game: Ada plays it, and it has its own (empty) replies.
    expect((await logResponse(app, gameId, ada.creatorId, [1, 1, 1], 'Ada')).statusCode).toBe(200);
    expect((await replies(gameId, bo)).json()).toEqual({ replies: [] });
  });

  it(`takes at most ${REPLIES_PER_FRIEND} games back from one friend (409 too_many_replies, nothing made), even at once`, async () => {
    const { ada, bo } = await played();
    // All at once: the cap holds for requests that race.
    const made = await Promise.all(
      Array.from({ length: REPLIES_PER_FRIEND + 2 }, () => makeGame(bo, 'Bo', { gameId: ada.gameId, playerId: bo })),
    );
    expect(made.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect((await replies(ada.gameId, ada.creatorId)).json().replies).toHaveLength(REPLIES_PER_FRIEND);
    const games = await rowCount(app, 'games');
    const over = await makeGame(bo, 'Bo', { gameId: ada.gameId, playerId: bo });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'too_many_replies',
      message: 'You cannot make any more games back for this game.',
    });
    expect(await rowCount(app, 'games')).toBe(games);
    // Another friend still can.
    const cy = newUserId();
    await logResponse(app, ada.gameId, cy, [1, 1, 1], 'Cy');
    expect((await makeGame(cy, 'Cy', { gameId: ada.gameId, playerId: cy })).statusCode).toBe(200);
    expect((await replies(ada.gameId, ada.creatorId)).json().replies).toHaveLength(REPLIES_PER_FRIEND + 1);
  });

  it('is 403 from someone who has not played the game (nothing is made), 404 for an unknown game', async () => {
    const { ada } = await played();
    const games = await rowCount(app, 'games');
    const stranger = newUserId();
    const refused = await makeGame(stranger, 'Eve', { gameId: ada.gameId, playerId: stranger });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/game you played/);
    // The creator has not "played" their own game either.
    expect((await makeGame(ada.creatorId, 'Ada', { gameId: ada.gameId, playerId: ada.creatorId })).statusCode).toBe(
      403,
    );
    const unknown = await makeGame(stranger, 'Eve', { gameId: 'nosuchgame123456', playerId: stranger });
    expect(unknown.statusCode).toBe(404);
    const malformed = await makeGame(stranger, 'Eve', { gameId: ada.gameId, playerId: 'not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/replyTo/);
    expect(await rowCount(app, 'games')).toBe(games);
    expect((await replies(ada.gameId, ada.creatorId)).json()).toEqual({ replies: [] });
  });

  it("is 403 from a removed friend, and a removed friend's or a deleted game's reply is no longer listed", async () => {
    const { ada, bo, boPlayerID } = await played();
    const cy = newUserId();
    const cyPlayerID = (await logResponse(app, ada.gameId, cy, [1, 1, 1], 'Cy')).json().playerID;
    const fromBo = (await makeGame(bo, 'Bo', { gameId: ada.gameId, playerId: bo })).json().gameId;
    const fromCy = (await makeGame(cy, 'Cy', { gameId: ada.gameId, playerId: cy })).json().gameId;
    // Both listed (made in the same millisecond, their order is their ids', not the order they came in).
    const listed = (await replies(ada.gameId, ada.creatorId)).json().replies.map((r: { gameId: string }) => r.gameId);
    expect([...listed].sort()).toEqual([fromBo, fromCy].sort());

    const removed = await app.inject({
      method: 'POST',
      url: '/prod/remove-player',
      payload: { gameId: ada.gameId, userId: ada.creatorId, playerID: boPlayerID },
    });
    expect(removed.statusCode).toBe(200);
    expect((await replies(ada.gameId, ada.creatorId)).json()).toEqual({
      replies: [{ playerID: cyPlayerID, playerName: 'Cy', gameId: fromCy }],
    });
    expect((await makeGame(bo, 'Bo', { gameId: ada.gameId, playerId: bo })).statusCode).toBe(403);

    const deleted = await app.inject({
      method: 'POST',
      url: '/prod/delete-game',
      payload: { gameId: fromCy, userId: cy },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await replies(ada.gameId, ada.creatorId)).json()).toEqual({ replies: [] });
  });
});
