import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../shared/live.js';
import { createGame, logResponse, newUserId } from '../testing/app.js';
import { crossInstanceBuses } from '../testing/buses.js';
import { type Instances, instancesOnOneDatabase } from '../testing/instances.js';
import { LiveClient } from '../testing/live-client.js';

const liveUrl = (app: FastifyInstance, gameId: string) =>
  `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod/live/${gameId}`;

// Presence crosses instances as scores do: two instances on one database, on each bus.
describe.each(crossInstanceBuses)('playing across instances, over $name', (bus) => {
  let instances: Instances;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeEach(async () => {
    instances = await instancesOnOneDatabase(bus, { listen: true });
    [a, b] = instances.apps;
  });

  afterEach(() => instances.close());

  it("sends a round stored through one instance to the other's sockets, then the score ends it", async () => {
    const game = await createGame(a, 'classic', [1, 2, 3]);
    const onA = await LiveClient.open(liveUrl(a, game.gameId));
    const onB = await LiveClient.open(liveUrl(b, game.gameId));
    await onA.message(0);
    await onB.message(0);
    const playerId = newUserId();
    const round = (app: FastifyInstance, index: number, answer: number) =>
      app.inject({
        method: 'POST',
        url: '/prod/answer-round',
        payload: { gameId: game.gameId, playerId, userName: 'Bo', round: index, answer },
      });
    const first = await round(a, 0, 4);
    expect(first.statusCode).toBe(200);
    const { playerID } = first.json();
    const playing = (n: number): LiveMessage => ({
      type: 'playing',
      player: { playerID, playerName: 'Bo', round: n, rounds: 3 },
    });
    expect(await onB.message(1)).toEqual(playing(1));
    expect(await onA.message(1)).toEqual(playing(1));
    // The next round through the other instance: in order, the same friend.
    expect((await round(b, 1, 3)).json()).toEqual({ ok: true, playerID, round: 2, rounds: 3 });
    expect(await onA.message(2)).toEqual(playing(2));
    expect(await onB.message(2)).toEqual(playing(2));
    // A socket opened on the other instance finds Bo playing.
    const late = await LiveClient.open(liveUrl(a, game.gameId));
    expect(await late.message(0)).toEqual({
      type: 'snapshot',
      players: [],
      playing: [{ playerID, playerName: 'Bo', round: 2, rounds: 3 }],
    });
    const finished = await logResponse(b, game.gameId, playerId, [4, 3, 3], 'Bo');
    expect(finished.json().playerID).toBe(playerID);
    expect(await onA.message(3)).toMatchObject({ type: 'player', player: { playerID } });
    expect(await late.message(1)).toMatchObject({ type: 'player', player: { playerID } });
    for (const client of [onA, onB, late]) client.close();
  });
});
