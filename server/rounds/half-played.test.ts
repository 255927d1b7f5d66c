import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAYING_SHOWN } from '../../shared/live.js';
import { DAY_MS } from '../games/retention.js';
import {
  type CreatedGame,
  createGame,
  newUserId,
  persistentTestDatabase,
  selectValue,
  testApp,
} from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';
import { testingOnPostgres } from '../testing/postgres.js';

// Issue 42 (items 2 and 5): friends who begin round by round and never finish. In a guess game each
// answer-round reply hands back the creator's answer to that round, so a throw-away id that answers
// every round with anything learns them all, and the real id then scores 10/10. A play therefore
// counts for its network from its first stored round (the cap and the burst flag), the creator sees
// and removes such plays, live snapshots list at most PLAYING_SHOWN of them, and plays untouched for
// days are purged. Runs on SQLite (project server) and on PostgreSQL (project server-postgres).
let app: FastifyInstance;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  // The app first: its database's files go after it has closed them.
  await app?.close();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ROUNDS = 5;
const HOME = '192.0.2.1';
const get = (url: string) => app.inject({ method: 'GET', url });
const post = (url: string, payload: object, from = HOME) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: from });
const answerRound = (game: CreatedGame, playerId: string, round: number, answer: number, from = HOME, name = 'Bo') =>
  post('/prod/answer-round', { gameId: game.gameId, playerId, userName: name, round, answer }, from);
const logResponse = (game: CreatedGame, playerId: string, responseSet: number[], from = HOME) =>
  post('/prod/log-response', { gameId: game.gameId, playerId, userName: 'Bo', responseSet }, from);
const unfinished = (game: CreatedGame, userId = game.creatorId) =>
  get(`/prod/get-unfinished?gameId=${game.gameId}&userId=${userId}`);
const removePlayer = (game: CreatedGame, playerID: string) =>
  post('/prod/remove-player', { gameId: game.gameId, userId: game.creatorId, playerID });
const TOO_MANY = { code: 'too_many_plays', message: 'Too many plays of this game from your network.' };

/** The settings of apps on one database that outlives them (a restart), removed after the test. */
async function keptDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'wavelength-plays-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const database = await persistentTestDatabase(dir);
  cleanups.push(() => database.drop());
  return { DATABASE_URL: database.url, QUESTIONS_PER_GAME: String(ROUNDS) };
}

/** A friend's first round from `from`; their public id. */
async function began(game: CreatedGame, from = HOME, name = 'Bo', playerId = newUserId()): Promise<string> {
  const reply = await answerRound(game, playerId, 0, 1, from, name);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().playerID;
}

describe('a play counts for its network from its first stored round', () => {
  it('the throw-away id that read every creator answer is one of the network’s plays: the real id is then refused', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: String(ROUNDS), PLAYS_PER_ADDRESS_PER_GAME: '2' });
    const game = await createGame(app, 'classic', [1, 2, 3, 4, 1], 'Ada', 'guess');
    // The attack: answer every round with anything; each reply gives the creator's answer.
    const throwAway = newUserId();
    const learned: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      learned.push((await answerRound(game, throwAway, round, 1)).json().creatorAnswer);
    }
    expect(learned).toEqual(game.answers);
    // A second half-play from the same network is its second play; a third id is past the cap,
    // round by round and all at once, and stores nothing.
    await began(game);
    const real = newUserId();
    const refused = await answerRound(game, real, 0, learned[0]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(TOO_MANY);
    expect((await get(`/prod/get-rounds?gameId=${game.gameId}&playerId=${real}`)).json().round).toBe(0);
    expect((await logResponse(game, real, learned)).json()).toEqual(TOO_MANY);
    // The half-plays may still finish (each was counted once, at its first round).
    expect((await logResponse(game, throwAway, [1, 1, 1, 1, 1])).statusCode).toBe(200);
    // Another network is another count.
    expect((await answerRound(game, newUserId(), 0, 1, '198.51.100.9')).statusCode).toBe(200);
  });

  it('an address already refused cannot start new half-plays', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: String(ROUNDS), PLAYS_PER_ADDRESS_PER_GAME: '2' });
    const game = await createGame(app, 'classic', [1, 2, 3, 4, 1], 'Ada', 'guess');
    for (let i = 0; i < 2; i++) expect((await logResponse(game, newUserId(), [1, 1, 1, 1, 1])).statusCode).toBe(200);
    expect((await logResponse(game, newUserId(), [1, 1, 1, 1, 1])).json()).toEqual(TOO_MANY);
    const probe = await answerRound(game, newUserId(), 0, 1);
    expect(probe.statusCode).toBe(409);
    // No creator's answer in the refusal, and nothing stored.
    expect(probe.body).not.toMatch(/creatorAnswer|points/);
    expect((await unfinished(game)).json()).toEqual({ friends: [], more: 0 });
  });

  it('holds when first rounds arrive at once (one write batch)', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: String(ROUNDS), PLAYS_PER_ADDRESS_PER_GAME: '3' });
    const game = await createGame(app, 'classic', undefined, 'Ada', 'guess');
    const replies = await Promise.all(Array.from({ length: 8 }, () => answerRound(game, newUserId(), 0, 1)));
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect((await unfinished(game)).json().friends).toHaveLength(3);
  });

  it('half-plays are in the creator’s burst flag', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: String(ROUNDS) });
    const game = await createGame(app, 'classic', undefined, 'Ada', 'guess');
    const elsewhere = await began(game, '198.51.100.9', 'Friend');
    const burst: string[] = [];
    for (let i = 0; i < 6; i++) burst.push(await began(game, HOME, `B${i}`));
    const flagged = (await get(`/prod/get-bursts?gameId=${game.gameId}&userId=${game.creatorId}`)).json().playerIDs;
    expect([...flagged].sort()).toEqual([...burst].sort());
    expect(flagged).not.toContain(elsewhere);
  });
});

