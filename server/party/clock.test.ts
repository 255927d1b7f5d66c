import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundPoints } from '../../shared/score.js';
import { persistentTestDatabase, testApp } from '../testing/app.js';
import { advance, answer, call, command, createParty, FakeClock, getParty, join } from '../testing/party.js';

// Both implementations pass this file: SQLite in `server`, PostgreSQL in `server-postgres`.

const nameOf = (party: { players: { playerID: string; playerName: string }[] }, id: string) =>
  party.players.find((p) => p.playerID === id)?.playerName;

describe('the party clock', () => {
  let app: FastifyInstance;
  const clock = new FakeClock();
  beforeAll(async () => {
    app = await testApp({}, { partyClock: clock });
  });
  afterAll(() => app.close());

  async function guessParty(settings: object = {}) {
    const party = await createParty(app, settings);
    const bo = await join(app, party.partyId, 'Bo');
    const cy = await join(app, party.partyId, 'Cy');
    return { ...party, bo, cy };
  }

  it('runs intro (3 s) → answering (20 s, answers until 500 ms after) → reveal (8 s) → standings (5 s) → next intro', async () => {
    const { partyId, host, bo, cy } = await guessParty();
    expect((await getParty(app, partyId)).rounds).toBe(12);
    expect((await command(app, partyId, host, 'start')).body).toEqual({ ok: true, partyId });
    let party = await getParty(app, partyId);
    // guess without `rounds`: the smallest multiple of 3 players that is at least 10.
    expect(party).toMatchObject({ phase: 'intro', round: 0, rounds: 12, closesInMs: 3000 });
    expect(party.subject).toEqual({ playerID: host.playerID, playerName: 'Ada' });
    expect(party.question).toMatchObject({ questionID: expect.any(String), options: expect.any(String) });
    expect((await answer(app, partyId, bo, 0, 40)).body.code).toBe('round_closed');
    party = await advance(app, clock, partyId, 2999);
    expect(party).toMatchObject({ phase: 'intro', closesInMs: 1 });
    party = await advance(app, clock, partyId, 1);
    expect(party).toMatchObject({ phase: 'answering', closesInMs: 20_000 });
    expect((await answer(app, partyId, host, 0, 70)).body).toEqual({ ok: true, round: 0 });
    expect((await answer(app, partyId, bo, 0, 60)).status).toBe(200);
    party = await advance(app, clock, partyId, 20_400);
    expect(party).toMatchObject({ phase: 'answering', closesInMs: 0, reveal: null });
    expect(party.players.filter((p: { answered: boolean }) => p.answered)).toHaveLength(2);
    // Within the 500 ms after the deadline an answer still counts.
    expect((await answer(app, partyId, cy, 0, 90)).status).toBe(200);
    party = await advance(app, clock, partyId, 100);
    expect(party).toMatchObject({ phase: 'reveal', closesInMs: 8000 });
    expect(party.reveal).toEqual({
      answers: expect.arrayContaining([
        { playerID: bo.playerID, answer: 60, points: roundPoints('spectrum', 70, 60) },
        { playerID: cy.playerID, answer: 90, points: roundPoints('spectrum', 70, 90) },
      ]),
      subjectAnswer: 70,
      closest: [bo.playerID],
    });
    expect(party.players[0]).toMatchObject({ playerID: bo.playerID, points: 8.1 });
    const late = await answer(app, partyId, host, 0, 70);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ code: 'round_closed', message: 'This round is not open for answers.' });
    party = await advance(app, clock, partyId, 8000);
    expect(party).toMatchObject({ phase: 'standings', closesInMs: 5000, reveal: { subjectAnswer: 70 } });
    party = await advance(app, clock, partyId, 5000);
    expect(party).toMatchObject({ phase: 'intro', round: 1, reveal: null });
    expect(nameOf(party, party.subject.playerID)).toBe('Bo');
  });

  it('takes the same answer again, refuses another (409), one out of range (400) and another round (409)', async () => {
    const { partyId, host, bo } = await guessParty({ rounds: 2 });
    await command(app, partyId, host, 'start');
    await advance(app, clock, partyId, 3000);
    expect((await answer(app, partyId, bo, 0, 30)).body).toEqual({ ok: true, round: 0 });
    expect((await answer(app, partyId, bo, 0, 30)).body).toEqual({ ok: true, round: 0 });
    const changed = await answer(app, partyId, bo, 0, 31);
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('round_answered');
    const range = await answer(app, partyId, host, 0, 101);
    expect(range.status).toBe(400);
    expect(range.body.code).toBe('answer_out_of_range');
    expect((await answer(app, partyId, host, 1, 50)).body.code).toBe('round_closed');
    expect((await answer(app, partyId, host, 0, 1.5)).status).toBe(400);
    const party = await getParty(app, partyId, bo.userId);
    expect(party.me).toEqual({ playerID: bo.playerID, host: false, answer: 30 });
    expect(party.players.find((p: { playerID: string }) => p.playerID === host.playerID).answered).toBe(false);
  });

  it('answers last 40 s (relaxed) and 60 s (extra); with `off` nothing has a deadline but the intro', async () => {
    for (const [timing, ms] of [
      ['relaxed', 40_000],
      ['extra', 60_000],
    ] as const) {
      const { partyId, host } = await guessParty({ timing });
      await command(app, partyId, host, 'start');
      expect((await advance(app, clock, partyId, 3000)).closesInMs).toBe(ms);
    }
    const { partyId, host } = await guessParty({ timing: 'off' });
    await command(app, partyId, host, 'start');
    let party = await advance(app, clock, partyId, 3000);
    expect(party).toMatchObject({ phase: 'answering', closesInMs: null });
    party = await advance(app, clock, partyId, 3_600_000);
    expect(party.phase).toBe('answering');
    await command(app, partyId, host, 'next');
    party = await advance(app, clock, partyId, 3_600_000);
    expect(party).toMatchObject({ phase: 'reveal', closesInMs: null });
    await command(app, partyId, host, 'next');
    expect((await getParty(app, partyId)).phase).toBe('standings');
  });

  it('pause holds the clock; resume gives back what was left', async () => {
    const { partyId, host, bo } = await guessParty();
    await command(app, partyId, host, 'start');
    await advance(app, clock, partyId, 3000);
    await advance(app, clock, partyId, 8000);
    await command(app, partyId, host, 'pause');
    let party = await advance(app, clock, partyId, 120_000);
    expect(party).toMatchObject({ phase: 'paused', pausedPhase: 'answering', closesInMs: null });
    expect(party.question).not.toBeNull();
    expect((await answer(app, partyId, bo, 0, 50)).body.code).toBe('round_closed');
    await command(app, partyId, host, 'resume');
    party = await getParty(app, partyId);
    expect(party).toMatchObject({ phase: 'answering', pausedPhase: null, closesInMs: 12_000 });
  });

  it('a player who joins mid-round plays from the next round; subjects go round in join order', async () => {
    const { partyId, host, bo } = await guessParty({ rounds: 4, timing: 'off' });
    await command(app, partyId, host, 'start');
    await advance(app, clock, partyId, 3000);
    const di = await join(app, partyId, 'Di');
    expect((await answer(app, partyId, di, 0, 50)).body.code).toBe('round_closed');
    // Everyone sees Di in, but not in this round ("waiting for N more" does not count her).
    const joined = await getParty(app, partyId);
    const inRound = (party: typeof joined) =>
      Object.fromEntries(party.players.map((p: { playerName: string; inRound: boolean }) => [p.playerName, p.inRound]));
    expect(inRound(joined)).toEqual({ Ada: true, Bo: true, Cy: true, Di: false });
    const subjects = [];
    for (let round = 0; round < 4; round++) {
      const party = await getParty(app, partyId);
      subjects.push(nameOf(party, party.subject.playerID));
      if (round === 1) expect(inRound(party).Di).toBe(true);
      await command(app, partyId, host, 'next');
      await command(app, partyId, host, 'next');
      await command(app, partyId, host, 'next');
      await advance(app, clock, partyId, 3000);
    }
    expect(subjects).toEqual(['Ada', 'Bo', 'Cy', 'Di']);
    expect((await getParty(app, partyId, bo.userId)).phase).toBe('finished');
  });

  it('alike, Classic: everyone answers a word; the reveal names the closest pair; the end has pairs, no points', async () => {
    const { partyId, host, bo, cy } = await guessParty({ format: 'alike', gameType: 'Classic', rounds: 1 });
    await command(app, partyId, host, 'start');
    let party = await advance(app, clock, partyId, 3000);
    expect(party.subject).toBeNull();
    const words = party.question.options.length;
    expect((await answer(app, partyId, host, 0, words + 1)).body.code).toBe('answer_out_of_range');
    await answer(app, partyId, host, 0, 1);
    await answer(app, partyId, bo, 0, 1);
    await answer(app, partyId, cy, 0, 2);
    party = await advance(app, clock, partyId, 20_500);
    expect(party.reveal).toMatchObject({ subjectAnswer: null, closest: [host.playerID, bo.playerID] });
    expect(party.reveal.answers.every((a: { points: number }) => a.points === 0)).toBe(true);
    await advance(app, clock, partyId, 8000);
    party = await advance(app, clock, partyId, 5000);
    expect(party.phase).toBe('finished');
    expect(party.final.pairs[0]).toEqual({ a: host.playerID, b: bo.playerID, band: 'in-tune' });
    expect(party.final.matches).toContainEqual({ playerID: cy.playerID, match: host.playerID, band: 'apart' });
    expect(party.players.every((p: { points: number }) => p.points === 0)).toBe(true);
  });

  it('a finished party frees its code; `again` makes a new party of the same players with the same code', async () => {
    const { partyId, code, host, bo } = await guessParty({ rounds: 1, timing: 'off' });
    await command(app, partyId, host, 'start');
    for (let i = 0; i < 3; i++) await command(app, partyId, host, 'next');
    await advance(app, clock, partyId, 3000);
    await command(app, partyId, host, 'next');
    expect((await getParty(app, partyId)).phase).toBe('finished');
    expect((await call(app, `find-party?code=${code}`)).status).toBe(404);
    const again = await command(app, partyId, host, 'again');
    const next = again.body.partyId;
    expect(next).not.toBe(partyId);
    expect((await getParty(app, partyId)).nextPartyId).toBe(next);
    const party = await getParty(app, next, bo.userId);
    expect(party).toMatchObject({ phase: 'lobby', code, me: { playerID: bo.playerID, host: false } });
    expect(party.players.map((p: { playerName: string }) => p.playerName).sort()).toEqual(['Ada', 'Bo', 'Cy']);
    expect((await call(app, `find-party?code=${code}`)).body).toEqual({ partyId: next });
  });
});

