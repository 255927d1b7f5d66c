import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GAME_EVENTS_CHANNEL } from '../events/envelope.js';
import { createGame, newResponse, newUserId, testApp } from '../testing/app.js';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.js';

// Responses asked for in one turn of the event loop are one batch: one statement, one commit,
// one notification, and each response still gets its own outcome.
let database: TestDatabase;
let app: FastifyInstance;
let listener: pg.Client;
let notifications: string[];

beforeEach(async () => {
  database = await createTestDatabase();
  app = await testApp({ DATABASE_URL: database.url, QUESTIONS_PER_GAME: '3' });
  listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  notifications = [];
  listener.on('notification', ({ payload }) => notifications.push(payload ?? ''));
  await listener.query(`LISTEN ${GAME_EVENTS_CHANNEL}`);
});

afterEach(async () => {
  await listener.end();
  await app.close();
  await database.drop();
});

/** The transactions that wrote a game's responses: every row keeps the id of the one that inserted it (xmin). */
async function writers(gameId: string): Promise<number> {
  const { rows } = await listener.query<{ count: string }>(
    'SELECT count(DISTINCT xmin::text) AS count FROM responses WHERE game_id = $1',
    [gameId],
  );
  return Number(rows[0].count);
}

describe('PostgreSQL responses in batches', () => {
  it('gives each response of one batch its own outcome, stored in order, in one notification', async () => {
    const { gameId } = await createGame(app, 'classic');
    const { gameId: small } = await createGame(app, 'classic');
    const games = app.storage.games;
    const known = newUserId();
    expect((await games.addResponse(newResponse(gameId, known), 100)).status).toBe('stored');
    expect((await games.addResponse(newResponse(small), 2)).status).toBe('stored');
    // This test's own listener hears those two too, maybe after the writer's instance did.
    await expect.poll(() => notifications.length).toBe(2);
    notifications.length = 0;

    const twice = newUserId();
    const batch = [
      { response: { ...newResponse(gameId), playerName: 'First' }, cap: 100 },
      { response: newResponse(gameId, known), cap: 100 },
      { response: { ...newResponse(gameId, twice), playerName: 'Twice' }, cap: 100 },
      { response: newResponse(gameId, twice), cap: 100 },
      { response: newResponse('no-such-game'), cap: 100 },
      { response: { ...newResponse(small), playerName: 'LastSeat' }, cap: 2 },
      { response: newResponse(small), cap: 2 },
    ];
    // Asked for in the same turn of the event loop: one batch.
    const results = await Promise.all(batch.map(({ response, cap }) => games.addResponse(response, cap)));
    expect(results.map((r) => r.status)).toEqual([
      'stored',
      'duplicate',
      'stored',
      'duplicate',
      'missing',
      'stored',
      'full',
    ]);
    expect(results[0]).toEqual({
      status: 'stored',
      player: { playerID: batch[0].response.publicId, playerName: 'First', score: 6.7 },
      // Counted on the game's push subscriptions in the same statement (it has none).
      pushSubscriptions: 0,
    });
    expect((await games.listPlayers(small)).map((p) => p.playerName).sort()).toEqual(['Bo', 'LastSeat']);
    expect(await games.listPlayers(gameId)).toHaveLength(3);

    // The three stored ones went out in order, in one notification (with this instance's echo).
    await expect.poll(() => notifications.length).toBe(1);
    const { events, echo } = JSON.parse(notifications[0]);
    expect(events.map((e: { event: { player: { playerName: string } } }) => e.event.player.playerName)).toEqual([
      'First',
      'Twice',
      'LastSeat',
    ]);
    expect(echo).toEqual(expect.any(String));
  });

  it('stores the friends answering at one moment in one commit', async () => {
    const { gameId } = await createGame(app, 'classic');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => app.storage.games.addResponse(newResponse(gameId), 100)),
    );
    expect(results.every((r) => r.status === 'stored')).toBe(true);
    expect(await writers(gameId)).toBe(1);
  });

  it('stores and announces what was queued before the storage closes', async () => {
    const { gameId } = await createGame(app, 'classic');
    const answering = app.storage.games.addResponse(newResponse(gameId), 100);
    const closing = app.storage.close();
    expect((await answering).status).toBe('stored');
    await closing;
    await expect.poll(() => notifications.length).toBe(1);
  });
});
