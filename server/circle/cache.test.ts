import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InProcessEventBus } from '../events/bus.js';
import type { SqliteStorage } from '../storage/index.js';
import { type CreatedGame, createGame, logResponse, newUserId, testApp } from '../testing/app.js';
import { CircleCache } from './cache.js';
import type { CircleRepository } from './repository.js';

/**
 * Two instances of the product on one database file and one bus (as several servers share one
 * PostgreSQL database and its LISTEN/NOTIFY bus): every event that changes who is on the board
 * reaches the circle that instance one holds, whoever caused it.
 */
let dir: string;
let bus: InProcessEventBus;
let one: FastifyInstance;
let two: FastifyInstance;
let game: CreatedGame;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wavelength-circle-'));
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

/** The creator's view on instance one: status, and the pairs as "Name+Name band" (closest first). */
async function pairsOn(app: FastifyInstance) {
  const response = await app.inject({ url: `/prod/get-circle?gameId=${game.gameId}&userId=${game.creatorId}` });
  const pairs = response.json().pairs as { a: { playerName: string }; b: { playerName: string }; band: string }[];
  return { status: response.statusCode, pairs: pairs?.map((p) => `${p.a.playerName}+${p.b.playerName} ${p.band}`) };
}

const post = (app: FastifyInstance, call: string, payload: object) =>
  app.inject({ method: 'POST', url: `/prod/${call}`, payload });

/** A response written straight into the database, as another instance would, with no event at all. */
function writeBehindTheBus(publicId: string, name: string, answers: number[]) {
  (one.storage as SqliteStorage).db
    .prepare(
      `INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at)
       VALUES (?, ?, ?, ?, ?, 0, ?)`,
    )
    .run(game.gameId, newUserId(), publicId, name, JSON.stringify(answers), Date.now());
}

describe("the friends' circle, kept fresh by the bus only", () => {
  it('is read from the database once, then takes a new score logged on either instance', async () => {
    await logResponse(one, game.gameId, newUserId(), [1, 1, 1], 'Bo');
    await logResponse(one, game.gameId, newUserId(), [1, 1, 2], 'Cy');
    const listFriends = vi.spyOn(one.storage.circle, 'listFriends');
    expect((await pairsOn(one)).pairs).toEqual(['Bo+Cy close']);
    await logResponse(two, game.gameId, newUserId(), [1, 1, 1], 'Di');
    await logResponse(one, game.gameId, newUserId(), [2, 2, 2], 'Ed');
    expect((await pairsOn(one)).pairs).toEqual([
      'Bo+Di in-tune',
      'Bo+Cy close',
      'Cy+Di close',
      'Cy+Ed apart',
      'Bo+Ed apart',
      'Di+Ed apart',
    ]);
    expect(listFriends).toHaveBeenCalledTimes(1);
  });

  it('drops a friend removed on the other instance', async () => {
    await logResponse(one, game.gameId, newUserId(), [1, 1, 1], 'Bo');
    const joker = await logResponse(one, game.gameId, newUserId(), [1, 1, 1], 'Joker');
    await logResponse(one, game.gameId, newUserId(), [1, 2, 2], 'Cy');
    expect((await pairsOn(one)).pairs).toEqual(['Bo+Joker in-tune', 'Bo+Cy apart', 'Joker+Cy apart']);
    const removed = await post(two, 'remove-player', {
      gameId: game.gameId,
      userId: game.creatorId,
      playerID: joker.json().playerID,
    });
    expect(removed.statusCode).toBe(200);
    expect((await pairsOn(one)).pairs).toEqual(['Bo+Cy apart']);
  });

  it('forgets a game deleted on the other instance', async () => {
    await logResponse(one, game.gameId, newUserId(), [1, 1, 1], 'Bo');
    expect((await pairsOn(one)).status).toBe(200);
    expect((await post(two, 'delete-game', { gameId: game.gameId, userId: game.creatorId })).statusCode).toBe(200);
    expect((await pairsOn(one)).status).toBe(404);
  });

  it('applies a score another instance announced on the bus, and reads nothing the bus did not announce', async () => {
    await logResponse(one, game.gameId, newUserId(), [1, 1, 1], 'Bo');
    expect((await pairsOn(one)).pairs).toEqual([]);
    // Stored by another instance: this one does not read the database again by itself…
    writeBehindTheBus('AAAAAAAAAAAA', 'Elsewhere', [1, 2, 1]);
    expect((await pairsOn(one)).pairs).toEqual([]);
    // …but once its event comes over the bus, that friend is compared with the others.
    bus.publish(game.gameId, {
      type: 'player',
      player: { playerID: 'AAAAAAAAAAAA', playerName: 'Elsewhere', score: 0 },
    });
    expect((await pairsOn(one)).pairs).toEqual(['Bo+Elsewhere close']);
    bus.publish(game.gameId, { type: 'removed', playerID: 'AAAAAAAAAAAA' });
    expect((await pairsOn(one)).pairs).toEqual([]);
  });

  it('reads the game again after a resync (events may have been missed)', async () => {
    await logResponse(one, game.gameId, newUserId(), [1, 1, 1], 'Bo');
    expect((await pairsOn(one)).pairs).toEqual([]);
    writeBehindTheBus('BBBBBBBBBBBB', 'Missed', [1, 1, 1]);
    bus.publish(game.gameId, { type: 'resync' });
    expect((await pairsOn(one)).pairs).toEqual(['Bo+Missed in-tune']);
  });

  it('reads a friend who asks before their event has arrived (they played through another instance a moment ago)', async () => {
    await logResponse(one, game.gameId, newUserId(), [1, 1, 1], 'Bo');
    expect((await pairsOn(one)).pairs).toEqual([]);
    const late = newUserId();
    (one.storage as SqliteStorage).db
      .prepare(
        `INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at)
         VALUES (?, ?, 'CCCCCCCCCCCC', 'Late', '[1,1,1]', 100, ?)`,
      )
      .run(game.gameId, late, Date.now());
    const response = await one.inject({ url: `/prod/get-circle?gameId=${game.gameId}&playerId=${late}` });
    expect(response.json()).toEqual({ matches: [{ playerID: expect.any(String), playerName: 'Bo', band: 'in-tune' }] });
  });
});