describe('a restarted server', () => {
  it('carries a party on from what is stored, mid-round, and runs no phase twice', async () => {
    const database = await persistentTestDatabase(mkdtempSync(joinPath(tmpdir(), 'wavelength-party-')));
    const clock = new FakeClock();
    const env = { DATABASE_URL: database.url };
    try {
      let app = await testApp(env, { partyClock: clock });
      const { partyId, host } = await createParty(app);
      const bo = await join(app, partyId, 'Bo');
      await command(app, partyId, host, 'start');
      await advance(app, clock, partyId, 3000);
      await answer(app, partyId, host, 0, 20);
      await answer(app, partyId, bo, 0, 30);
      await advance(app, clock, partyId, 5000);
      await app.close();

      app = await testApp(env, { partyClock: clock });
      let party = await getParty(app, partyId, bo.userId);
      expect(party).toMatchObject({ phase: 'answering', round: 0, closesInMs: 15_000, me: { answer: 30 } });
      // The stored answer stands after the restart.
      expect((await answer(app, partyId, bo, 0, 31)).body.code).toBe('round_answered');
      party = await advance(app, clock, partyId, 15_500);
      expect(party).toMatchObject({ phase: 'reveal', reveal: { subjectAnswer: 20 } });
      await app.close();

      // Down through the reveal's deadline: the next server moves on once, from where it was.
      clock.time += 60_000;
      app = await testApp(env, { partyClock: clock });
      party = await advance(app, clock, partyId, 0);
      expect(party).toMatchObject({ phase: 'standings', round: 0, closesInMs: 5000 });
      await app.close();
    } finally {
      await database.drop();
    }
  });
});

describe('retention', () => {
  it('deletes parties older than GAME_RETENTION_DAYS at start-up, ended or not', async () => {
    const database = await persistentTestDatabase(mkdtempSync(joinPath(tmpdir(), 'wavelength-party-')));
    const clock = new FakeClock();
    const env = { DATABASE_URL: database.url, GAME_RETENTION_DAYS: '2' };
    try {
      let app = await testApp(env, { partyClock: clock });
      const old = await createParty(app);
      clock.time += 36 * 60 * 60_000;
      const newer = await createParty(app);
      await app.close();
      clock.time += 13 * 60 * 60_000;
      app = await testApp(env, { partyClock: clock });
      expect((await call(app, `get-party?partyId=${old.partyId}`)).body.code).toBe('unknown_party');
      expect((await call(app, `find-party?code=${old.code}`)).status).toBe(404);
      expect((await getParty(app, newer.partyId)).phase).toBe('lobby');
      await app.close();
    } finally {
      await database.drop();
    }
  });
});
