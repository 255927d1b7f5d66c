import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeScore } from '../../shared/score.js';
import { bandOfTenths } from '../../shared/trust.js';
import { type CreatedGame, createGame, logResponse, newUserId, testApp } from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '4' });
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });
const asFriend = (gameId: string, playerId: string) => get(`/prod/get-circle?gameId=${gameId}&playerId=${playerId}`);
const asCreator = (gameId: string, userId: string) => get(`/prod/get-circle?gameId=${gameId}&userId=${userId}`);
const post = (call: string, payload: object) => app.inject({ method: 'POST', url: `/prod/${call}`, payload });

interface Friend {
  playerId: string;
  playerID: string;
  name: string;
  answers: number[];
}

async function play(game: CreatedGame, name: string, answers: number[]): Promise<Friend> {
  const playerId = newUserId();
  const response = await logResponse(app, game.gameId, playerId, answers, name);
  expect(response.statusCode).toBe(200);
  return { playerId, playerID: response.json().playerID, name, answers };
}

const together = (x: Friend, y: Friend) => computeScore('spectrum', x.answers, y.answers);
const bandOf = (x: Friend, y: Friend) => bandOfTenths(Math.round(together(x, y) * 10));

/** Every key of a JSON value, nested ones included. */
function keysOf(value: unknown): string[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

describe('GET /prod/get-circle for a friend (playerId)', () => {
  it("lists every other friend with the band of the score's own formula, closest first, and no answers or scores", async () => {
    const game = await createGame(app, 'spectrum', [40, 40, 40, 40], 'Ada');
    // Answers no one else gives, so that a leak could not hide among other numbers.
    const bo = await play(game, 'Bo', [11, 23, 37, 41]);
    const cy = await play(game, 'Cy', [31, 45, 58, 62]);
    const di = await play(game, 'Di', [97, 83, 79, 71]);
    const ed = await play(game, 'Ed', [11, 23, 37, 41]);
    const response = await asFriend(game.gameId, bo.playerId);
    expect(response.statusCode).toBe(200);
    const expected = {
      matches: [ed, cy, di].map((f) => ({ playerID: f.playerID, playerName: f.name, band: bandOf(bo, f) })),
    };
    // Byte for byte what the reply schema would write (the handler writes it itself).
    expect(response.body).toBe(JSON.stringify(expected));
    expect(together(bo, ed)).toBe(10);
    expect(together(bo, cy)).toBeGreaterThan(together(bo, di));
    expect(expected.matches.map((m) => m.band)).toEqual(['in-tune', 'close', 'apart']);
    expect(keysOf(response.json())).not.toContain('score');
    expect(keysOf(response.json()).filter((key) => /answer/i.test(key))).toEqual([]);
    for (const friend of [bo, cy, di, ed]) expect(response.body).not.toContain(friend.answers.join(','));
  });

  it('orders equal scores by who played first, and takes the private id in any case', async () => {
    const game = await createGame(app, 'spectrum');
    const bo = await play(game, 'Bo', [0, 0, 0, 0]);
    const cy = await play(game, 'Cy', [100, 100, 100, 100]);
    const di = await play(game, 'Di', [100, 100, 100, 100]);
    const { matches } = (await asFriend(game.gameId, bo.playerId.toUpperCase())).json();
    expect(matches.map((m: { playerName: string }) => m.playerName)).toEqual(['Cy', 'Di']);
    expect((await asFriend(game.gameId, di.playerId)).json().matches.map((m: { band: string }) => m.band)).toEqual([
      'in-tune',
      'apart',
    ]);
    expect(cy.playerID).not.toBe(di.playerID);
  });

  it('is an empty list for the only friend so far, then shows the next one', async () => {
    const game = await createGame(app, 'spectrum');
    const bo = await play(game, 'Bo', [40, 40, 40, 40]);
    expect((await asFriend(game.gameId, bo.playerId)).json()).toEqual({ matches: [] });
    await play(game, 'Cy', [40, 40, 40, 40]);
    expect((await asFriend(game.gameId, bo.playerId)).json().matches).toMatchObject([
      { playerName: 'Cy', band: 'in-tune' },
    ]);
  });

  it('answers 404 to a friend who has not played, to the creator, and for an unknown game', async () => {
    const game = await createGame(app, 'spectrum');
    const bo = await play(game, 'Bo', [40, 40, 40, 40]);
    const notYet = await asFriend(game.gameId, newUserId());
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json()).toEqual({
      code: 'not_played',
      message: 'You have not played this game yet, so there is nothing to compare.',
    });
    expect((await asFriend(game.gameId, game.creatorId)).statusCode).toBe(404);
    const unknown = await asFriend('AAAAAAAAAAAAAAAA', bo.playerId);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This game does not exist. Check the link you followed.');
  });
});