describe('the creator sees half-played friends and removes them', () => {
  it('get-unfinished lists them, newest first, for creators only; remove-player stops them for good', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: String(ROUNDS) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const game = await createGame(app, 'classic', undefined, 'Ada', 'guess');
    const bo = newUserId();
    const boID = await began(game, HOME, 'Bo', bo);
    await answerRound(game, bo, 1, 2, HOME, 'Bo');
    // Plays are stamped to the millisecond: Cy's must be later than Bo's for "newest first" to order them.
    const boDone = Date.now();
    while (Date.now() <= boDone + 1) await new Promise((resolve) => setTimeout(resolve, 2));
    const cy = newUserId();
    const cyID = await began(game, HOME, 'Cy', cy);
    const list = await unfinished(game);
    expect(list.json()).toEqual({
      friends: [
        { playerID: cyID, playerName: 'Cy', round: 1, rounds: ROUNDS },
        { playerID: boID, playerName: 'Bo', round: 2, rounds: ROUNDS },
      ],
      more: 0,
    });
    // Never an answer; friends and strangers are refused.
    expect(list.body).not.toMatch(/answer/i);
    expect((await unfinished(game, bo)).statusCode).toBe(403);

    const port = (app.server.address() as { port: number }).port;
    const watcher = await LiveClient.open(`ws://127.0.0.1:${port}/prod/live/${game.gameId}`);
    cleanups.push(() => watcher.close());
    await watcher.message(0);
    expect((await removePlayer(game, boID)).statusCode).toBe(200);
    expect(await watcher.message(1)).toEqual({ type: 'removed', playerID: boID });
    // Bo stores no more rounds, cannot finish, and is gone from the list; removing again is 404.
    const removed = { code: 'removed_friend', message: 'The creator removed you from this game.' };
    expect((await answerRound(game, bo, 2, 1, HOME, 'Bo')).json()).toEqual(removed);
    expect((await answerRound(game, bo, 0, 1, HOME, 'Bo')).json()).toEqual(removed);
    expect((await logResponse(game, bo, [1, 2, 1, 1, 1])).json()).toEqual(removed);
    expect((await unfinished(game)).json().friends.map((f: { playerID: string }) => f.playerID)).toEqual([cyID]);
    expect((await removePlayer(game, boID)).statusCode).toBe(404);
    // A friend who finished leaves the list for the scoreboard.
    expect((await logResponse(game, cy, [1, 1, 1, 1, 1])).statusCode).toBe(200);
    expect((await unfinished(game)).json()).toEqual({ friends: [], more: 0 });
  });

  it('the admin sees and removes them too', async () => {
    const token = 'a-very-long-admin-token-for-tests';
    app = await testApp({ QUESTIONS_PER_GAME: String(ROUNDS), ADMIN_TOKEN: token });
    const game = await createGame(app, 'classic', undefined, 'Ada', 'guess');
    const boID = await began(game, HOME, 'Bo');
    const headers = { authorization: `Bearer ${token}` };
    const found = await app.inject({ method: 'GET', url: `/prod/admin/games?q=${game.gameId}`, headers });
    expect(found.json().games[0].unfinished).toEqual([{ playerID: boID, playerName: 'Bo', round: 1 }]);
    const removed = await app.inject({
      method: 'POST',
      url: '/prod/admin/remove-player',
      headers,
      payload: { gameId: game.gameId, playerID: boID },
    });
    expect(removed.statusCode).toBe(200);
    expect((await unfinished(game)).json().friends).toEqual([]);
  });
});

