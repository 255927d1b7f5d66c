import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.js';
import { capturedLogs } from '../testing/logs.js';
import { createParty, FakeClock, getParty, join, PartySocket } from '../testing/party.js';

const TOKEN = 'party-admin-token-0123456789abcdef';
const bearer = { authorization: `Bearer ${TOKEN}` };

let app: FastifyInstance;
let base: string;
const logs = capturedLogs();
beforeAll(async () => {
  app = await testApp({ ADMIN_TOKEN: TOKEN }, { logger: logs.logger, partyClock: new FakeClock() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod/party-live/`;
});
afterAll(() => app.close());

const find = (q: string) => app.inject({ url: `/prod/admin/parties?q=${encodeURIComponent(q)}`, headers: bearer });
const endParty = (partyId: string, headers: Record<string, string> = bearer) =>
  app.inject({ method: 'POST', url: '/prod/admin/end-party', payload: { partyId }, headers });

describe("the admin's parties", () => {
  it("finds a party by its id, by its code in any case and by part of a player's name, with no userId", async () => {
    const { partyId, code, host } = await createParty(app, {}, 'Hostess Quill');
    await join(app, partyId, 'Zephyrine');
    for (const q of [partyId, code.toLowerCase().split('').join(' '), 'zephyr']) {
      const found = await find(q);
      expect(found.statusCode, q).toBe(200);
      expect(found.json().parties, q).toEqual([
        expect.objectContaining({ partyId, code, host: 'Hostess Quill', players: 2, phase: 'lobby', ended: false }),
      ]);
      expect(found.body).not.toContain(host.userId);
    }
    expect((await find('nobody-has-this-name')).json()).toEqual({ parties: [] });
    expect((await find('   ')).statusCode).toBe(400);
  });

  it('ends a party: its sockets see it finished, its code opens nothing, a second end is 404', async () => {
    const { partyId, code } = await createParty(app, {}, 'Ada');
    await join(app, partyId, 'Bo');
    const screen = await PartySocket.open(base + partyId);
    await screen.next((m) => m.type === 'party');
    const ended = await endParty(partyId);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ok: true });
    expect(await screen.next((m) => m.type === 'party' && m.phase === 'finished')).toMatchObject({ code: null });
    screen.close();
    expect((await getParty(app, partyId)).phase).toBe('finished');
    expect((await app.inject({ url: `/prod/find-party?code=${code}` })).statusCode).toBe(404);
    expect(logs.lines).toContainEqual(expect.objectContaining({ partyId, action: 'end-party' }));
    const again = await endParty(partyId);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('party_not_found');
    expect((await endParty('neverMadeParty1')).statusCode).toBe(404);
  });

  it('needs the token: 401 without it, and the party carries on', async () => {
    const { partyId } = await createParty(app);
    expect((await endParty(partyId, {})).statusCode).toBe(401);
    expect((await app.inject({ url: '/prod/admin/parties?q=Ada' })).statusCode).toBe(401);
    expect((await getParty(app, partyId)).phase).toBe('lobby');
  });

  it('are on the /admin page: a search lists them with End, which ends one', async () => {
    const { partyId } = await createParty(app, {}, 'Pagewright');
    const signIn = await app.inject({
      method: 'POST',
      url: '/admin/sign-in',
      payload: `token=${TOKEN}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const cookie = { cookie: String(signIn.headers['set-cookie']).split(';')[0] };
    const page = await app.inject({ url: '/admin?q=Pagewright', headers: cookie });
    expect(page.body).toContain('<h2 id="parties">Parties</h2>');
    expect(page.body).toContain(`action="/admin/parties/${partyId}/end"`);
    const ended = await app.inject({ method: 'POST', url: `/admin/parties/${partyId}/end`, headers: cookie });
    expect(ended.statusCode).toBe(303);
    expect(ended.headers.location).toBe(`/admin?ended=${partyId}`);
    expect((await getParty(app, partyId)).phase).toBe('finished');
    const after = await app.inject({ url: '/admin?q=Pagewright', headers: cookie });
    expect(after.body).not.toContain(`action="/admin/parties/${partyId}/end"`);
    const twice = await app.inject({ method: 'POST', url: `/admin/parties/${partyId}/end`, headers: cookie });
    expect(twice.statusCode).toBe(404);
    expect(twice.body).toContain('No such party');
  });
});
