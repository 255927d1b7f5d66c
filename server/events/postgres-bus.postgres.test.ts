import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endPool, inTransaction } from '../db/postgres.js';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.js';
import type { GameEvent } from './bus.js';
import { announcingTransaction } from './postgres-announce.js';
import { notify, PostgresEventBus } from './postgres-bus.js';

const scored = (playerName: string): GameEvent => ({
  type: 'player',
  player: { playerID: 'p1', playerName, score: 7 },
});

let database: TestDatabase;
let pool: pg.Pool;
const buses: PostgresEventBus[] = [];

async function startBus(): Promise<PostgresEventBus> {
  const bus = new PostgresEventBus({ connectionString: database.url, backoff: { firstMs: 20, maxMs: 200 } });
  await bus.start();
  buses.push(bus);
  return bus;
}

/** Resolves with the first `count` events a bus delivers for a game. */
function collect(bus: PostgresEventBus, gameId: string, count: number): Promise<unknown[]> {
  const seen: unknown[] = [];
  return new Promise((resolve) => {
    bus.subscribe(gameId, (event) => {
      seen.push(event);
      if (seen.length === count) resolve(seen);
    });
  });
}

beforeEach(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
});

afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
  await endPool(pool);
  await database.drop();
});

describe('PostgresEventBus', () => {
  it('announces a write only once its transaction commits, never after a rollback', async () => {
    const bus = await startBus();
    const received = collect(bus, 'game-a', 1);
    await expect(
      inTransaction(pool, async (client) => {
        await notify(client, 'game-a', scored('RolledBack'));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await inTransaction(pool, (client) => notify(client, 'game-a', scored('Committed')));
    // The first (and only) event delivered is the committed one.
    expect(await received).toEqual([scored('Committed')]);
  });

  it("delivers every instance's notifications to every instance's subscribers of that game only", async () => {
    const [one, two] = [await startBus(), await startBus()];
    const onOne = collect(one, 'game-a', 2);
    const onTwo = collect(two, 'game-a', 2);
    let elsewhere = 0;
    two.subscribe('game-b', () => elsewhere++);
    await inTransaction(pool, (client) => notify(client, 'game-a', scored('First')));
    one.publish('game-a', { type: 'deleted' });
    expect(await onOne).toEqual([scored('First'), { type: 'deleted' }]);
    expect(await onTwo).toEqual([scored('First'), { type: 'deleted' }]);
    expect(elsewhere).toBe(0);
  });

  it('tells every subscriber to resync after reconnecting, and stops reconnecting once closed', async () => {
    const bus = await startBus();
    const signals = [collect(bus, 'game-a', 1), collect(bus, 'game-b', 1)];
    await pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'wavelength-listener' AND datname = current_database()",
    );
    expect(await Promise.all(signals)).toEqual([[{ type: 'resync' }], [{ type: 'resync' }]]);
    expect(bus.listening).toBe(true);
    await bus.close();
    expect(bus.listening).toBe(false);
  });

  it("returns from an announcing write only once the writer's own instance has delivered its event", async () => {
    const [writer, other] = [await startBus(), await startBus()];
    const seen: unknown[] = [];
    writer.subscribe('game-a', (event) => seen.push(event));
    const onOther = collect(other, 'game-a', 1);
    await announcingTransaction(pool, writer, (_client, announce) => announce('game-a', scored('Mine')));
    // No waiting here: it is already out on the writer's instance (the other one gets it too).
    expect(seen).toEqual([scored('Mine')]);
    expect(await onOther).toEqual([scored('Mine')]);

    await expect(
      announcingTransaction(pool, writer, async (_client, announce) => {
        await announce('game-a', scored('RolledBack'));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    // While the listener is down a write does not wait for an event that cannot come back.
    await writer.close();
    await announcingTransaction(pool, writer, (_client, announce) => announce('game-a', scored('Unheard')));
    expect(seen).toEqual([scored('Mine')]);
  });
});