describe('GET /prod/get-circle for a creator (userId)', () => {
  it('lists the pairs of the game, highest first, with how many friends are compared', async () => {
    const game = await createGame(app, 'spectrum');
    const bo = await play(game, 'Bo', [10, 20, 30, 40]);
    const cy = await play(game, 'Cy', [12, 22, 32, 42]);
    const di = await play(game, 'Di', [90, 80, 70, 60]);
    const response = await asCreator(game.gameId, game.creatorId.toUpperCase());
    expect(response.statusCode).toBe(200);
    const pair = (a: Friend, b: Friend) => ({
      a: { playerID: a.playerID, playerName: a.name },
      b: { playerID: b.playerID, playerName: b.name },
      band: bandOf(a, b),
    });
    // Closest first, by the exact scores, which the reply leaves out.
    const byScore = [
      [bo, cy],
      [bo, di],
      [cy, di],
    ].sort(([a, b], [c, d]) => together(c, d) - together(a, b));
    const expected = byScore.map(([a, b]) => pair(a, b));
    expect(response.json()).toEqual({ pairs: expected, players: 3 });
    expect(expected.map((p) => p.band)).toEqual(['in-tune', 'apart', 'apart']);
    expect(expected[0]).toEqual(pair(bo, cy));
    expect(keysOf(response.json()).filter((key) => /answer/i.test(key))).toEqual([]);
  });

  it('lists at most the 50 best pairs', async () => {
    const game = await createGame(app, 'spectrum');
    // 12 friends: 66 pairs, of all sorts of scores.
    for (let i = 0; i < 12; i++) await play(game, `F${i}`, [i * 9, 100 - i * 7, (i * 37) % 101, 50]);
    const { pairs, players } = (await asCreator(game.gameId, game.creatorId)).json();
    expect(players).toBe(12);
    expect(pairs).toHaveLength(50);
    // Bands come in order: every in-tune pair, then every close one, then the rest.
    const rank = { 'in-tune': 0, close: 1, apart: 2 } as Record<string, number>;
    const ranks = pairs.map((p: { band: string }) => rank[p.band]);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    expect(keysOf(pairs)).not.toContain('score');
  });

  it('answers a co-creator too, and 403 to a friend or a stranger', async () => {
    const game = await createGame(app, 'spectrum');
    const bo = await play(game, 'Bo', [40, 40, 40, 40]);
    const laptop = newUserId();
    const { key } = (await post('creator-link', { gameId: game.gameId, userId: game.creatorId })).json();
    expect((await post('claim-game', { gameId: game.gameId, key, userId: laptop })).statusCode).toBe(200);
    expect((await asCreator(game.gameId, laptop)).json()).toEqual({ pairs: [], players: 1 });
    for (const someone of [bo.playerId, newUserId()]) {
      const refused = await asCreator(game.gameId, someone);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'circle_creator_only',
        message: "Only the game's creator can see how friends compare with each other.",
      });
    }
    expect((await asCreator('AAAAAAAAAAAAAAAA', game.creatorId)).statusCode).toBe(404);
  });

  it.each([
    ['neither form', ''],
    ['both forms', `&playerId=${newUserId()}&userId=${newUserId()}`],
  ])('answers 400 to %s', async (_name, params) => {
    const game = await createGame(app, 'spectrum');
    const response = await get(`/prod/get-circle?gameId=${game.gameId}${params}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/must carry either playerId .* or userId/);
  });
});

describe('a removed friend', () => {
  it('appears in no circle, and is told they were removed', async () => {
    const game = await createGame(app, 'spectrum');
    const bo = await play(game, 'Bo', [10, 10, 10, 10]);
    const joker = await play(game, 'Joker', [10, 10, 10, 10]);
    const cy = await play(game, 'Cy', [90, 90, 90, 90]);
    // Read before the removal, so that the circle is held and the removal has to reach it.
    expect((await asCreator(game.gameId, game.creatorId)).json().pairs[0].b.playerName).toBe('Joker');
    const removed = await post('remove-player', {
      gameId: game.gameId,
      userId: game.creatorId,
      playerID: joker.playerID,
    });
    expect(removed.statusCode).toBe(200);

    const own = await asFriend(game.gameId, joker.playerId);
    expect(own.statusCode).toBe(404);
    expect(own.json()).toEqual({ code: 'removed_friend', message: 'The creator removed you from this game.' });
    expect(
      (await asFriend(game.gameId, bo.playerId)).json().matches.map((m: { playerName: string }) => m.playerName),
    ).toEqual(['Cy']);
    const creators = (await asCreator(game.gameId, game.creatorId)).json();
    expect(creators).toEqual({
      pairs: [
        {
          a: { playerID: bo.playerID, playerName: 'Bo' },
          b: { playerID: cy.playerID, playerName: 'Cy' },
          band: bandOf(bo, cy),
        },
      ],
      players: 2,
    });
  });
});

describe('pair scores stay with the players and creators', () => {
  it('are in neither the public scoreboard nor the live channel', async () => {
    const game = await createGame(app, 'spectrum');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const live = await LiveClient.open(`ws://127.0.0.1:${port}/prod/live/${game.gameId}`);
    try {
      const bo = await play(game, 'Bo', [40, 40, 40, 40]);
      expect((await asCreator(game.gameId, game.creatorId)).statusCode).toBe(200);
      await play(game, 'Cy', [40, 40, 40, 40]);
      expect((await asFriend(game.gameId, bo.playerId)).json().matches).toHaveLength(1);
      expect(await live.message(0)).toEqual({ type: 'snapshot', players: [], playing: [] });
      const rowKeys = ['playerID', 'playerName', 'score'];
      for (const index of [1, 2]) {
        const message = await live.message(index);
        expect(message.type).toBe('player');
        expect(message.type === 'player' && Object.keys(message.player)).toEqual(rowKeys);
      }
      const board = (await get(`/prod/get-all-players?gameId=${game.gameId}`)).json();
      expect(Object.keys(board)).toEqual(['players']);
      for (const row of board.players) expect(Object.keys(row)).toEqual(rowKeys);
      expect(live.messages).toHaveLength(3);
    } finally {
      live.close();
    }
  });
});
