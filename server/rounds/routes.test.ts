import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../shared/live.js';
import { computeScore } from '../../shared/score.js';
import type { PostgresStorage, SqliteStorage } from '../storage/index.js';
import { createGame, logResponse, newUserId, selectValue, testApp } from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';

// Runs on SQLite (project server) and on PostgreSQL (project server-postgres).
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '3', MAX_PLAYERS_PER_GAME: '2' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod/live/`;
});
afterAll(() => app.close());

const answerRound = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/prod/answer-round', payload });

const plays = async (gameId: string) =>
  Number(await selectValue(app, 'SELECT count(*) FROM plays WHERE game_id = ?', gameId));
/** Moves a friend's latest round back in time, on either database. */
async function setUpdatedAt(gameId: string, publicId: string, at: number) {
  const storage = app.storage as SqliteStorage | PostgresStorage;
  const sql = 'UPDATE plays SET updated_at = $1 WHERE game_id = $2 AND public_id = $3';
  if (storage.kind === 'sqlite') storage.db.prepare(sql.replace(/\$\d/g, '?')).run(at, gameId, publicId);
  else await storage.pool.query(sql, [at, gameId, publicId]);
}
const storedRounds = (gameId: string, playerId: string) =>
  app.inject({ method: 'GET', url: `/prod/get-rounds?gameId=${gameId}&playerId=${playerId}` });

/** A friend of a game, answering its rounds one by one. */
function friendOf(gameId: string, userName = 'Bo', playerId: string = newUserId()) {
  return {
    playerId,
    round: (round: number, answer: number) => answerRound({ gameId, playerId, userName, round, answer }),
    finish: (responseSet: number[]) => logResponse(app, gameId, playerId, responseSet, userName),
  };
}

describe('POST /prod/answer-round', () => {
  it('stores each round before it answers, in order, with the public id log-response then returns', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const bo = friendOf(game.gameId);
    const first = await bo.round(0, 1);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      ok: true,
      playerID: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      round: 1,
      rounds: 3,
    });
    const { playerID } = first.json();
    expect((await storedRounds(game.gameId, bo.playerId)).json()).toEqual({ round: 1, rounds: 3 });
    expect((await bo.round(1, 0)).json()).toEqual({ ok: true, playerID, round: 2, rounds: 3 });
    expect((await storedRounds(game.gameId, bo.playerId)).json()).toEqual({ round: 2, rounds: 3 });
    // Not on the scoreboard, and no score, until they finish.
    expect((await app.inject({ url: `/prod/get-all-players?gameId=${game.gameId}` })).json()).toEqual({ players: [] });
    expect(
      (await app.inject({ url: `/prod/get-score?gameId=${game.gameId}&playerId=${bo.playerId}` })).statusCode,
    ).toBe(404);
    const finished = await bo.finish([1, 0, 3]);
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toEqual({ ok: true, score: computeScore('classic', [1, 2, 3], [1, 0, 3]), playerID });
    expect((await app.inject({ url: `/prod/get-all-players?gameId=${game.gameId}` })).json().players).toEqual([
      { playerID, playerName: 'Bo', score: 6.7 },
    ]);
    // The response holds the answers now: the rounds are gone.
    expect(await plays(game.gameId)).toBe(0);
  });

  it('answers a retry of a stored round with the same reply, and stores it once', async () => {
    const game = await createGame(app, 'spectrum', [10, 20, 30]);
    const bo = friendOf(game.gameId);
    const first = (await bo.round(0, 40)).json();
    const again = await bo.round(0, 40);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    await bo.round(1, 50);
    expect((await bo.round(0, 40)).json()).toEqual(first);
    expect((await storedRounds(game.gameId, bo.playerId)).json().round).toBe(2);
  });

  it('stores one row for racing copies of one round, and one reply for all of them', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const bo = friendOf(game.gameId);
    const first = await Promise.all(Array.from({ length: 6 }, () => bo.round(0, 2)));
    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(first.map((r) => r.body)).size).toBe(1);
    const second = await Promise.all([bo.round(1, 3), bo.round(1, 3), bo.round(1, 4)]);
    // Whichever came first stands; the other answer is refused.
    const statuses = second.map((r) => r.statusCode).sort();
    expect(statuses).toEqual(second[2].statusCode === 200 ? [200, 409, 409] : [200, 200, 409]);
    expect(await plays(game.gameId)).toBe(1);
    expect((await storedRounds(game.gameId, bo.playerId)).json().round).toBe(2);
  });

  it('refuses another answer for a stored round (409) and keeps the first', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const bo = friendOf(game.gameId);
    await bo.round(0, 2);
    const changed = await bo.round(0, 3);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe('This round is already answered.');
    const finished = await bo.finish([2, 2, 3]);
    expect(finished.json().score).toBe(computeScore('classic', [1, 2, 3], [2, 2, 3]));
  });

  it('refuses a round that is not the next one (409), first or later, and stores nothing', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const bo = friendOf(game.gameId);
    const skipped = await bo.round(1, 1);
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().message).toBe('Play the rounds in order.');
    expect(await plays(game.gameId)).toBe(0);
    await bo.round(0, 1);
    expect((await bo.round(2, 1)).json().message).toBe('Play the rounds in order.');
    expect((await storedRounds(game.gameId, bo.playerId)).json().round).toBe(1);
  });

  describe('bad input: 400 with a clear sentence, nothing stored', () => {
    let gameId: string;
    beforeAll(async () => {
      gameId = (await createGame(app, 'classic', [1, 2, 3])).gameId;
    });
    const valid = () => ({ gameId, playerId: newUserId(), userName: 'Bo', round: 0, answer: 1 });
    it.each<[string, () => Record<string, unknown>, RegExp]>([
      ['a missing gameId', () => ({ ...valid(), gameId: undefined }), /"gameId"/],
      ['a playerId that is not a UUID', () => ({ ...valid(), playerId: 'nope' }), /"playerId" must be a UUID/],
      ['a missing userName', () => ({ ...valid(), userName: undefined }), /"userName"/],
      ['a missing round', () => ({ ...valid(), round: undefined }), /"round" is required/],
      ['a negative round', () => ({ ...valid(), round: -1 }), /"round" must be 0 or more/],
      ['a fractional round', () => ({ ...valid(), round: 0.5 }), /"round" must be a whole number/],
      ['a round as a string', () => ({ ...valid(), round: '0' }), /"round" must be a whole number/],
      ['a round past the game', () => ({ ...valid(), round: 3 }), /"round" must be below 3/],
      ['a round past any game', () => ({ ...valid(), round: 99 }), /"round" must be below/],
      ['a missing answer', () => ({ ...valid(), answer: undefined }), /"answer" is required/],
      ['a fractional answer', () => ({ ...valid(), answer: 1.5 }), /"answer" must be a whole number/],
      ['a Classic answer past the last word', () => ({ ...valid(), answer: 5 }), /"answer" must be between 0 and 4/],
      ['a negative answer', () => ({ ...valid(), answer: -1 }), /"answer" must be between 0 and 4/],
    ])('%s', async (_name, payload, message) => {
      const response = await answerRound(payload());
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
      expect(await plays(gameId)).toBe(0);
    });

    it('a Spectrum answer past 100', async () => {
      const game = await createGame(app, 'spectrum');
      const response = await friendOf(game.gameId).round(0, 101);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/between 0 and 100/);
      expect(await plays(game.gameId)).toBe(0);
    });
  });

  it('refuses the creator (409), an unknown game (404), and stores nothing', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const creator = friendOf(game.gameId, 'Ada', game.creatorId);
    const mine = await creator.round(0, 1);
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toMatch(/You created this game/);
    const unknown = await answerRound({
      gameId: 'AAAAAAAAAAAAAAAA',
      playerId: newUserId(),
      userName: 'Bo',
      round: 0,
      answer: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/does not exist/);
    expect(await plays(game.gameId)).toBe(0);
  });

  it('refuses a friend who has finished (409): their answers stand', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const bo = friendOf(game.gameId);
    await bo.finish([1, 2, 3]);
    const late = await bo.round(0, 1);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already played/);
    expect(await plays(game.gameId)).toBe(0);
  });

  it('refuses a removed friend (404)', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const bo = friendOf(game.gameId);
    await bo.round(0, 1);
    const { playerID } = (await bo.finish([1, 2, 3])).json();
    const removed = await app.inject({
      method: 'POST',
      url: '/prod/remove-player',
      payload: { gameId: game.gameId, userId: game.creatorId, playerID },
    });
    expect(removed.statusCode).toBe(200);
    const again = await bo.round(0, 1);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/removed you/);
    expect(await plays(game.gameId)).toBe(0);
  });

  it('refuses a first round once the game is full (409), and lets those already playing go on', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const playing = friendOf(game.gameId, 'Cy');
    await playing.round(0, 1);
    await friendOf(game.gameId).finish([1, 1, 1]);
    await friendOf(game.gameId).finish([2, 2, 2]);
    const late = await friendOf(game.gameId).round(0, 1);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This game is full.');
    // Cy began before: their rounds are stored, and the cap still decides at the end.
    expect((await playing.round(1, 1)).statusCode).toBe(200);
    expect((await playing.finish([1, 1, 1])).json().message).toBe('This game is full.');
  });

  it('deletes the stored rounds with the game', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    await friendOf(game.gameId).round(0, 1);
    expect(await plays(game.gameId)).toBe(1);
    const deleted = await app.inject({
      method: 'POST',
      url: '/prod/delete-game',
      payload: { gameId: game.gameId, userId: game.creatorId },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await plays(game.gameId)).toBe(0);
    expect((await friendOf(game.gameId).round(0, 1)).statusCode).toBe(404);
  });
});

describe('log-response after stored rounds', () => {
  it('must agree with the stored rounds (409, nothing stored), and gives the rest', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const bo = friendOf(game.gameId);
    await bo.round(0, 4);
    await bo.round(1, 0);
    const differs = await bo.finish([4, 1, 3]);
    expect(differs.statusCode).toBe(409);
    expect(differs.json().message).toBe('These answers differ from the rounds you already played.');
    expect((await app.inject({ url: `/prod/get-all-players?gameId=${game.gameId}` })).json().players).toEqual([]);
    const agrees = await bo.finish([4, 0, 3]);
    expect(agrees.statusCode).toBe(200);
    expect(agrees.json().score).toBe(computeScore('classic', [1, 2, 3], [4, 0, 3]));
    // Play once, as before.
    expect((await bo.finish([4, 0, 3])).statusCode).toBe(409);
  });

  it('takes every round stored, and still checks the answers (400)', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const bo = friendOf(game.gameId);
    for (const [round, answer] of [1, 2, 3].entries()) await bo.round(round, answer);
    expect((await bo.finish([1, 2])).statusCode).toBe(400);
    expect((await bo.finish([1, 2, 3])).json().score).toBe(10);
  });
});

describe('privacy: stored rounds reach no one before the friend finishes', () => {
  it('get-rounds gives only the count, and the reveal stays closed', async () => {
    const game = await createGame(app, 'spectrum', [11, 22, 33]);
    const bo = friendOf(game.gameId);
    await bo.round(0, 77);
    const rounds = await storedRounds(game.gameId, bo.playerId);
    expect(rounds.json()).toEqual({ round: 1, rounds: 3 });
    expect(rounds.body).not.toContain('77');
    const reveal = await app.inject({ url: `/prod/get-comparison?gameId=${game.gameId}&playerId=${bo.playerId}` });
    expect(reveal.statusCode).toBe(404);
    expect((await storedRounds(game.gameId, newUserId())).json()).toEqual({ round: 0, rounds: 3 });
    expect(
      (await app.inject({ url: `/prod/get-rounds?gameId=AAAAAAAAAAAAAAAA&playerId=${bo.playerId}` })).statusCode,
    ).toBe(404);
  });
});

describe('presence on the live channel', () => {
  const snapshotOf = (message: LiveMessage) => message as Extract<LiveMessage, { type: 'snapshot' }>;

  it('sends playing for every stored round (never the answer), and the player message ends it', async () => {
    const game = await createGame(app, 'spectrum', [10, 20, 30]);
    const watcher = await LiveClient.open(base + game.gameId);
    expect(await watcher.message(0)).toEqual({ type: 'snapshot', players: [], playing: [] });
    const bo = friendOf(game.gameId);
    const { playerID } = (await bo.round(0, 87)).json();
    expect(await watcher.message(1)).toEqual({
      type: 'playing',
      player: { playerID, playerName: 'Bo', round: 1, rounds: 3 },
    });
    // A retry changes nothing and says nothing.
    await bo.round(0, 87);
    await bo.round(1, 88);
    expect(await watcher.message(2)).toEqual({
      type: 'playing',
      player: { playerID, playerName: 'Bo', round: 2, rounds: 3 },
    });
    expect(JSON.stringify(watcher.messages)).not.toMatch(/87|88/);

    // A socket opened now finds Bo playing in its snapshot.
    const late = await LiveClient.open(base + game.gameId);
    expect(await late.message(0)).toEqual({
      type: 'snapshot',
      players: [],
      playing: [{ playerID, playerName: 'Bo', round: 2, rounds: 3 }],
    });
    await bo.finish([87, 88, 30]);
    expect(await watcher.message(3)).toMatchObject({ type: 'player', player: { playerID, playerName: 'Bo' } });
    expect(await late.message(1)).toMatchObject({ type: 'player', player: { playerID } });
    // Finished: on the board, no longer playing, for the sockets that open from now on.
    const after = await LiveClient.open(base + game.gameId);
    const snapshot = snapshotOf(await after.message(0));
    expect(snapshot.players.map((p) => p.playerID)).toEqual([playerID]);
    expect(snapshot.playing).toEqual([]);
    for (const client of [watcher, late, after]) client.close();
  });

  it('reads who is playing from the database when the game was not in memory', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const bo = friendOf(game.gameId, 'Bo');
    const cy = friendOf(game.gameId, 'Cy');
    const boId = (await bo.round(0, 1)).json().playerID;
    const cyId = (await cy.round(0, 2)).json().playerID;
    await bo.round(1, 1);
    // A friend whose latest round is 10 minutes old has stopped playing. (No socket nor scoreboard
    // read of this game yet: the first socket reads it from the database.)
    await setUpdatedAt(game.gameId, cyId, Date.now() - 600_000);
    await setUpdatedAt(game.gameId, boId, Date.now() - 590_000);
    const watcher = await LiveClient.open(base + game.gameId);
    expect(snapshotOf(await watcher.message(0)).playing).toEqual([
      { playerID: boId, playerName: 'Bo', round: 2, rounds: 3 },
    ]);
    watcher.close();
  });
});
