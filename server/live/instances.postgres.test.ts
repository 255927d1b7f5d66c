import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../shared/live.js';
import { createGame, logResponse, newUserId } from '../testing/app.js';
import { crossInstanceBuses } from '../testing/buses.js';
import { type Instances, instancesOnOneDatabase } from '../testing/instances.js';
import { LiveClient } from '../testing/live-client.js';

const liveUrl = (app: FastifyInstance, gameId: string) =>
  `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod/live/${gameId}`;

// Two server instances sharing one PostgreSQL database, as behind a load balancer, on each bus.
describe.each(crossInstanceBuses)('several instances on one PostgreSQL database, over $name', (bus) => {
  let instances: Instances;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeEach(async () => {
    instances = await instancesOnOneDatabase(bus, { listen: true });
    [a, b] = instances.apps;
  });

  afterEach(() => instances.close());

  it('delivers a score logged on one instance to the live sockets of both', async () => {
    const game = await createGame(a, 'classic', [1, 2, 3]);
    const onA = await LiveClient.open(liveUrl(a, game.gameId));
    const onB = await LiveClient.open(liveUrl(b, game.gameId));
    expect(await onB.message(0)).toEqual({ type: 'snapshot', players: [], playing: [] });
    await onA.message(0);
    const logged = await logResponse(a, game.gameId, newUserId(), [1, 2, 3], 'Cy');
    expect(logged.statusCode).toBe(200);
    const expected = { type: 'player', player: { playerID: expect.any(String), playerName: 'Cy', score: 10 } };
    expect(await onB.message(1)).toEqual(expected);
    expect(await onA.message(1)).toEqual(expected);
    // And the other way round, to the writer's own sockets too.
    await logResponse(b, game.gameId, newUserId(), [0, 0, 0], 'Di');
    expect(await onA.message(2)).toMatchObject({ type: 'player', player: { playerName: 'Di', score: 0 } });
    expect(await onB.message(2)).toMatchObject({ type: 'player', player: { playerName: 'Di', score: 0 } });
    onA.close();
    onB.close();
  });

  it('tells every instance of a co-creator claimed on another: the cached creator rule follows', async () => {
    const game = await createGame(a, 'classic', [1, 2, 3]);
    const laptop = newUserId();
    const isCreator = async (app: FastifyInstance) =>
      (await app.inject({ url: `/prod/is-creator?gameId=${game.gameId}&userId=${laptop}` })).json().isCreator;
    // Both instances have read (and cached) the game while the laptop was nobody.
    expect([await isCreator(a), await isCreator(b)]).toEqual([false, false]);
    const link = await a.inject({
      method: 'POST',
      url: '/prod/creator-link',
      payload: { gameId: game.gameId, userId: game.creatorId },
    });
    const claim = await b.inject({
      method: 'POST',
      url: '/prod/claim-game',
      payload: { gameId: game.gameId, key: link.json().key, userId: laptop },
    });
    expect(claim.statusCode).toBe(200);
    await expect.poll(() => isCreator(a)).toBe(true);
    expect(await isCreator(b)).toBe(true);
    // And the creator rule on A: a co-creator cannot answer their own game.
    expect((await logResponse(a, game.gameId, laptop, [1, 2, 3])).statusCode).toBe(409);
  });

  it('lets one of two racing responses of the same player through, each on its own instance', async () => {
    const game = await createGame(a, 'spectrum');
    for (let round = 0; round < 10; round++) {
      const friend = newUserId();
      const results = await Promise.all([
        logResponse(a, game.gameId, friend, [50, 50, 50], 'OnA'),
        logResponse(b, game.gameId, friend, [0, 0, 0], 'OnB'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const refused = results.find((r) => r.statusCode === 409);
      expect(refused?.json().message).toMatch(/already played/);
    }
    const board = await b.inject({ method: 'GET', url: `/prod/get-all-players?gameId=${game.gameId}` });
    expect(board.json().players).toHaveLength(10);
  });

  it('holds MAX_PLAYERS_PER_GAME across instances when friends answer at once', async () => {
    await Promise.all([a.close(), b.close()]);
    [a, b] = await Promise.all([
      instances.start({ MAX_PLAYERS_PER_GAME: '3' }),
      instances.start({ MAX_PLAYERS_PER_GAME: '3' }),
    ]);
    const game = await createGame(a, 'classic');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => logResponse(i % 2 ? a : b, game.gameId, newUserId(), [1, 1, 1])),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    for (const full of results.filter((r) => r.statusCode !== 200)) {
      expect(full.json()).toEqual({ code: 'game_full', message: 'This game is full.' });
    }
    const board = await a.inject({ method: 'GET', url: `/prod/get-all-players?gameId=${game.gameId}` });
    expect(board.json().players).toHaveLength(3);
  });

  it('reconnects a dropped listener by itself and sends every socket a fresh snapshot', async () => {
    const game = await createGame(a, 'classic', [1, 2, 3]);
    const watchers = await Promise.all([1, 2].map(() => LiveClient.open(liveUrl(b, game.gameId))));
    await Promise.all(watchers.map((w) => w.message(0)));
    await logResponse(a, game.gameId, newUserId(), [1, 2, 3], 'Before');
    await Promise.all(watchers.map((w) => w.message(1)));

    const busConnected = async (app: FastifyInstance) =>
      /^bus_connected (\d)$/m.exec((await app.inject({ method: 'GET', url: '/metrics' })).body)?.[1];
    expect(await busConnected(b)).toBe('1');
    // Cut the instances' listening connections, as a database (or Redis) restart or a network blip would.
    // One listener per instance (A's reconnects too); on a Redis Cluster, one per node holding its channels.
    expect(await instances.bus.cutListeners()).toBeGreaterThanOrEqual(2);

    for (const watcher of watchers) {
      const resynced = (await watcher.message(2)) as Extract<LiveMessage, { type: 'snapshot' }>;
      expect(resynced.type).toBe('snapshot');
      expect(resynced.players.map((p) => p.playerName)).toEqual(['Before']);
    }
    // Listening again (and saying so on /metrics): a score logged on the other instance arrives as usual.
    await expect.poll(() => busConnected(b)).toBe('1');
    await logResponse(a, game.gameId, newUserId(), [1, 1, 1], 'After');
    for (const watcher of watchers) {
      expect(await watcher.message(3)).toMatchObject({ type: 'player', player: { playerName: 'After' } });
      watcher.close();
    }
  });
});
