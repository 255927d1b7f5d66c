/** A word back through the API (docs/api.md, Notes). Both databases: SQLite in `server`, PostgreSQL in `server-postgres`. */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOTE_MAX_LENGTH, NOTE_REACTIONS } from '../../shared/notes.js';
import { createGame, logResponse, newUserId, selectValue, testApp } from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';

const ADMIN_TOKEN = 'a'.repeat(32);
let app: FastifyInstance;
let base: string;

beforeEach(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '3', ADMIN_TOKEN });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod/live/`;
});
afterEach(() => app.close());

const leave = (payload: object) => app.inject({ method: 'POST', url: '/prod/leave-note', payload });
const notes = (gameId: string, userId: string) =>
  app.inject({ url: `/prod/get-notes?gameId=${gameId}&userId=${userId}` });
const stored = async () => Number(await selectValue(app, 'SELECT count(*) FROM game_notes'));

/** Ada's game, which Bo finished. */
async function played() {
  const ada = await createGame(app, 'classic', [1, 2, 3], 'Ada');
  const bo = newUserId();
  const logged = await logResponse(app, ada.gameId, bo, [1, 2, 3], 'Bo');
  return { ada, bo, boPlayerID: logged.json().playerID as string };
}

describe('leave-note and get-notes', () => {
  it('store one note per friend, read by the creator only; hostile markup stays text', async () => {
    const { ada, bo, boPlayerID } = await played();
    const text = 'I knew you’d say beach 😂 <img src=x onerror=alert(1)>';
    const left = await leave({
      gameId: ada.gameId,
      playerId: bo.toUpperCase(),
      reaction: '😂',
      note: `  ${text}\u0000 `,
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toEqual({ ok: true });

    const read = await notes(ada.gameId, ada.creatorId);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      notes: [{ playerID: boPlayerID, playerName: 'Bo', reaction: '😂', note: text, createdAt: expect.any(String) }],
    });
    // The reply is JSON: the markup is a string in it, never HTML.
    expect(read.headers['content-type']).toMatch(/^application\/json/);

    // Once: a second note is refused and changes nothing.
    const again = await leave({ gameId: ada.gameId, playerId: bo, reaction: '❤️' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'note_already_left', message: 'You already left a note for this game.' });
    expect((await notes(ada.gameId, ada.creatorId)).json().notes[0].reaction).toBe('😂');

    // Only the creator reads them: not the friend, not a stranger.
    for (const reader of [bo, newUserId()]) {
      const refused = await notes(ada.gameId, reader);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('creator_only');
      expect(refused.body).not.toContain('beach');
    }
  });

  it('take a reaction alone, or a note alone', async () => {
    const { ada, bo } = await played();
    expect((await leave({ gameId: ada.gameId, playerId: bo, reaction: NOTE_REACTIONS[5] })).statusCode).toBe(200);
    const cy = newUserId();
    await logResponse(app, ada.gameId, cy, [3, 2, 1], 'Cy');
    expect((await leave({ gameId: ada.gameId, playerId: cy, note: 'x'.repeat(NOTE_MAX_LENGTH) })).statusCode).toBe(200);
    const [first, second] = (await notes(ada.gameId, ada.creatorId)).json().notes;
    expect(first).toEqual({
      playerID: expect.any(String),
      playerName: 'Bo',
      reaction: '👏',
      createdAt: expect.any(String),
    });
    expect(second.note).toHaveLength(NOTE_MAX_LENGTH);
    expect(second.reaction).toBeUndefined();
  });

  it('refuse bad input with a clear error and store nothing', async () => {
    const { ada, bo } = await played();
    const cases: [object, number, string][] = [
      [{ gameId: ada.gameId, playerId: bo }, 400, 'note_empty'],
      [{ gameId: ada.gameId, playerId: bo, note: ' \u200b\u0007 ' }, 400, 'note_empty'],
      [{ gameId: ada.gameId, playerId: bo, note: 'x'.repeat(NOTE_MAX_LENGTH + 1) }, 400, 'validation_failed'],
      [{ gameId: ada.gameId, playerId: bo, reaction: '💩' }, 400, 'validation_failed'],
      [{ gameId: ada.gameId, playerId: bo, note: 5 }, 400, 'validation_failed'],
      [{ gameId: ada.gameId, playerId: 'bo', note: 'hi' }, 400, 'validation_failed'],
      [{ gameId: 'nonexistent-game', playerId: bo, note: 'hi' }, 404, 'unknown_game'],
      // Someone who has not finished the game (or never began it), and its creator.
      [{ gameId: ada.gameId, playerId: newUserId(), note: 'hi' }, 403, 'note_not_played'],
      [{ gameId: ada.gameId, playerId: ada.creatorId, note: 'hi' }, 403, 'note_not_played'],
    ];
    for (const [payload, status, code] of cases) {
      const reply = await leave(payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(status);
      expect(reply.json()).toEqual({ code, message: expect.any(String) });
    }
    expect(await stored()).toBe(0);
  });

  it("tell the creators' live sockets only, with no text", async () => {
    const { ada, bo, boPlayerID } = await played();
    const creator = await LiveClient.open(`${base + ada.gameId}?userId=${ada.creatorId}`);
    const others = await Promise.all(
      [base + ada.gameId, `${base + ada.gameId}?userId=${bo}`].map((url) => LiveClient.open(url)),
    );
    for (const socket of [creator, ...others]) expect(await socket.message(0)).toMatchObject({ type: 'snapshot' });
    expect((await leave({ gameId: ada.gameId, playerId: bo, reaction: '🔥', note: 'secret words' })).statusCode).toBe(
      200,
    );
    expect(await creator.message(1)).toEqual({ type: 'note', playerID: boPlayerID });
    // The next message everyone else gets is the next friend's score: the note never reached them.
    const cy = await logResponse(app, ada.gameId, newUserId(), [1, 1, 1], 'Cy');
    for (const socket of others) {
      expect(await socket.message(1)).toMatchObject({ type: 'player', player: { playerID: cy.json().playerID } });
      expect(socket.messages.some((message) => message.type === 'note')).toBe(false);
      socket.close();
    }
    creator.close();
  });

  it('go with the friend: removing them removes their note, and they cannot leave another', async () => {
    const { ada, bo, boPlayerID } = await played();
    await leave({ gameId: ada.gameId, playerId: bo, note: 'hello' });
    const removed = await app.inject({
      method: 'POST',
      url: '/prod/remove-player',
      payload: { gameId: ada.gameId, userId: ada.creatorId, playerID: boPlayerID },
    });
    expect(removed.statusCode).toBe(200);
    expect((await notes(ada.gameId, ada.creatorId)).json()).toEqual({ notes: [] });
    expect(await stored()).toBe(0);
    const after = await leave({ gameId: ada.gameId, playerId: bo, note: 'again' });
    expect(after.statusCode).toBe(404);
    expect(after.json().code).toBe('removed_friend');
    expect(await stored()).toBe(0);
  });

  it('can be removed by the admin, and go with a deleted game', async () => {
    const { ada, bo, boPlayerID } = await played();
    await leave({ gameId: ada.gameId, playerId: bo, reaction: '🤔', note: 'rude words' });
    const admin = (url: string, payload?: object) =>
      app.inject({
        method: payload ? 'POST' : 'GET',
        url: `/prod/admin/${url}`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload,
      });
    const found = await admin(`games?q=${ada.gameId}`);
    expect(found.json().games[0].notes).toEqual([
      { playerID: boPlayerID, playerName: 'Bo', reaction: '🤔', note: 'rude words', createdAt: expect.any(String) },
    ]);
    expect((await admin('remove-note', { gameId: ada.gameId, playerID: boPlayerID })).statusCode).toBe(200);
    expect((await notes(ada.gameId, ada.creatorId)).json()).toEqual({ notes: [] });
    const twice = await admin('remove-note', { gameId: ada.gameId, playerID: boPlayerID });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().code).toBe('unknown_note');
    // Without the token: refused.
    const cy = newUserId();
    await logResponse(app, ada.gameId, cy, [1, 1, 1], 'Cy');
    await leave({ gameId: ada.gameId, playerId: cy, note: 'kept' });
    const cyID = (await notes(ada.gameId, ada.creatorId)).json().notes[0].playerID;
    const anonymous = await app.inject({
      method: 'POST',
      url: '/prod/admin/remove-note',
      payload: { gameId: ada.gameId, playerID: cyID },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await stored()).toBe(1);
    await app.inject({
      method: 'POST',
      url: '/prod/delete-game',
      payload: { gameId: ada.gameId, userId: ada.creatorId },
    });
    expect(await stored()).toBe(0);
  });
});
