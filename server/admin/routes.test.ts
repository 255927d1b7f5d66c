import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, fetchQuestions, logResponse, newUserId, selectValue, testApp } from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';
import { capturedLogs } from '../testing/logs.js';
import { REPORTS_PER_ADDRESS_PER_DAY } from './routes.js';

const TOKEN = 'test-admin-token-0123456789abcdef';
const bearer = (token = TOKEN) => ({ authorization: `Bearer ${token}` });

let app: FastifyInstance;
let liveBase: string;
const logs = capturedLogs();
beforeAll(async () => {
  app = await testApp({ ADMIN_TOKEN: TOKEN, QUESTIONS_PER_GAME: '3' }, { logger: logs.logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  liveBase = `ws://127.0.0.1:${port}/prod/live/`;
});
afterAll(() => app.close());

let nextAddress = 1;
/** Each test reports from its own address, so that the daily quota of one does not reach another. */
const newAddress = () => `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const report = (payload: Record<string, unknown>, remoteAddress = '10.9.9.9') =>
  app.inject({ method: 'POST', url: '/prod/report-game', payload, remoteAddress });
const adminGet = (url: string, headers: Record<string, string> = bearer(), remoteAddress?: string) =>
  app.inject({ method: 'GET', url, headers, remoteAddress });
const adminPost = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = bearer()) =>
  app.inject({ method: 'POST', url, payload, headers });
const reportsOf = async (gameId: string) =>
  Number(await selectValue(app, 'SELECT count(*) FROM game_reports WHERE game_id = ?', gameId));

/** A game by `creatorName` with one friend (Bo) on its board. */
async function gameWithFriend(creatorName = 'Ada') {
  const game = await createGame(app, 'classic', [1, 2, 3], creatorName);
  await logResponse(app, game.gameId, newUserId(), [1, 2, 3], 'Bo');
  const players = (await app.inject({ url: `/prod/get-all-players?gameId=${game.gameId}` })).json().players;
  return { ...game, playerID: players[0].playerID as string };
}

describe('POST /prod/report-game', () => {
  it('stores a report with its reason and cleaned note, and the admin sees it counted by reason', async () => {
    const game = await gameWithFriend('Reported Rita');
    const address = newAddress();
    const first = await report({ gameId: game.gameId, reason: 'offensive-names', note: '  Rude\u200B name ' }, address);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true });
    expect((await report({ gameId: game.gameId, reason: 'spam' }, address)).statusCode).toBe(200);
    expect((await report({ gameId: game.gameId, reason: 'spam', note: '' }, address)).statusCode).toBe(200);

    const listed = (await adminGet('/prod/admin/reports')).json().games;
    const entry = listed.find((g: { gameId: string }) => g.gameId === game.gameId);
    expect(entry).toMatchObject({
      gameId: game.gameId,
      gameType: 'Classic',
      creatorName: 'Reported Rita',
      players: 1,
      reports: 3,
      reasons: { 'offensive-questions': 0, 'offensive-names': 1, spam: 2, other: 0 },
    });
    const found = (await adminGet(`/prod/admin/games?q=${game.gameId}`)).json().games[0];
    expect(found.reports.map((r: { reason: string; note?: string }) => [r.reason, r.note])).toEqual(
      expect.arrayContaining([
        ['offensive-names', 'Rude name'],
        ['spam', undefined],
      ]),
    );
  });

  it('refuses an unknown game (404), an unknown reason and a note over 500 characters (400), storing nothing', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const address = newAddress();
    const unknown = await report({ gameId: 'no-such-game', reason: 'spam' }, address);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/does not exist/);
    const reason = await report({ gameId: game.gameId, reason: 'boring' }, address);
    expect(reason.statusCode).toBe(400);
    expect(reason.json().message).toMatch(/"reason" must be one of "offensive-questions"/);
    const long = await report({ gameId: game.gameId, reason: 'other', note: 'x'.repeat(501) }, address);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/"note" must be at most 500 characters/);
    // 500 emoji are 500 characters (1000 UTF-16 units): accepted.
    expect((await report({ gameId: game.gameId, reason: 'other', note: '🙂'.repeat(500) }, address)).statusCode).toBe(
      200,
    );
    expect(await reportsOf(game.gameId)).toBe(1);
  });

  it(`takes at most ${REPORTS_PER_ADDRESS_PER_DAY} reports per address a day (429), even once the game is deleted`, async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const other = await createGame(app, 'classic', [1, 2, 3]);
    const address = newAddress();
    for (let i = 0; i < REPORTS_PER_ADDRESS_PER_DAY - 1; i++) {
      expect((await report({ gameId: game.gameId, reason: 'spam' }, address)).statusCode).toBe(200);
    }
    expect((await adminPost('/prod/admin/delete-game', { gameId: game.gameId })).statusCode).toBe(200);
    expect((await report({ gameId: other.gameId, reason: 'spam' }, address)).statusCode).toBe(200);
    const refused = await report({ gameId: other.gameId, reason: 'spam' }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many reports from your network today; try again tomorrow.');
    expect(await reportsOf(other.gameId)).toBe(1);
    // Another network still can.
    expect((await report({ gameId: other.gameId, reason: 'spam' }, newAddress())).statusCode).toBe(200);
  });
});

describe('the admin API', () => {
  it('answers 401 to a missing or wrong token, and 429 once an address has tried 10 wrong ones', async () => {
    const address = newAddress();
    const missing = await adminGet('/prod/admin/reports', {}, address);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ code: 'admin_token_wrong', message: 'The admin token is missing or wrong.' });
    for (let i = 0; i < 10; i++) {
      expect((await adminGet('/prod/admin/reports', bearer(`${TOKEN}x`), address)).statusCode).toBe(401);
    }
    // The right token, but after 10 wrong ones: this address waits.
    const locked = await adminGet('/prod/admin/reports', bearer(), address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many wrong admin tokens from your network; try again in 15 min/);
    expect((await adminGet('/prod/admin/reports', bearer(), newAddress())).statusCode).toBe(200);
  });

  it('never locks an address out for requests that carry no token at all: only wrong tokens count', async () => {
    const address = newAddress();
    // A browser tab, a monitor or a script without the token, from the admin's own network.
    for (let i = 0; i < 30; i++) {
      const missing = await adminGet('/prod/admin/reports', {}, address);
      expect(missing.statusCode).toBe(401);
      expect(missing.json().code).toBe('admin_token_wrong');
    }
    const signIn = await app.inject({
      method: 'POST',
      url: '/admin/sign-in',
      payload: 'token=',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: address,
    });
    expect(signIn.statusCode).toBe(401);
    expect((await adminGet('/prod/admin/reports', bearer(), address)).statusCode).toBe(200);
  });

  it("finds games by id or by part of the creator's name, with questions (own ones marked), friends and reports", async () => {
    const questions = await fetchQuestions(app, 'classic');
    const created = await app.inject({
      method: 'POST',
      url: '/prod/create-game',
      payload: {
        userId: newUserId(),
        userName: 'Zebulon Quartz',
        questionSet: [questions[0].questionID, { question: 'Our <b>song</b>?', options: ['One', 'Two'] }],
        answerSet: [1, 2],
      },
    });
    const { gameId } = created.json();
    await logResponse(app, gameId, newUserId(), [1, 2], 'Bo');

    const byName = await adminGet('/prod/admin/games?q=bulon%20QUA');
    expect(byName.statusCode).toBe(200);
    expect(byName.json().games).toHaveLength(1);
    const [game] = byName.json().games;
    expect(game).toMatchObject({ gameId, gameType: 'Classic', creatorName: 'Zebulon Quartz', reports: [] });
    expect(game.questions).toEqual([
      { questionID: questions[0].questionID, question: questions[0].question, own: false },
      { questionID: 'own-1', question: 'Our <b>song</b>?', own: true },
    ]);
    expect(game.players).toEqual([expect.objectContaining({ playerName: 'Bo' })]);
    expect((await adminGet(`/prod/admin/games?q=${gameId}`)).json().games[0].gameId).toBe(gameId);
    // LIKE's wildcards are taken literally.
    expect((await adminGet('/prod/admin/games?q=%25')).json().games).toEqual([]);
    expect((await adminGet('/prod/admin/games?q=%20')).statusCode).toBe(400);
  });

  it("deletes a game live, as its creator's control does, with its reports, and logs it with the game id", async () => {
    const game = await gameWithFriend();
    await report({ gameId: game.gameId, reason: 'offensive-questions' }, newAddress());
    const watcher = await LiveClient.open(liveBase + game.gameId);
    await watcher.message(0);

    const deleted = await adminPost('/prod/admin/delete-game', { gameId: game.gameId });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect(await watcher.message(1)).toEqual({ type: 'deleted' });
    watcher.close();
    expect(
      (await app.inject({ method: 'POST', url: '/prod/join-game', payload: { gameId: game.gameId } })).statusCode,
    ).toBe(404);
    expect(await reportsOf(game.gameId)).toBe(0);
    expect(logs.lines).toContainEqual(expect.objectContaining({ gameId: game.gameId, action: 'delete-game' }));
    expect((await adminPost('/prod/admin/delete-game', { gameId: game.gameId })).statusCode).toBe(404);
  });

  it('removes a friend live, as the creator can; an unknown friend is 404', async () => {
    const game = await gameWithFriend();
    const watcher = await LiveClient.open(liveBase + game.gameId);
    await watcher.message(0);
    const removed = await adminPost('/prod/admin/remove-player', { gameId: game.gameId, playerID: game.playerID });
    expect(removed.statusCode).toBe(200);
    expect(await watcher.message(1)).toEqual({ type: 'removed', playerID: game.playerID });
    watcher.close();
    const board = (await app.inject({ url: `/prod/get-all-players?gameId=${game.gameId}` })).json();
    expect(board.players).toEqual([]);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ gameId: game.gameId, playerID: game.playerID, action: 'remove-player' }),
    );
    const again = await adminPost('/prod/admin/remove-player', { gameId: game.gameId, playerID: game.playerID });
    expect(again.statusCode).toBe(404);
  });
});

describe('without ADMIN_TOKEN', () => {
  it('has no admin at all: every admin address is 404, the page included', async () => {
    const bare = await testApp();
    try {
      for (const url of ['/prod/admin/reports', '/prod/admin/games?q=x', '/admin', '/admin/games/abcdefgh']) {
        const answer = await bare.inject({ method: 'GET', url, headers: bearer() });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json(), url).toEqual({ code: 'not_found', message: 'There is nothing at this address.' });
      }
      for (const url of ['/prod/admin/delete-game', '/admin/sign-in']) {
        const answer = await bare.inject({ method: 'POST', url, payload: { gameId: 'abcdefgh' }, headers: bearer() });
        expect(answer.statusCode, url).toBe(404);
      }
      // The page's forms as a browser posts them (and bodies no route reads): 404 before any body is read.
      const forms = [
        ['/admin/sign-in', 'application/x-www-form-urlencoded', 'token=abc'],
        ['/admin/games/abcdefgh/delete', 'application/x-www-form-urlencoded', 'confirm=yes'],
        ['/admin/sign-out', 'text/plain', 'x'],
        ['/admin', 'application/json', '{"broken'],
      ];
      for (const [url, type, payload] of forms) {
        const answer = await bare.inject({ method: 'POST', url, payload, headers: { 'content-type': type } });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json(), url).toEqual({ code: 'not_found', message: 'There is nothing at this address.' });
      }
    } finally {
      await bare.close();
    }
  });
});
