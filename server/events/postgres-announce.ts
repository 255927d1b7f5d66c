import { inTransaction, type Pool, type PoolClient } from '../db/postgres.js';
import type { Announce, CommitAnnouncer } from './announcer.js';
import type { Announced, Delivery } from './envelope.js';
import type { PostgresEventBus } from './postgres-bus.js';

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

/** Announces over LISTEN/NOTIFY, from inside each write's transaction or statement. */
export function notifyingAnnouncer(bus: PostgresEventBus): CommitAnnouncer {
  return {
    transaction: (pool, work) => announcingTransaction(pool, bus, work),
    async statement(run, committed) {
      const echo = bus.expectEcho();
      try {
        const { result, notifications } = await run({ notify: true, echo: echo.id ?? null });
        committed?.();
        if (notifications > 0) await echo.delivered;
        return result;
      } finally {
        echo.cancel();
      }
    },
  };
}
