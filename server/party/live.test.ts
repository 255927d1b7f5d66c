import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_AWAY_MS, PARTY_CLOSE_KICKED } from '../../shared/party.js';
import { newUserId, persistentTestDatabase, testApp } from '../testing/app.js';
import {
  advance,
  answer,
  call,
  command,
  createParty,
  FakeClock,
  getParty,
  join,
  PartySocket,
} from '../testing/party.js';

// Both implementations pass this file: SQLite in `server`, PostgreSQL in `server-postgres`.

describe('the party live channel', () => {
  let app: FastifyInstance;
  let base: string;
  const clock = new FakeClock();
  const sockets: PartySocket[] = [];
  beforeAll(async () => {
    app = await testApp({}, { partyClock: clock });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod/party-live/`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app.close();
  });
  const open = async (partyId: string) => {
    const socket = await PartySocket.open(base + partyId);
    sockets.push(socket);
    return socket;
  };

  it('refuses an unknown party before the upgrade (404)', async () => {
    await expect(PartySocket.open(`${base}nosuchparty12345`)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('sends the state on open, after hello and on sync; presence and answered with seq one apart', async () => {
    const { partyId, host } = await createParty(app);
    const bo = await join(app, partyId, 'Bo');
    const screen = await open(partyId);
    const first = await screen.next((m) => m.type === 'party');
    expect(first).toMatchObject({ phase: 'lobby', players: [{ playerName: 'Ada' }, { playerName: 'Bo' }] });
    expect(first.me).toBeUndefined();
    const phone = await open(partyId);
    await phone.next((m) => m.type === 'party');
    phone.send({ type: 'hello', userId: bo.userId, lang: 'es' });
    const presence = await screen.next((m) => m.type === 'presence');
    expect(presence).toEqual({ type: 'presence', seq: first.seq + 1, playerID: bo.playerID, connected: true });
    const mine = await phone.next((m) => m.type === 'party' && m.me !== undefined);
    expect(mine).toMatchObject({ seq: first.seq + 1, me: { playerID: bo.playerID, host: false, answer: null } });
    await command(app, partyId, host, 'start');
    const intro = await screen.next((m) => m.type === 'party' && m.phase === 'intro');
    expect(intro.seq).toBe(first.seq + 2);
    await advance(app, clock, partyId, 3000);
    const answering = await phone.next((m) => m.phase === 'answering');
    expect((answering.question as { question: string }).question).toBeTruthy();
    await answer(app, partyId, bo, 0, 42);
    const answered = await screen.next((m) => m.type === 'answered');
    expect(answered).toEqual({ type: 'answered', seq: answering.seq + 1, playerID: bo.playerID });
    const count = screen.frames.length;
    screen.send({ type: 'sync' });
    const synced = await screen.next((m) => m.type === 'party', count);
    // Bo was the only player here: the round closed at once (the next seq).
    expect(synced).toMatchObject({ seq: answered.seq + 1, phase: 'reveal' });
    // Anything else a client sends changes nothing.
    screen.send({ type: 'answer', answer: 3 });
    screen.socket.send('not json');
    phone.close();
    const gone = await screen.next((m) => m.type === 'presence' && m.connected === false);
    expect(gone).toMatchObject({ playerID: bo.playerID, seq: answered.seq + 2 });
  });

  it('a state sent after someone comes or goes shows who is connected now', async () => {
    const { partyId } = await createParty(app);
    const bo = await join(app, partyId, 'Bo');
    const screen = await open(partyId);
    const first = await screen.next((m) => m.type === 'party');
    const connected = (m: Record<string, unknown>) =>
      (m.players as { playerID: string; connected: boolean }[]).find((p) => p.playerID === bo.playerID)?.connected;
    expect(connected(first)).toBe(false);
    const phone = await open(partyId);
    await phone.next((m) => m.type === 'party');
    phone.send({ type: 'hello', userId: bo.userId });
    await screen.next((m) => m.type === 'presence' && m.connected === true);
    let count = screen.frames.length;
    screen.send({ type: 'sync' });
    expect(connected(await screen.next((m) => m.type === 'party', count))).toBe(true);
    phone.close();
    await screen.next((m) => m.type === 'presence' && m.connected === false);
    count = screen.frames.length;
    screen.send({ type: 'sync' });
    expect(connected(await screen.next((m) => m.type === 'party', count))).toBe(false);
  });

  it('shows a phone the question in the language it joined with, the screen in the host’s', async () => {
    const { partyId, host } = await createParty(app);
    const userId = newUserId();
    await call(app, 'join-party', { partyId, userId, userName: 'Bo', lang: 'de' });
    await command(app, partyId, host, 'start');
    await advance(app, clock, partyId, 3000);
    const phone = await open(partyId);
    phone.send({ type: 'hello', userId });
    const mine = await phone.next((m) => m.type === 'party' && m.me !== undefined);
    const german = await call(app, `get-party?partyId=${partyId}&lang=de`);
    const english = await getParty(app, partyId);
    expect(german.body.question.question).not.toBe(english.question.question);
    expect(mine.question).toEqual(german.body.question);
    expect((await getParty(app, partyId, userId)).question).toEqual(german.body.question);
  });

  it('closes answering at once when every connected player has answered, without waiting for those away', async () => {
    const { partyId, host } = await createParty(app);
    const bo = await join(app, partyId, 'Bo');
    await join(app, partyId, 'Cy (away)');
    const hostPhone = await open(partyId);
    hostPhone.send({ type: 'hello', userId: host.userId });
    const boPhone = await open(partyId);
    boPhone.send({ type: 'hello', userId: bo.userId });
    await hostPhone.next((m) => m.type === 'presence' && m.playerID === bo.playerID);
    await command(app, partyId, host, 'start');
    await advance(app, clock, partyId, 3000);
    await answer(app, partyId, host, 0, 10);
    expect((await getParty(app, partyId)).phase).toBe('answering');
    await answer(app, partyId, bo, 0, 20);
    const reveal = await hostPhone.next((m) => m.phase === 'reveal');
    expect(reveal).toMatchObject({ closesInMs: 8000, reveal: { subjectAnswer: 10 } });
  });

  it('a kicked player’s socket closes (4403), and their hello later is shut out', async () => {
    const { partyId, host } = await createParty(app);
    const bo = await join(app, partyId, 'Bo');
    const phone = await open(partyId);
    phone.send({ type: 'hello', userId: bo.userId });
    await phone.next((m) => m.type === 'party' && m.me !== undefined);
    await command(app, partyId, host, 'kick', bo.playerID);
    expect((await phone.closed).code).toBe(PARTY_CLOSE_KICKED);
    const again = await open(partyId);
    again.send({ type: 'hello', userId: bo.userId });
    expect((await again.closed).code).toBe(PARTY_CLOSE_KICKED);
  });

  it('a host away for 60 s hands the party to the longest-connected player; everyone is told', async () => {
    const { partyId, host } = await createParty(app);
    const bo = await join(app, partyId, 'Bo');
    const cy = await join(app, partyId, 'Cy');
    const hostPhone = await open(partyId);
    hostPhone.send({ type: 'hello', userId: host.userId });
    const boPhone = await open(partyId);
    boPhone.send({ type: 'hello', userId: bo.userId });
    await boPhone.next((m) => m.type === 'party' && m.me !== undefined);
    clock.time += 1000;
    const cyPhone = await open(partyId);
    cyPhone.send({ type: 'hello', userId: cy.userId });
    await cyPhone.next((m) => m.type === 'party' && m.me !== undefined);
    hostPhone.close();
    await boPhone.next((m) => m.type === 'presence' && m.playerID === host.playerID && m.connected === false);
    let party = await advance(app, clock, partyId, HOST_AWAY_MS - 1);
    expect(party.players.find((p: { host: boolean }) => p.host).playerID).toBe(host.playerID);
    party = await advance(app, clock, partyId, 1);
    expect(party.players.find((p: { host: boolean }) => p.host).playerID).toBe(bo.playerID);
    const told = await cyPhone.next(
      (m) =>
        m.type === 'party' &&
        (m.players as { host: boolean; playerID: string }[]).some((p) => p.host && p.playerID === bo.playerID),
    );
    expect(told).toBeTruthy();
    expect((await command(app, partyId, bo, 'lock')).status).toBe(200);
    expect((await command(app, partyId, host, 'unlock')).body.code).toBe('party_host_only');
  });
});

describe('party sockets per address', () => {
  it('are capped at LIVE_SOCKETS_PER_ADDRESS, or room for a full party on one Wi-Fi: one more is 429', async () => {
    const env = { LIVE_SOCKETS_PER_ADDRESS: '2', PARTY_MAX_PLAYERS: '3' };
    const app = await testApp(env, { partyClock: new FakeClock() });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod/party-live/`;
      const { partyId } = await createParty(app);
      // 3 phones, each with a second socket while it reconnects, and 2 screens.
      const open = [];
      for (let i = 0; i < 8; i++) open.push(await PartySocket.open(url + partyId));
      await expect(PartySocket.open(url + partyId)).rejects.toMatchObject({ statusCode: 429 });
      open[0].close();
      await open[0].closed;
      const next = await PartySocket.open(url + partyId);
      await next.next((m) => m.type === 'party');
      for (const socket of [...open.slice(1), next]) socket.close();
    } finally {
      await app.close();
    }
  });
});

describe('a restarted server', () => {
  it('hands the party over when its host does not come back within 60 s', async () => {
    const database = await persistentTestDatabase(mkdtempSync(joinPath(tmpdir(), 'wavelength-party-')));
    const clock = new FakeClock();
    const env = { DATABASE_URL: database.url };
    try {
      let app = await testApp(env, { partyClock: clock });
      const { partyId, host } = await createParty(app);
      const bo = await join(app, partyId, 'Bo');
      await app.close();
      app = await testApp(env, { partyClock: clock });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod/party-live/`;
      const phone = await PartySocket.open(url + partyId);
      phone.send({ type: 'hello', userId: bo.userId });
      await phone.next((m) => m.type === 'party' && m.me !== undefined);
      const hostOf = (party: { players: { host: boolean; playerID: string }[] }) =>
        party.players.find((p) => p.host)?.playerID;
      expect(hostOf(await advance(app, clock, partyId, HOST_AWAY_MS - 1))).toBe(host.playerID);
      expect(hostOf(await advance(app, clock, partyId, 1))).toBe(bo.playerID);
      phone.close();
      await app.close();
    } finally {
      await database.drop();
    }
  });
});
