import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { loadConfig } from '../config.js';
import type { HttpError } from '../errors.js';
import { QuestionTexts } from '../questions/translations.js';
import { testApp } from '../testing/app.js';
import { advance, answer, command, createParty, FakeClock, getParty, join } from '../testing/party.js';
import { createPartyWing, type PartyDatabase, partyRepositoryOf } from './index.js';
import type { Parties } from './parties.js';
import { LEASE_MS, type PartyRepository } from './repository.js';

// Both implementations pass this file: SQLite in `server`, PostgreSQL in `server-postgres`.
// Instance A is the app (its clock `clockA`); instance B is a second party wing on the same
// database and bus, with its own clock, as another server would be.

describe('party clocks on several instances', () => {
  let app: FastifyInstance;
  let clockA: FakeClock;
  let clockB: FakeClock;
  let b: Parties;
  let repository: PartyRepository;

  beforeEach(async () => {
    clockA = new FakeClock();
    clockB = new FakeClock();
    app = await testApp({}, { partyClock: clockA });
    const storage = app.storage as unknown as PartyDatabase;
    repository = partyRepositoryOf(storage);
    b = createPartyWing(
      {
        config: loadConfig({ DATABASE_URL: 'sqlite::memory:' }),
        storage,
        questions: app.storage.questions,
        texts: new QuestionTexts([]),
        clock: clockB,
      },
      () => {},
    ).parties;
  });
  afterEach(async () => {
    await b.stop();
    await app.close();
  });

  const both = (ms: number) => {
    clockA.time += ms;
    clockB.time += ms;
  };
  /** B's lease tick, then B's due timers, each step awaited. */
  async function tickB(partyId: string) {
    await b.leases.tick();
    clockB.fireDue();
    const room = await b.require(partyId);
    await room.run(() => {});
    return room;
  }

  async function startedParty() {
    const party = await createParty(app);
    const bo = await join(app, party.partyId, 'Bo');
    const cy = await join(app, party.partyId, 'Cy');
    await command(app, party.partyId, party.host, 'start');
    await b.resumeAll();
    return { ...party, bo, cy };
  }

  it('a socket opening on an instance without the clock reads the whole party only once the stored one moved on', async () => {
    const { partyId, host } = await startedParty();
    const room = await b.require(partyId);
    expect(room.holding).toBe(false);
    const load = vi.spyOn(room.deps.repository, 'load');
    // Closed at once: nothing is written to it, the opening is what is looked at.
    const socket = { readyState: 3, OPEN: 1 } as unknown as WebSocket;
    await room.run(() => room.open(socket));
    await room.run(() => room.open(socket));
    expect(load).not.toHaveBeenCalled();
    // A pause stored by A, which B has not heard of (no bus between them here): the next opening reads it.
    expect((await command(app, partyId, host, 'pause')).status).toBe(200);
    await room.run(() => room.open(socket));
    expect(load).toHaveBeenCalledTimes(1);
    expect(room.party.seq).toBe((await repository.load(partyId))?.seq);
    expect(room.party.state.phase).toBe('paused');
  });

  it('phones of a party leaving at once are one presence write, and still a presence message each, seq one apart', async () => {
    const { partyId, host, bo, cy } = await startedParty();
    both(LEASE_MS + 1);
    const room = await tickB(partyId);
    expect(room.holding).toBe(true);
    // Three phones on B (closed fakes: nothing is written to them), each said hello: one write each.
    const socket = { readyState: 3, OPEN: 1, close() {} } as unknown as WebSocket;
    const listeners = [];
    for (const user of [host, bo, cy]) {
      const listener = await room.run(() => room.open(socket));
      await room.run(() => room.hello(listener, user.userId, undefined));
      listeners.push(listener);
    }
    const here = await repository.load(partyId);
    expect(Object.keys(here?.presence ?? {})).toHaveLength(3);
    const save = vi.spyOn(room.deps.repository, 'savePresence');
    const publish = vi.spyOn(room, 'publish');
    // The room's Wi-Fi drops: the three closes come in one turn.
    for (const listener of listeners) void room.run(() => room.close(listener));
    await room.run(() => {});
    await room.run(() => {});
    expect(save).toHaveBeenCalledTimes(1);
    const gone = await repository.load(partyId);
    expect(gone?.presence).toEqual({});
    expect(gone?.seq).toBe((here?.seq ?? 0) + 3);
    const deltas = publish.mock.calls.map(([event]) => event).filter((event) => event.type === 'presence');
    expect(deltas).toEqual(
      [host, bo, cy].map((user, i) => ({
        type: 'presence',
        seq: (here?.seq ?? 0) + 1 + i,
        playerID: here?.players.find((seat) => seat.userId === user.userId)?.playerID,
        connected: false,
      })),
    );
  });

  it('another instance takes a lease that ran out and carries the party on from what is stored', async () => {
    const { partyId } = await startedParty();
    expect((await repository.load(partyId))?.holder).not.toBeNull();
    const before = await repository.load(partyId);
    // A stops renewing (its timers never fire: it is dead to the others); within the lease, B waits.
    both(LEASE_MS - 1_000);
    const waiting = await tickB(partyId);
    expect(waiting.holding).toBe(false);
    expect((await repository.load(partyId))?.state.phase).toBe('intro');
    both(1_001);
    const room = await tickB(partyId);
    expect(room.holding).toBe(true);
    const after = await repository.load(partyId);
    expect(after?.holder).not.toBe(before?.holder);
    // The intro's deadline had passed: B moved on once, to answering, with a new deadline of its time.
    expect(after).toMatchObject({ seq: (before?.seq ?? 0) + 1, state: { phase: 'answering', round: 0 } });
    expect(after?.state.deadline).toBe(clockB.time + 20_000);
  });

  it('a deposed instance’s clock changes nothing (its step names a seq and a lease it no longer has)', async () => {
    const { partyId } = await startedParty();
    const holderA = (await repository.load(partyId))?.holder ?? undefined;
    both(LEASE_MS + 1);
    await tickB(partyId);
    const taken = await repository.load(partyId);
    expect(taken?.state.phase).toBe('answering');
    // A wakes up: its timer for the intro's deadline fires, on what it knew.
    clockA.fireDue();
    expect(await getParty(app, partyId)).toMatchObject({ phase: 'answering' });
    expect(await repository.load(partyId)).toMatchObject({ seq: taken?.seq, state: { phase: 'answering' } });
    // Even from the stored seq, a step of the clock without the lease is refused.
    const state = taken?.state ?? expect.fail('no party');
    const reveal = { seq: (taken?.seq ?? 0) + 1, state: { ...state, phase: 'reveal' as const }, ended: false };
    expect(await repository.save(partyId, taken?.seq ?? 0, reveal, holderA)).toBe(false);
    // Past the answering deadline B moves it on, once; A's timers and lease tick then change nothing.
    both(20_500);
    await tickB(partyId);
    clockA.fireDue();
    await getParty(app, partyId);
    expect(await repository.load(partyId)).toMatchObject({ seq: (taken?.seq ?? 0) + 1, state: { phase: 'reveal' } });
  });

  it('a late answer on another instance racing the reveal is refused or counted, never both', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const { partyId, host, bo, cy } = await startedParty();
      both(3_000);
      clockA.fireDue();
      expect((await getParty(app, partyId)).phase).toBe('answering');
      await answer(app, partyId, host, 0, 50);
      await answer(app, partyId, bo, 0, 60);
      // The answering deadline with its grace passes on A while Cy's answer reaches B, sent in time.
      both(20_500);
      const room = await b.require(partyId);
      const late = b.answer(room, cy.userId, 0, 70).then(
        () => 'counted',
        (error: HttpError) => error.code,
      );
      clockA.fireDue();
      const outcome = await late;
      // A's step has run once this returns; if the answer came first, it was re-read and is due again.
      await advance(app, clockA, partyId, 0);
      const party = await advance(app, clockA, partyId, 0);
      expect(party.phase).toBe('reveal');
      const answers = party.reveal.answers.map((a: { playerID: string }) => a.playerID);
      if (outcome === 'counted') expect(answers).toContain(cy.playerID);
      else {
        expect(outcome).toBe('round_closed');
        expect(answers).not.toContain(cy.playerID);
        expect((await repository.load(partyId))?.answers.map((a) => a.playerID)).not.toContain(cy.playerID);
      }
    }
  });

  it('the database refuses an answer once the reveal is stored, and the reveal from a seq an answer moved on', async () => {
    const { partyId, host } = await startedParty();
    both(3_000);
    clockA.fireDue();
    await getParty(app, partyId);
    const answering = (await repository.load(partyId)) ?? expect.fail('no party');
    const seat = answering.players.find((s) => s.userId === host.userId) ?? expect.fail('no host');
    const stored = await repository.answer(partyId, { round: 0, playerID: seat.playerID, answer: 10 }, clockA.time);
    expect(stored).toEqual({ status: 'stored', seq: answering.seq + 1 });
    const reveal = { seq: answering.seq + 1, state: { ...answering.state, phase: 'reveal' as const }, ended: false };
    // Computed before the answer: refused, so no reveal leaves it out.
    expect(await repository.save(partyId, answering.seq, reveal)).toBe(false);
    expect(await repository.save(partyId, answering.seq + 1, { ...reveal, seq: answering.seq + 2 })).toBe(true);
    const bo = answering.players.find((s) => s.name === 'Bo') ?? expect.fail('no Bo');
    expect(await repository.answer(partyId, { round: 0, playerID: bo.playerID, answer: 20 }, clockA.time)).toEqual({
      status: 'closed',
    });
  });
});
