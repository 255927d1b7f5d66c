import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InProcessEventBus } from '../events/bus.js';
import { Rooms } from '../live/rooms.js';
import type { SqliteStorage } from '../storage/index.js';
import { type CreatedGame, createGame, logResponse, newUserId, testApp } from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';
import { Scoreboard } from './scoreboard.js';

/**
 * Two instances of the product on one database file and one bus, as several servers share one
 * PostgreSQL database and its LISTEN/NOTIFY bus: what one of them writes, the other's caches show.
 */
let dir: string;
let bus: InProcessEventBus;
let one: FastifyInstance;
let two: FastifyInstance;
let game: CreatedGame;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wavelength-cache-'));
  bus = new InProcessEventBus();
  const env = { DATABASE_URL: `sqlite:${join(dir, 'shared.db')}`, QUESTIONS_PER_GAME: '3' };
  one = await testApp(env, { bus });
  two = await testApp(env, { bus });
  game = await createGame(one, 'classic', [1, 1, 1]);
});

afterEach(async () => {
  await one.close();
  await two.close();
  rmSync(dir, { recursive: true, force: true });
});

const board = async (app: FastifyInstance, gameId = game.gameId) => {
  const response = await app.inject({ method: 'GET', url: `/prod/get-all-players?gameId=${gameId}` });
  return { status: response.statusCode, body: response.body, names: response.json().players?.map(nameOf) };
};
const nameOf = (p: { playerName: string }) => p.playerName;
const post = (app: FastifyInstance, call: string, payload: object) =>
  app.inject({ method: 'POST', url: `/prod/${call}`, payload });

/** A response written straight into the database, as another instance would, with no event at all. */
function writeBehindTheBus(app: FastifyInstance, publicId: string, name: string, tenths: number) {
  (app.storage as SqliteStorage).db
    .prepare(
      `INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at)
       VALUES (?, ?, ?, ?, '[1,1,1]', ?, ?)`,
    )
    .run(game.gameId, newUserId(), publicId, name, tenths, Date.now());
}