describe('CircleCache', () => {
  let friends: CircleRepository;
  beforeEach(() => {
    friends = {
      listFriends: async () => [
        { publicId: 'a', name: 'A', answers: [1] },
        { publicId: 'b', name: 'B', answers: [1] },
      ],
      findFriend: async () => undefined,
      listNetworkPlays: async () => [],
    };
  });

  it('keeps circles within its memory budget, least recently used out first', async () => {
    const cache = new CircleCache(friends, new InProcessEventBus(), 1);
    await cache.circle('g1', 'classic');
    await cache.circle('g2', 'classic');
    // Over budget with any circle at all: only the one just used stays.
    expect(cache.size).toBe(1);
    const listFriends = vi.spyOn(friends, 'listFriends');
    await cache.circle('g2', 'classic');
    expect(listFriends).not.toHaveBeenCalled();
  });

  it('forgets a deleted game at once: its subscription and memory are freed', async () => {
    const events = new InProcessEventBus();
    const cache = new CircleCache(friends, events);
    await cache.circle('g', 'classic');
    expect(cache.size).toBe(1);
    events.publish('g', { type: 'deleted' });
    expect({ size: cache.size, bytes: cache.bytes }).toEqual({ size: 0, bytes: 0 });
    const listFriends = vi.spyOn(friends, 'listFriends');
    await cache.circle('g', 'classic');
    expect(listFriends).toHaveBeenCalledTimes(1);
  });

  it('forgets a game whose read failed, and reads it again when next asked', async () => {
    const failing: CircleRepository = { ...friends, listFriends: vi.fn().mockRejectedValueOnce(new Error('down')) };
    const cache = new CircleCache(failing, new InProcessEventBus());
    await expect(cache.circle('g', 'classic')).rejects.toThrow('down');
    (failing.listFriends as ReturnType<typeof vi.fn>).mockImplementation(friends.listFriends);
    expect((await cache.circle('g', 'classic')).size).toBe(2);
    expect(cache.bytes).toBeGreaterThan(0);
  });
});
