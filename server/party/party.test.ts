import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTY_CODE_ALPHABET } from '../../shared/party.js';
import { newUserId, selectValue, testApp } from '../testing/app.js';
import { call, command, createParty, FakeClock, getParty, join } from '../testing/party.js';
import { CODE_LOOKUPS_ALLOWED } from './lookups.js';

// Both implementations pass this file: SQLite in `server`, PostgreSQL in `server-postgres`.

describe('party calls', () => {
  let app: FastifyInstance;
  const clock = new FakeClock();
  beforeAll(async () => {
    app = await testApp({ PARTY_MAX_PLAYERS: '4' }, { partyClock: clock });
  });
  afterAll(() => app.close());

  it('create-party makes the creator host and player, with a code of 5 consonants', async () => {
    const { partyId, code, host } = await createParty(app, { timing: 'relaxed', rounds: 4, lang: 'de' });
    expect(partyId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(code).toMatch(new RegExp(`^[${PARTY_CODE_ALPHABET}]{5}$`));
    const party = await getParty(app, partyId, host.userId);
    expect(party).toMatchObject({
      phase: 'lobby',
      code,
      gameType: 'Spectrum',
      format: 'guess',
      timing: 'relaxed',
      lang: 'de',
      rounds: 4,
      question: null,
      closesInMs: null,
      players: [
        { playerID: host.playerID, playerName: 'Ada', host: true, connected: false, answered: false, points: 0 },
      ],
      me: { playerID: host.playerID, host: true, answer: null },
    });
    // The shared screen's view has no `me`, and no userId is in any reply.
    const screen = await call(app, `get-party?partyId=${partyId}`);
    expect(screen.body.me).toBeUndefined();
    expect(screen.raw).not.toContain(host.userId);
  });

  it('refuses bad settings with a clear error and stores nothing', async () => {
    const before = Number(await selectValue(app, 'SELECT count(*) FROM parties'));
    for (const settings of [{ format: 'quiz' }, { rounds: 0 }, { rounds: 31 }, { timing: 'slow' }, { gameType: 'x' }]) {
      const reply = await call(app, 'create-party', {
        userId: newUserId(),
        userName: 'Ada',
        gameType: 'Classic',
        format: 'alike',
        ...settings,
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ code: 'validation_failed', message: expect.stringMatching(/^The field "/) });
    }
    expect(Number(await selectValue(app, 'SELECT count(*) FROM parties'))).toBe(before);
  });

  it('join-party by code in any case and with spaces, and by link; the same userId gets the same seat', async () => {
    const { partyId, code } = await createParty(app);
    const userId = newUserId();
    const typed = ` ${code.slice(0, 2).toLowerCase()} ${code.slice(2)} `;
    const first = await call(app, 'join-party', { code: typed, userId, userName: 'Bo' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ partyId, playerID: expect.any(String), host: false });
    const again = await call(app, 'join-party', { partyId, userId, userName: 'Bo again' });
    expect(again.body).toEqual(first.body);
    const found = await call(app, `find-party?code=${code.toLowerCase()}`);
    expect(found.body).toEqual({ partyId });
    expect((await getParty(app, partyId)).players.map((p: { playerName: string }) => p.playerName)).toEqual([
      'Ada',
      'Bo',
    ]);
  });

  it('answers every code that opens nothing with the same 404', async () => {
    const { partyId, code, host } = await createParty(app);
    await command(app, partyId, host, 'lock');
    const ended = await createParty(app);
    await command(app, ended.partyId, ended.host, 'end');
    const miss = { code: 'party_not_found', message: 'No open party has this code.' };
    for (const typed of ['BBBBB', 'AEIOU', 'xx', code, ended.code]) {
      const reply = await call(app, 'join-party', { code: typed, userId: newUserId(), userName: 'Cy' });
      expect(reply.status, typed).toBe(404);
      expect(reply.body).toEqual(miss);
    }
    // A locked party's code still finds it for a shared screen; an ended one's does not.
    expect((await call(app, `find-party?code=${code}`)).body).toEqual({ partyId });
    expect((await call(app, `find-party?code=${ended.code}`)).body).toEqual(miss);
    // By its link, an ended party says it is closed.
    const late = await call(app, 'join-party', { partyId: ended.partyId, userId: newUserId(), userName: 'Cy' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('party_locked');
  });

  it('a locked party refuses a new player by link (409) and still seats a returning one', async () => {
    const { partyId, host } = await createParty(app);
    const bo = await join(app, partyId, 'Bo');
    await command(app, partyId, host, 'lock');
    expect((await getParty(app, partyId)).code).toBeNull();
    const stranger = await call(app, 'join-party', { partyId, userId: newUserId(), userName: 'Cy' });
    expect(stranger.status).toBe(409);
    expect(stranger.body.code).toBe('party_locked');
    const back = await call(app, 'join-party', { partyId, userId: bo.userId, userName: 'Bo' });
    expect(back.body.playerID).toBe(bo.playerID);
    await command(app, partyId, host, 'unlock');
    expect((await call(app, 'join-party', { partyId, userId: newUserId(), userName: 'Cy' })).status).toBe(200);
  });

  it('a full party (PARTY_MAX_PLAYERS) is 409 party_full', async () => {
    const { partyId } = await createParty(app);
    for (const name of ['Bo', 'Cy', 'Di']) await join(app, partyId, name);
    const fifth = await call(app, 'join-party', { partyId, userId: newUserId(), userName: 'Ed' });
    expect(fifth.status).toBe(409);
    expect(fifth.body).toEqual({ code: 'party_full', message: 'This party is full.' });
  });

  it('a kicked player stays out: join, get-party and answers are 403 party_kicked', async () => {
    const { partyId, host } = await createParty(app);
    const bo = await join(app, partyId, 'Bo');
    expect((await command(app, partyId, host, 'kick', bo.playerID)).status).toBe(200);
    for (const reply of [
      await call(app, 'join-party', { partyId, userId: bo.userId, userName: 'Bo' }),
      await call(app, `get-party?partyId=${partyId}&userId=${bo.userId}`),
      await call(app, 'party-answer', { partyId, userId: bo.userId, round: 0, answer: 1 }),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('party_kicked');
    }
    expect((await getParty(app, partyId)).players).toHaveLength(1);
  });

  it('only the host commands (403), a party starts with 2 players (409), kick names a player (400)', async () => {
    const { partyId, host } = await createParty(app);
    expect((await command(app, partyId, host, 'start')).body.code).toBe('party_too_small');
    const bo = await join(app, partyId, 'Bo');
    const notHost = await command(app, partyId, bo, 'start');
    expect(notHost.status).toBe(403);
    expect(notHost.body).toEqual({ code: 'party_host_only', message: 'Only the host can do this.' });
    const stranger = await command(app, partyId, { userId: newUserId(), playerID: '', name: '' }, 'start');
    expect(stranger.body.code).toBe('party_not_player');
    expect((await command(app, partyId, host, 'kick')).status).toBe(400);
    expect((await command(app, partyId, host, 'kick', 'nobody')).status).toBe(400);
    expect((await command(app, partyId, host, 'kick', host.playerID)).status).toBe(400);
    expect((await command(app, partyId, host, 'dance')).status).toBe(400);
    expect((await getParty(app, partyId)).phase).toBe('lobby');
  });

  it('bad input gets a clear {code,message} and changes nothing stored', async () => {
    const { partyId, host } = await createParty(app);
    const bo = await join(app, partyId, 'Bo');
    const stored = async () => [
      await selectValue(app, 'SELECT seq FROM parties WHERE id = ?', partyId),
      await selectValue(app, 'SELECT state FROM parties WHERE id = ?', partyId),
      Number(await selectValue(app, 'SELECT count(*) FROM party_players WHERE party_id = ?', partyId)),
      Number(await selectValue(app, 'SELECT count(*) FROM party_answers WHERE party_id = ?', partyId)),
    ];
    const before = await stored();
    for (const [url, payload, status] of [
      ['join-party', { code: 'BCDFG', partyId, userId: newUserId(), userName: 'X' }, 400],
      ['join-party', { partyId, userName: 'X' }, 400],
      ['join-party', { partyId, userId: 'not-a-uuid', userName: 'X' }, 400],
      ['party-answer', { partyId, userId: bo.userId, round: 0, answer: 50 }, 409],
      ['party-answer', { partyId, userId: bo.userId, round: -1, answer: 50 }, 400],
      ['party-answer', { partyId, userId: bo.userId, round: 0, answer: '50' }, 400],
      ['party-command', { partyId, userId: bo.userId, command: 'end' }, 403],
      ['party-command', { partyId, userId: host.userId, command: 'kick', playerID: 'x y' }, 400],
      ['party-command', { partyId: 'x', userId: host.userId, command: 'end' }, 400],
    ] as const) {
      const reply = await call(app, url, payload);
      expect(reply.status, `${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(reply.body).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await call(app, 'get-party?partyId=x')).status).toBe(400);
    expect((await call(app, 'find-party')).status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('an unknown party is 404 unknown_party on every call', async () => {
    const partyId = 'nosuchparty12345';
    const userId = newUserId();
    for (const reply of [
      await call(app, `get-party?partyId=${partyId}`),
      await call(app, 'join-party', { partyId, userId, userName: 'Bo' }),
      await call(app, 'party-answer', { partyId, userId, round: 0, answer: 1 }),
      await call(app, 'party-command', { partyId, userId, command: 'start' }),
    ]) {
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe('unknown_party');
    }
  });
});

describe('failed code look-ups', () => {
  let app: FastifyInstance;
  const clock = new FakeClock();
  beforeAll(async () => {
    app = await testApp({}, { partyClock: clock });
  });
  afterAll(() => app.close());

  it(`are limited per network: after ${CODE_LOOKUPS_ALLOWED} in 10 minutes, 429; successful joins do not count`, async () => {
    const { code } = await createParty(app);
    for (let i = 0; i < CODE_LOOKUPS_ALLOWED; i++) {
      const path = i % 2 ? 'find-party?code=ZZZZZ' : undefined;
      const reply = path
        ? await call(app, path)
        : await call(app, 'join-party', { code: 'ZZZZZ', userId: newUserId(), userName: 'X' });
      expect(reply.status).toBe(404);
      if (i === 10) {
        expect((await call(app, 'join-party', { code, userId: newUserId(), userName: 'Y' })).status).toBe(200);
      }
    }
    const limited = await call(app, 'join-party', { code, userId: newUserId(), userName: 'Z' });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('too_many_code_lookups');
    clock.time += 10 * 60_000;
    expect((await call(app, 'join-party', { code, userId: newUserId(), userName: 'Z' })).status).toBe(200);
  });
});
