import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Player } from '../../shared/api.js';
import { insertPlayer } from '../../shared/live.js';
import { createGame, newResponse, testApp } from '../testing/app.js';
import { Scoreboard } from './scoreboard.js';

// The scoreboard's order (shared/scoreboard.ts) against the SQL that lists it, on the database of
// the project running this file: SQLite in `server`, PostgreSQL in `server-postgres`.
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '3' });
});
afterAll(() => app.close());

/** A friend answers with a score, or the creator removes the n-th friend on the board so far. */
type Step = { add: number } | { remove: number };

// Few distinct scores, so that ties (where "earliest first" decides) are common.
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(0, 3.3, 5, 6.7, 10).map((add) => ({ add })) },
  { weight: 1, arbitrary: fc.nat(20).map((remove) => ({ remove })) },
);

describe('the scoreboard order', () => {
  it('is the same in the SQL listing, the server’s cached board and the client’s live board', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const { gameId } = await createGame(app, 'classic');
        const cached = new Scoreboard();
        let live: Player[] = [];
        let added = 0;
        for (const s of steps) {
          if ('add' in s) {
            const response = { ...newResponse(gameId), playerName: `P${added++}`, score: s.add };
            await app.storage.games.addResponse(response, 1000);
            const player = { playerID: response.publicId, playerName: response.playerName, score: s.add };
            cached.add(player);
            live = insertPlayer(live, player);
          } else if (live.length > 0) {
            const { playerID } = live[s.remove % live.length];
            await app.storage.games.removePlayer(gameId, playerID);
            cached.remove(playerID);
            live = live.filter((p) => p.playerID !== playerID);
          }
        }
        const listed = await app.storage.games.listPlayers(gameId);
        expect(cached.players).toEqual(listed);
        expect(live).toEqual(listed);
      }),
      { numRuns: 40 },
    );
  });

  it('puts a newcomer after every equal score and before every lower one', () => {
    const board = new Scoreboard([
      { playerID: 'a', playerName: 'A', score: 5 },
      { playerID: 'b', playerName: 'B', score: 5 },
    ]);
    board.add({ playerID: 'c', playerName: 'C', score: 5 });
    // Earliest first among equals: the newcomer goes last, not first.
    expect(board.players.map((p) => p.playerID)).toEqual(['a', 'b', 'c']);
    expect(insertPlayer(board.players, { playerID: 'd', playerName: 'D', score: 6 })[0].playerID).toBe('d');
  });
});