describe('the game cache, kept fresh by the bus only', () => {
  it('answers get-all-players exactly as the repository lists it (bytes included), read once', async () => {
    await logResponse(one, game.gameId, newUserId(), [1, 1, 1], 'Ten');
    await logResponse(one, game.gameId, newUserId(), [2, 2, 2], 'Zero');
    await logResponse(one, game.gameId, newUserId(), [1, 1, 1], 'Ten "again"');
    const listPlayers = vi.spyOn(one.storage.games, 'listPlayers');
    const first = await board(one);
    expect(first.body).toBe(JSON.stringify({ players: await two.storage.games.listPlayers(game.gameId) }));
    expect(first.names).toEqual(['Ten', 'Ten "again"', 'Zero']);
    await board(one);
    expect(listPlayers).toHaveBeenCalledTimes(1);
  });

  it('serves every route that reads the game from the one cached definition', async () => {
    const stored = await logResponse(one, game.gameId, newUserId(), [1, 1, 1], 'Bo');
    expect((await post(one, 'join-game', { gameId: game.gameId })).statusCode).toBe(200);
    const findGame = vi.spyOn(one.storage.games, 'findGame');
    const comparison = await one.inject({
      method: 'GET',
      url: `/prod/get-comparison?gameId=${game.gameId}&userId=${game.creatorId}&playerID=${stored.json().playerID}`,
    });
    expect(comparison.statusCode).toBe(200);
    expect((await post(one, 'creator-link', { gameId: game.gameId, userId: game.creatorId })).statusCode).toBe(200);
    expect((await one.inject({ method: 'GET', url: `/og/${game.gameId}.png` })).statusCode).toBe(200);
    expect(findGame).not.toHaveBeenCalled();
  });

  it('shows a new score, in scoreboard order, whichever instance stored it', async () => {
    await logResponse(one, game.gameId, newUserId(), [2, 2, 2], 'Low');
    expect((await board(one)).names).toEqual(['Low']);
    expect((await board(two)).names).toEqual(['Low']);
    await logResponse(two, game.gameId, newUserId(), [1, 1, 1], 'High');
    await logResponse(one, game.gameId, newUserId(), [1, 1, 1], 'High too');
    for (const app of [one, two]) expect((await board(app)).names).toEqual(['High', 'High too', 'Low']);
    // Equal to a fresh read of the database.
    const fresh = await one.storage.games.listPlayers(game.gameId);
    expect((await board(two)).body).toBe(JSON.stringify({ players: fresh }));
  });

  it('drops a removed friend on both instances', async () => {
    const stored = await logResponse(one, game.gameId, newUserId(), [1, 1, 1], 'Joker');
    expect((await board(one)).names).toEqual(['Joker']);
    expect((await board(two)).names).toEqual(['Joker']);
    const removed = await post(two, 'remove-player', {
      gameId: game.gameId,
      userId: game.creatorId,
      playerID: stored.json().playerID,
    });
    expect(removed.statusCode).toBe(200);
    expect((await board(one)).names).toEqual([]);
    expect((await board(two)).names).toEqual([]);
  });

  it('forgets a deleted game on both instances (scoreboard and definition)', async () => {
    expect((await board(one)).status).toBe(200);
    expect((await post(one, 'join-game', { gameId: game.gameId })).statusCode).toBe(200);
    expect((await post(two, 'delete-game', { gameId: game.gameId, userId: game.creatorId })).statusCode).toBe(200);
    expect((await board(one)).status).toBe(404);
    expect((await post(one, 'join-game', { gameId: game.gameId })).statusCode).toBe(404);
    expect((await logResponse(one, game.gameId, newUserId(), [1, 1, 1])).statusCode).toBe(404);
  });

  it('sees a co-creator who claimed the game on the other instance', async () => {
    const laptop = newUserId();
    // Instance one has the definition cached: the laptop is a friend there, so far.
    const before = await one.inject({ method: 'GET', url: `/prod/is-creator?gameId=${game.gameId}&userId=${laptop}` });
    expect(before.json().isCreator).toBe(false);
    const { key } = (await post(two, 'creator-link', { gameId: game.gameId, userId: game.creatorId })).json();
    expect((await post(two, 'claim-game', { gameId: game.gameId, key, userId: laptop })).statusCode).toBe(200);

    const after = await one.inject({ method: 'GET', url: `/prod/is-creator?gameId=${game.gameId}&userId=${laptop}` });
    expect(after.json().isCreator).toBe(true);
    // A creator cannot answer their own game, on either instance.
    expect((await logResponse(one, game.gameId, laptop, [1, 1, 1])).statusCode).toBe(409);
  });

  it('applies an event published on the bus by another instance, and nothing else', async () => {
    expect((await board(one)).names).toEqual([]);
    // Stored by another instance: this one does not read the database again by itself…
    writeBehindTheBus(one, 'AAAAAAAAAAAA', 'Elsewhere', 80);
    expect((await board(one)).names).toEqual([]);
    // …but its event, once it comes over the bus, is shown.
    bus.publish(game.gameId, {
      type: 'player',
      player: { playerID: 'AAAAAAAAAAAA', playerName: 'Elsewhere', score: 8 },
    });
    expect((await board(one)).names).toEqual(['Elsewhere']);
    bus.publish(game.gameId, { type: 'removed', playerID: 'AAAAAAAAAAAA' });
    expect((await board(one)).names).toEqual([]);
  });

  it('reads the game again after a resync (events may have been missed)', async () => {
    expect((await board(one)).names).toEqual([]);
    writeBehindTheBus(one, 'BBBBBBBBBBBB', 'Missed', 50);
    bus.publish(game.gameId, { type: 'resync' });
    expect((await board(one)).names).toEqual(['Missed']);
  });

  it('sends live sockets a fresh snapshot after a resync, and events that follow after it', async () => {
    await one.listen({ port: 0, host: '127.0.0.1' });
    const { port } = one.server.address() as { port: number };
    const client = await LiveClient.open(`ws://127.0.0.1:${port}/prod/live/${game.gameId}`);
    try {
      expect(await client.message(0)).toEqual({ type: 'snapshot', players: [], playing: [] });
      writeBehindTheBus(one, 'CCCCCCCCCCCC', 'Missed', 50);
      bus.publish(game.gameId, { type: 'resync' });
      await logResponse(two, game.gameId, newUserId(), [1, 1, 1], 'After');
      // The fresh snapshot has the missed friend (and may already have the next one: a repeat is harmless).
      const snapshot = await client.message(1);
      expect(snapshot.type).toBe('snapshot');
      expect(snapshot.type === 'snapshot' && snapshot.players.map(nameOf)).toContain('Missed');
      expect(await client.message(2)).toMatchObject({ type: 'player', player: { playerName: 'After' } });
    } finally {
      client.close();
    }
  });

  it('shows a live socket the score another instance stored, and closes it when the game is deleted there', async () => {
    await one.listen({ port: 0, host: '127.0.0.1' });
    const { port } = one.server.address() as { port: number };
    const client = await LiveClient.open(`ws://127.0.0.1:${port}/prod/live/${game.gameId}`);
    expect(await client.message(0)).toEqual({ type: 'snapshot', players: [], playing: [] });
    await logResponse(two, game.gameId, newUserId(), [1, 1, 1], 'Remote');
    expect(await client.message(1)).toMatchObject({ type: 'player', player: { playerName: 'Remote' } });
    await post(two, 'delete-game', { gameId: game.gameId, userId: game.creatorId });
    expect(await client.message(2)).toEqual({ type: 'deleted' });
    expect((await client.closed).code).toBe(4404);
  });
});

