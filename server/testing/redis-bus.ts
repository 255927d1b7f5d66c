import type pg from 'pg';
import type { GameEvent, GameEventBus } from '../events/bus.js';
import { publishingAnnouncer } from '../events/redis-announce.js';
import { RedisEventBus, type RedisEventBusOptions } from '../events/redis-bus.js';

/** A player scoring, as the bus carries it. */
export const scored = (playerName: string): GameEvent => ({
  type: 'player',
  player: { playerID: 'p1', playerName, score: 7 },
});

/** Buses of one test, started on `channel` with quick reconnects, and closed together. */
export function testBuses(defaults: () => { url: string; channel: string }) {
  const buses: RedisEventBus[] = [];
  return {
    async start(
      url = defaults().url,
      log?: (message: string) => void,
      options: Partial<RedisEventBusOptions> = {},
    ): Promise<RedisEventBus> {
      const { channel } = defaults();
      const bus = new RedisEventBus({ url, channel, backoff: { firstMs: 20, maxMs: 200 }, log, ...options });
      await bus.start();
      buses.push(bus);
      return bus;
    },
    async closeAll(): Promise<void> {
      await Promise.all(buses.splice(0).map((bus) => bus.close()));
    },
  };
}

/**
 * Subscribes to a game and resolves once the bus hears it (its channel is on), with a function
 * that resolves with the first `count` events delivered from then on.
 */
export async function watch(bus: GameEventBus, gameId: string): Promise<(count: number) => Promise<GameEvent[]>> {
  const waiting = new Set<{ count: number; resolve: (events: GameEvent[]) => void }>();
  const seen = await seenOn(bus, gameId, () => {
    for (const wait of [...waiting]) {
      if (seen.length < wait.count) continue;
      waiting.delete(wait);
      wait.resolve(seen.slice(0, wait.count));
    }
  });
  return (count) =>
    seen.length >= count
      ? Promise.resolve(seen.slice(0, count))
      : new Promise((resolve) => waiting.add({ count, resolve }));
}

/**
 * Subscribes to a game and resolves once the bus hears it, with `events`: the first `count` events
 * it delivers from then on (wrapped: an async function's promise of a promise would wait for both).
 */
export async function collect(
  bus: GameEventBus,
  gameId: string,
  count: number,
): Promise<{ events: Promise<GameEvent[]> }> {
  return { events: (await watch(bus, gameId))(count) };
}

/** Subscribes to a game and resolves, once the bus hears it, with what it delivers from then on (as it comes). */
export async function seenOn(bus: GameEventBus, gameId: string, then: () => void = () => {}): Promise<GameEvent[]> {
  const seen: GameEvent[] = [];
  await new Promise<void>((heard) =>
    bus.subscribe(
      gameId,
      (event) => {
        seen.push(event);
        then();
      },
      { heard },
    ),
  );
  return seen;
}

/** A write on `pool` that announces one event, committed or rolled back. */
export function writeOn(pool: pg.Pool, bus: RedisEventBus, gameId: string, event: GameEvent, rollBack = false) {
  return publishingAnnouncer(bus).transaction(pool, async (client, announce) => {
    await client.query('SELECT 1');
    await announce(gameId, event);
    if (rollBack) throw new Error('the write failed');
  });
}

/** Rejects if `promise` has not settled within `ms`: a bound the contract sets, not a speed test. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
