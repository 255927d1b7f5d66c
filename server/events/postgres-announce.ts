import { inTransaction, type Pool, type PoolClient } from '../db/postgres.js';
import type { GameEvent } from './bus.js';
import type { Announced, Delivery, PostgresEventBus } from './postgres-bus.js';

export type Announce = (gameId: string, event: GameEvent) => Promise<void>;

/**
 * Runs `work` in one transaction in which `announce` gathers events; they are notified to every
 * instance together, in one statement at the end of the transaction (delivered only if it
 * commits), then this waits until this instance has delivered them to its own subscribers. So, as
 * with SQLite, a write has been announced here once it returns.
 */
export async function announcingTransaction<T>(
  pool: Pool,
  bus: PostgresEventBus,
  work: (client: PoolClient, announce: Announce) => Promise<T>,
): Promise<T> {
  let delivery: Delivery | undefined;
  try {
    const result = await inTransaction(pool, async (client) => {
      const events: Announced[] = [];
      const result = await work(client, async (gameId, event) => {
        events.push({ gameId, event });
      });
      if (events.length > 0) delivery = await bus.announceAll(client, events);
      return result;
    });
    await delivery?.delivered;
    return result;
  } finally {
    delivery?.cancel();
  }
}
