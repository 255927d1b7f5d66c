import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGame, logResponse, makeGameBack, newUserId } from '../testing/app.js';
import { crossInstanceBuses } from '../testing/buses.js';
import { type Instances, instancesOnOneDatabase } from '../testing/instances.js';
import { LiveClient } from '../testing/live-client.js';

const liveUrl = (app: FastifyInstance, gameId: string) =>
  `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod/live/${gameId}`;

// A game made back on one instance reaches the first game's sockets on the other, as `removed` does.
describe.each(crossInstanceBuses)('a reply across instances, over $name', (bus) => {
  let instances: Instances;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeEach(async () => {
    instances = await instancesOnOneDatabase(bus, { listen: true });
    [a, b] = instances.apps;
  });

  afterEach(() => instances.close());

  it("reaches the first game's live sockets on the other instance, and get-replies on either", async () => {
    const ada = await createGame(a, 'classic', [1, 2, 3], 'Ada');
    const bo = newUserId();
    const boPlayerID = (await logResponse(a, ada.gameId, bo, [1, 2, 3], 'Bo')).json().playerID;
    const onA = await LiveClient.open(`${liveUrl(a, ada.gameId)}?userId=${ada.creatorId}`);
    expect(await onA.message(0)).toMatchObject({ type: 'snapshot' });

    const made = await makeGameBack(b, bo, 'Bo', { gameId: ada.gameId, playerId: bo });
    expect(made.statusCode).toBe(200);
    const { gameId } = made.json();
    // Bo's `player` may come once more after the snapshot that holds it (its publish can follow the
    // socket's subscription on a per-game channel; a board takes it again as it is): the next other
    // message is the reply.
    let next = await onA.message(1);
    if (next.type === 'player') {
      expect(next.player).toMatchObject({ playerID: boPlayerID, score: 10 });
      next = await onA.message(2);
    }
    expect(next).toEqual({ type: 'reply', playerID: boPlayerID, gameId });
    onA.close();
    for (const app of [a, b]) {
      const listed = await app.inject({ url: `/prod/get-replies?gameId=${ada.gameId}&userId=${ada.creatorId}` });
      expect(listed.json()).toEqual({ replies: [{ playerID: boPlayerID, playerName: 'Bo', gameId }] });
    }
  });
});
