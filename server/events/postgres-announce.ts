import { inTransaction, type Pool, type PoolClient } from '../db/postgres.js';
import type { GameEvent } from './bus.js';
import type { Delivery, PostgresEventBus } from './postgres-bus.js';

export type Announce = (gameId: string, event: GameEvent) => Promise<void>;

/**
 * Runs `work` in one transaction in which `announce` notifies every instance (delivered only if
 * the transaction commits), then waits until this instance has delivered those events to its own
 * subscribers. So, as with SQLite, a write has been announced here once it returns.
 */
export async function announcingTransaction<T>(
  pool: Pool,
  bus: PostgresEventBus,
  work: (client: PoolClient, announce: Announce) => Promise<T>,
): Promise<T> {
  const deliveries: Delivery[] = [];
  try {
    const result = await inTransaction(pool, (client) =>
      work(client, async (gameId, event) => {
        deliveries.push(await bus.announce(client, gameId, event));
      }),
    );
    await Promise.all(deliveries.map((delivery) => delivery.delivered));
    return result;
  } finally {
    for (const delivery of deliveries) delivery.cancel();
  }
}
