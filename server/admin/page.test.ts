import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, logResponse, newUserId, testApp } from '../testing/app.js';

const TOKEN = 'page-admin-token-0123456789abcdef';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ ADMIN_TOKEN: TOKEN, QUESTIONS_PER_GAME: '3', TRUST_PROXY: 'true' });
});
afterAll(() => app.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function signIn(headers: Record<string, string> = {}) {
  const answer = await app.inject({
    method: 'POST',
    url: '/admin/sign-in',
    payload: form({ token: TOKEN }),
    headers: { ...FORM, ...headers },
  });
  expect(answer.statusCode).toBe(303);
  expect(answer.headers.location).toBe('/admin');
  return String(answer.headers['set-cookie']);
}
const cookieHeader = (setCookie: string) => ({ cookie: setCookie.split(';')[0] });

describe('the /admin page', () => {
  it('asks to sign in, refuses a wrong token (401) and is never indexed', async () => {
    const first = await app.inject({ url: '/admin' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['x-robots-tag']).toBe('noindex, nofollow');
    // So that the page's own forms carry its Origin (no-referrer would make it "null").
    expect(first.headers['referrer-policy']).toBe('same-origin');
    expect(first.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(first.body).toContain('name="token"');
    const wrong = await app.inject({
      method: 'POST',
      url: '/admin/sign-in',
      payload: form({ token: 'not-the-token' }),
      headers: FORM,
      remoteAddress: '10.1.1.1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(wrong.body).toContain('That is not the admin token.');
  });

  it('answers 404 under /admin where there is no page', async () => {
    const answer = await app.inject({ url: '/admin/nothing/here' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ code: 'not_found', message: 'There is nothing at this address.' });
  });

  it('signs in into an HttpOnly, SameSite=Strict cookie for /admin, Secure only over HTTPS', async () => {
    const plain = await signIn();
    expect(plain).toMatch(/^wavelength_admin=\d+\.[\w-]{43}; Path=\/admin; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    expect(plain).not.toContain(TOKEN);
    const https = await signIn({ 'x-forwarded-proto': 'https' });
    expect(https).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
    // A cookie it did not sign is no session.
    const forged = await app.inject({ url: '/admin', headers: { cookie: 'wavelength_admin=99999999999999.abc' } });
    expect(forged.body).toContain('name="token"');
  });

  it('lists reported games, finds a game by its creator, shows it escaped, and deletes it', async () => {
    const cookie = cookieHeader(await signIn());
    const game = await createGame(app, 'classic', [1, 2, 3], '<b>Mallory</b>');
    await logResponse(app, game.gameId, newUserId(), [1, 2, 3], 'Bo<script>');
    await app.inject({
      method: 'POST',
      url: '/prod/report-game',
      payload: { gameId: game.gameId, reason: 'offensive-names', note: 'a "quoted" <i>note</i>' },
    });

    const list = await app.inject({ url: '/admin', headers: cookie });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`href="/admin/games/${game.gameId}"`);
    expect(list.body).toContain('offensive-names 1');
    expect(list.body).toContain('&#60;b&#62;Mallory&#60;/b&#62;');
    expect(list.body).not.toContain('<b>Mallory');

    const found = await app.inject({ url: '/admin?q=mallory', headers: cookie });
    expect(found.body).toContain(`<a href="/admin/games/${game.gameId}">`);

    const details = await app.inject({ url: `/admin/games/${game.gameId}`, headers: cookie });
    expect(details.statusCode).toBe(200);
    expect(details.body).toContain('Bo&#60;script&#62;');
    expect(details.body).toContain('a &#34;quoted&#34; &#60;i&#62;note&#60;/i&#62;');
    expect(details.body).not.toContain('<script>');

    const unconfirmed = await app.inject({
      method: 'POST',
      url: `/admin/games/${game.gameId}/delete`,
      headers: { ...cookie, ...FORM },
      payload: '',
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect((await app.inject({ url: `/admin/games/${game.gameId}`, headers: cookie })).statusCode).toBe(200);
    const deleted = await app.inject({
      method: 'POST',
      url: `/admin/games/${game.gameId}/delete`,
      headers: { ...cookie, ...FORM },
      payload: form({ confirm: 'yes' }),
    });
    expect(deleted.statusCode).toBe(303);
    expect(deleted.headers.location).toBe(`/admin?deleted=${game.gameId}`);
    expect((await app.inject({ url: `/admin/games/${game.gameId}`, headers: cookie })).statusCode).toBe(404);
  });

  it('removes a friend from the game page', async () => {
    const cookie = cookieHeader(await signIn());
    const game = await createGame(app, 'classic', [1, 2, 3]);
    await logResponse(app, game.gameId, newUserId(), [1, 2, 3], 'Bo');
    const [bo] = (await app.inject({ url: `/prod/get-all-players?gameId=${game.gameId}` })).json().players;
    const removed = await app.inject({
      method: 'POST',
      url: `/admin/games/${game.gameId}/remove-player`,
      headers: { ...cookie, ...FORM },
      payload: form({ playerID: bo.playerID }),
    });
    expect(removed.statusCode).toBe(303);
    expect(removed.headers.location).toBe(`/admin/games/${game.gameId}?removed=Bo`);
    expect((await app.inject({ url: `/prod/get-all-players?gameId=${game.gameId}` })).json().players).toEqual([]);
  });

  it("shows a game's notes, escaped, and removes one from the game page", async () => {
    const cookie = cookieHeader(await signIn());
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const boId = newUserId();
    await logResponse(app, game.gameId, boId, [1, 2, 3], 'Bo');
    const left = await app.inject({
      method: 'POST',
      url: '/prod/leave-note',
      payload: { gameId: game.gameId, playerId: boId, reaction: '🔥', note: '<script>alert(1)</script> rude' },
    });
    expect(left.statusCode).toBe(200);
    const page = await app.inject({ url: `/admin/games/${game.gameId}`, headers: cookie });
    expect(page.body).toContain('Notes friends left (1)');
    expect(page.body).toContain('🔥 &#60;script&#62;alert(1)&#60;/script&#62; rude');
    expect(page.body).not.toContain('<script>alert(1)');
    const [bo] = (await app.inject({ url: `/prod/get-all-players?gameId=${game.gameId}` })).json().players;
    const removed = await app.inject({
      method: 'POST',
      url: `/admin/games/${game.gameId}/remove-note`,
      headers: { ...cookie, ...FORM },
      payload: form({ playerID: bo.playerID }),
    });
    expect(removed.statusCode).toBe(303);
    expect(removed.headers.location).toBe(`/admin/games/${game.gameId}?removed=The%20note%20of%20Bo`);
    const after = await app.inject({ url: `/admin/games/${game.gameId}`, headers: cookie });
    expect(after.body).not.toContain('Notes friends left');
    // Bo stays on the board: only the note went.
    expect((await app.inject({ url: `/prod/get-all-players?gameId=${game.gameId}` })).json().players).toHaveLength(1);
    const again = await app.inject({
      method: 'POST',
      url: `/admin/games/${game.gameId}/remove-note`,
      headers: { ...cookie, ...FORM },
      payload: form({ playerID: bo.playerID }),
    });
    expect(again.statusCode).toBe(404);
  });

  it('does nothing for a visitor without the cookie, or for a form posted from another site', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const anonymous = await app.inject({
      method: 'POST',
      url: `/admin/games/${game.gameId}/delete`,
      headers: FORM,
      payload: form({ confirm: 'yes' }),
    });
    expect(anonymous.statusCode).toBe(401);
    const cookie = cookieHeader(await signIn());
    const crossSite = await app.inject({
      method: 'POST',
      url: `/admin/games/${game.gameId}/delete`,
      headers: { ...cookie, ...FORM, origin: 'https://evil.example' },
      payload: form({ confirm: 'yes' }),
    });
    expect(crossSite.statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: '/prod/join-game', payload: { gameId: game.gameId } })).statusCode,
    ).toBe(200);
  });
});