describe('the live snapshot lists at most PLAYING_SHOWN friends playing', () => {
  it(`the ${PLAYING_SHOWN} most recent, in the order they began, and how many more`, async () => {
    app = await testApp({ QUESTIONS_PER_GAME: String(ROUNDS), PLAYS_PER_ADDRESS_PER_GAME: '0' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const game = await createGame(app, 'classic', undefined, 'Ada', 'guess');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    const ids: string[] = [];
    const others = 10;
    for (let i = 0; i < PLAYING_SHOWN + others; i++) {
      ids.push(await began(game, HOME, `P${i}`));
      vi.setSystemTime(Date.now() + 1000);
    }
    const snapshot = async () => {
      const watcher = await LiveClient.open(`ws://127.0.0.1:${port}/prod/live/${game.gameId}`);
      cleanups.push(() => watcher.close());
      return (await watcher.message(0)) as { playing: { playerID: string }[]; morePlaying?: number };
    };
    const first = await snapshot();
    expect(first.playing.map((p) => p.playerID)).toEqual(ids.slice(others));
    expect(first.morePlaying).toBe(others);
    // A new friend pushes the least recent one among the others (the room keeps the count)…
    const late = await began(game, HOME, 'Late');
    await vi.waitFor(async () => expect((await snapshot()).morePlaying).toBe(others + 1));
    const next = await snapshot();
    expect(next.playing).toHaveLength(PLAYING_SHOWN);
    expect(next.playing.map((p) => p.playerID)).toContain(late);
    expect(next.playing.map((p) => p.playerID)).not.toContain(ids[others]);
    // …and a removed one among the others leaves the count.
    expect((await removePlayer(game, ids[0])).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await snapshot()).morePlaying).toBe(others));
  });
});

describe('UNFINISHED_PLAY_DAYS', () => {
  it('purges plays untouched for that many days at start-up; a removed one stays, and the network still counts them', async () => {
    const env = { ...(await keptDatabase()), PLAYS_PER_ADDRESS_PER_GAME: '3' };
    const T0 = Date.parse('2025-01-01T00:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    app = await testApp(env);
    const game = await createGame(app, 'classic', undefined, 'Ada', 'guess');
    await began(game, HOME, 'Old');
    const removedID = await began(game, HOME, 'Removed');
    expect((await removePlayer(game, removedID)).statusCode).toBe(200);
    vi.setSystemTime(T0 + 6 * DAY_MS);
    const recentID = await began(game, '198.51.100.9', 'Recent');
    await app.close();

    vi.setSystemTime(T0 + 8 * DAY_MS);
    app = await testApp({ ...env, UNFINISHED_PLAY_DAYS: '7' });
    expect((await unfinished(game)).json().friends.map((f: { playerID: string }) => f.playerID)).toEqual([recentID]);
    expect(Number(await selectValue(app, 'SELECT count(*) FROM plays WHERE game_id = ?', game.gameId))).toBe(2);
    // The purged play was one of its network's three: one more, then the cap.
    await began(game, HOME, 'Third');
    expect((await answerRound(game, newUserId(), 0, 1)).json()).toEqual(TOO_MANY);
  });
});

describe('PLAYS_PER_ADDRESS_PER_GAME lowered', () => {
  it('refuses a network that played more than the new cap allows, on both calls', async () => {
    const env = await keptDatabase();
    // No cap: five friends behind one address (a venue's Wi-Fi).
    app = await testApp({ ...env, PLAYS_PER_ADDRESS_PER_GAME: '0' });
    const game = await createGame(app, 'classic');
    for (let i = 0; i < 4; i++) await began(game);
    expect((await logResponse(game, newUserId(), [1, 1, 1, 1, 1])).statusCode).toBe(200);
    await app.close();

    // The cap is now 2: the network's five plays are counted as far as past it, and it is refused.
    app = await testApp({ ...env, PLAYS_PER_ADDRESS_PER_GAME: '2' });
    expect((await answerRound(game, newUserId(), 0, 1)).json()).toEqual(TOO_MANY);
    expect((await logResponse(game, newUserId(), [1, 1, 1, 1, 1])).json()).toEqual(TOO_MANY);
    // Another network is not.
    expect((await answerRound(game, newUserId(), 0, 1, '198.51.100.9')).statusCode).toBe(200);
  });
});

describe('what the live snapshot reads of plays', () => {
  it('is one index (plays_recent: game, latest round, removed), walked without the table', async () => {
    app = await testApp();
    if (testingOnPostgres) {
      const definition = await selectValue(app, "SELECT indexdef FROM pg_indexes WHERE indexname = 'plays_recent'");
      expect(definition).toMatch(/\(game_id, updated_at, removed_at\)/);
      return;
    }
    const plan = (sql: string) =>
      (app.storage as unknown as { db: { prepare(sql: string): { all(...v: unknown[]): { detail: string }[] } } }).db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all('g', 0)
        .map((row) => row.detail)
        .join('\n');
    // The count of the friends playing beyond the 50 shown reads the index alone; the 50 latest, newest first.
    expect(plan('SELECT count(*) FROM plays WHERE game_id = ? AND updated_at >= ? AND removed_at IS NULL')).toMatch(
      /COVERING INDEX plays_recent/,
    );
    expect(
      plan(
        'SELECT public_id FROM plays WHERE game_id = ? AND updated_at >= ? AND removed_at IS NULL ORDER BY updated_at DESC LIMIT 50',
      ),
    ).toMatch(/^SEARCH plays USING INDEX plays_recent/);
  });
});
