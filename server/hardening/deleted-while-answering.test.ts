import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGame, logResponse, newUserId, rowCount, testApp } from '../testing/app.js';
import { capturedLogs, ERROR_LEVEL } from '../testing/logs.js';

// A game deleted by its creator while friends are answering it: every
// answer is stored or told 404, decided inside the write, and nothing is logged as an error.
const { lines, logger } = capturedLogs();
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '3' }, { logger });
});
afterAll(() => app.close());

const deleteGame = (gameId: string, userId: string) =>
  app.inject({ method: 'POST', url: '/prod/delete-game', payload: { gameId, userId } });
const errorLines = () => lines.filter((line) => line.level >= ERROR_LEVEL);

describe('a game deleted while friends answer it', () => {
  it('answers 404 to a response whose game is deleted after the request read it', async () => {
    const game = await createGame(app, 'classic');
    const games = app.storage.games;
    const addResponse = games.addResponse.bind(games);
    // The request has passed every check on the (cached) game; the creator deletes it just before the write.
    const spy = vi.spyOn(games, 'addResponse').mockImplementationOnce(async (response, maxPlayers) => {
      expect((await deleteGame(game.gameId, game.creatorId)).statusCode).toBe(200);
      return addResponse(response, maxPlayers);
    });
    const before = await rowCount(app, 'responses');
    const response = await logResponse(app, game.gameId, newUserId(), [1, 1, 1]);
    spy.mockRestore();
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/^This game does not exist\./);
    expect(await rowCount(app, 'responses')).toBe(before);
    expect(errorLines()).toEqual([]);
  });

  it('answers only 200 or 404 to friends answering while the creator deletes', async () => {
    for (let round = 0; round < 3; round++) {
      const game = await createGame(app, 'classic');
      const requests = Array.from({ length: 30 }, (_, i) =>
        i === 15 ? deleteGame(game.gameId, game.creatorId) : logResponse(app, game.gameId, newUserId(), [1, 2, 3]),
      );
      const replies = await Promise.all(requests);
      const answers = replies.filter((_, i) => i !== 15);
      expect(replies[15].statusCode).toBe(200);
      expect([...new Set(answers.map((reply) => reply.statusCode))].filter((s) => s !== 200 && s !== 404)).toEqual([]);
      for (const reply of answers.filter((r) => r.statusCode === 404)) {
        expect(reply.json().message).toMatch(/^This game does not exist\./);
      }
    }
    expect(errorLines()).toEqual([]);
  });
});
