import { inTransaction } from '../db/postgres.js';
import type { CommitAnnouncer } from './announcer.js';
import type { Announced } from './envelope.js';
import type { RedisEventBus } from './redis-bus.js';

/**
 * Announces over Redis: a write's events are gathered while it runs and published once it has
 * committed, in commit order, in one message (a rolled-back write publishes nothing); the write
 * returns once this instance has delivered them (see RedisEventBus.announceCommitted).
 */
export function publishingAnnouncer(bus: RedisEventBus): CommitAnnouncer {
  return {
    async transaction(pool, work) {
      const events: Announced[] = [];
      const result = await inTransaction(pool, (client) =>
        work(client, async (gameId, event) => {
          events.push({ gameId, event });
        }),
      );
      await bus.announceCommitted(events);
      return result;
    },
    async statement(run) {
      const { result, events } = await run({ notify: false });
      await bus.announceCommitted(events());
      return result;
    },
  };
}
