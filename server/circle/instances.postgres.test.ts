import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGame, logResponse, newUserId } from '../testing/app.js';
import { crossInstanceBuses } from '../testing/buses.js';
import { type Instances, instancesOnOneDatabase } from '../testing/instances.js';

// Two server instances sharing one PostgreSQL database, as behind a load balancer, on each bus.
describe.each(crossInstanceBuses)(
  "the friends' circle on several instances of one PostgreSQL database, over $name",
  (bus) => {
    let instances: Instances;
    let a: FastifyInstance;
    let b: FastifyInstance;

    beforeEach(async () => {
      instances = await instancesOnOneDatabase(bus);
      [a, b] = instances.apps;
    });

    afterEach(() => instances.close());

    it('takes a score and a removal made on the other instance, through the bus', async () => {
      const game = await createGame(a, 'classic', [1, 2, 3]);
      const pairs = async () =>
        (await a.inject({ url: `/prod/get-circle?gameId=${game.gameId}&userId=${game.creatorId}` }))
          .json()
          .pairs.map(
            (p: { a: { playerName: string }; b: { playerName: string } }) => `${p.a.playerName}+${p.b.playerName}`,
          );
      await logResponse(a, game.gameId, newUserId(), [1, 2, 3], 'Bo');
      expect(await pairs()).toEqual([]);
      const cy = await logResponse(b, game.gameId, newUserId(), [1, 2, 3], 'Cy');
      // Instance a learns of Cy only from the bus: wait for it rather than for a time.
      await expect.poll(pairs).toEqual(['Bo+Cy']);
      await b.inject({
        method: 'POST',
        url: '/prod/remove-player',
        payload: { gameId: game.gameId, userId: game.creatorId, playerID: cy.json().playerID },
      });
      await expect.poll(pairs).toEqual([]);
    });
  },
);