describe('GameCache', () => {
  it('replays the events that arrive while the scoreboard is being read', async () => {
    const events = new InProcessEventBus();
    let release: ((players: []) => void) | undefined;
    const games = {
      gameExists: async () => true,
      listPlayers: () => new Promise<[]>((resolve) => (release = resolve)),
    } as unknown as ConstructorParameters<typeof Rooms>[0];
    const cache = new Rooms(games, events);
    const reading = cache.scoreboard('g');
    await vi.waitFor(() => expect(release).toBeDefined());
    // Stored after the read ran (so not in it), announced before it returned.
    events.publish('g', { type: 'player', player: { playerID: 'p1', playerName: 'Late', score: 3 } });
    release?.([]);
    expect((await reading)?.players).toEqual([{ playerID: 'p1', playerName: 'Late', score: 3 }]);
    expect((await cache.scoreboard('g'))?.players.map(nameOf)).toEqual(['Late']);
  });

  it('keeps at most `capacity` games, never one with live sockets', async () => {
    const games = { findGame: async (id: string) => ({ id }) } as unknown as ConstructorParameters<typeof Rooms>[0];
    const events = new InProcessEventBus();
    const cache = new Rooms(games, events, { capacity: 2 });
    const unpin = cache.pin('watched');
    for (const id of ['watched', 'a', 'b', 'c']) await cache.findGame(id);
    expect(cache.size).toBe(2);
    const findGame = vi.spyOn(games, 'findGame');
    await cache.findGame('watched');
    expect(findGame).not.toHaveBeenCalled();
    unpin();
  });

  it('orders a new friend after those with the same or a higher score', () => {
    const scores = new Scoreboard([
      { playerID: 'a', playerName: 'A', score: 9 },
      { playerID: 'b', playerName: 'B', score: 5 },
    ]);
    scores.add({ playerID: 'c', playerName: 'C', score: 5 });
    scores.add({ playerID: 'd', playerName: 'D', score: 10 });
    scores.add({ playerID: 'c', playerName: 'C', score: 5 });
    expect(scores.players.map((p) => p.playerID)).toEqual(['d', 'a', 'b', 'c']);
    expect(scores.snapshot).toBe(JSON.stringify({ type: 'snapshot', players: scores.players, playing: [] }));
  });
});
