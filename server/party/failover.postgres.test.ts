/**
 * A party's clock across real server processes (docs/scaling.md, "Party clocks"): two instances on
 * one PostgreSQL database, phones on both; the clock's instance is killed (SIGKILL: no shutdown, no
 * lease given up) mid-answering, then, after it is back, the other one mid-reveal. The other
 * instance takes the lease within 10 s and carries on from what is stored: no acknowledged answer
 * is lost, no phase runs twice, every socket's seq only grows, and every phone carries on (on a
 * live instance) to the next round. On each bus, at the same time (they wait for leases, mostly).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createParty,
  type PartyCluster,
  type PartyFrame,
  Phone,
  partyCluster,
  post,
  storedAnswers,
} from '../testing/party-cluster.js';
import type { ServerProcess } from '../testing/process.js';
import { TEST_REDIS_URL } from '../testing/redis.js';
import { LEASE_MS } from './repository.js';

const buses = [
  { name: 'LISTEN/NOTIFY', url: undefined },
  ...(TEST_REDIS_URL ? [{ name: 'Redis pub/sub', url: TEST_REDIS_URL }] : []),
];

/** How long a phone may wait for the phase after a kill: the lease, a tick, and room for a noisy machine. */
const TAKEOVER_MS = LEASE_MS + 6_000;

const at = (round: number, phase: string) => (m: PartyFrame) =>
  m.type === 'party' && m.round === round && m.phase === phase;

describe.concurrent.each(buses)('a party clock’s instance dies, over $name', ({ url }) => {
  it('another takes it on: no acknowledged answer lost, no phase twice, every phone carries on', async () => {
    const cluster: PartyCluster = await partyCluster(2, url);
    const live = () => cluster.servers.filter((server): server is ServerProcess => server !== undefined);
    const phones: Phone[] = [];
    try {
      const [a, b] = live();
      const hostUserId = randomUUID();
      const partyId = await createParty(a, hostUserId, { format: 'alike', rounds: 3 });
      const ada = new Phone('Ada', partyId, live, hostUserId);
      phones.push(ada, new Phone('Bo', partyId, live), new Phone('Cy', partyId, live), new Phone('Di', partyId, live));
      const [, bo, cy, di] = phones;
      // Ada and Cy on A (the clock's instance: the party was made there), Bo and Di on B.
      const home = new Map<Phone, ServerProcess>([
        [ada, a],
        [bo, b],
        [cy, a],
        [di, b],
      ]);
      for (const phone of [bo, cy, di]) {
        const joined = await post(home.get(phone) as ServerProcess, 'join-party', {
          partyId,
          userId: phone.userId,
          userName: phone.name,
        });
        expect(joined.status).toBe(200);
      }
      await Promise.all(phones.map((phone) => phone.connect(home.get(phone) as ServerProcess)));
      const playerIDs = new Map<Phone, string>();
      for (const phone of phones) {
        const mine = await phone.next((m) => m.type === 'party' && m.me !== undefined, 10_000);
        playerIDs.set(phone, (mine.me as { playerID: string }).playerID);
      }
      const acknowledged: string[] = [];
      const answer = async (phone: Phone, server: ServerProcess, round: number, value: number) => {
        const reply = await post(server, 'party-answer', { partyId, userId: phone.userId, round, answer: value });
        if (reply.status === 200) acknowledged.push(`${round}/${playerIDs.get(phone)}`);
        return reply.status;
      };
      const answersOf = (reveal: PartyFrame) =>
        (reveal.reveal as { answers: { answer: number }[] }).answers.map((x) => x.answer).sort();
      const command = (server: ServerProcess, name: string) =>
        post(server, 'party-command', { partyId, userId: ada.userId, command: name });

      expect((await command(a, 'start')).status).toBe(200);
      await Promise.all(phones.map((phone) => phone.next(at(0, 'answering'), 10_000)));
      expect(await answer(ada, a, 0, 10)).toBe(200);
      expect(await answer(bo, b, 0, 20)).toBe(200);

      // Mid-answering: the clock's instance dies. Ada's and Cy's phones move to B.
      await cluster.kill(0);
      expect(await answer(cy, b, 0, 30)).toBe(200);
      expect(await answer(di, b, 0, 40)).toBe(200);
      // Everyone connected has answered: once B holds the clock, the round closes.
      const reveals = await Promise.all(phones.map((phone) => phone.next(at(0, 'reveal'), TAKEOVER_MS + 20_000)));
      for (const reveal of reveals) expect(answersOf(reveal)).toEqual([10, 20, 30, 40]);

      // A comes back; the host skips to round 1, and Ada and Cy reload on A.
      const restarted = cluster.start(0);
      expect((await command(b, 'next')).status).toBe(200);
      expect((await command(b, 'next')).status).toBe(200);
      await Promise.all(phones.map((phone) => phone.next(at(1, 'intro'), 10_000)));
      const a2 = await restarted;
      await Promise.all([ada.moveTo(a2), cy.moveTo(a2)]);
      await Promise.all(phones.map((phone) => phone.next(at(1, 'answering'), 10_000)));
      for (const [phone, server, value] of [
        [ada, a2, 11],
        [bo, b, 21],
        [cy, a2, 31],
        [di, b, 41],
      ] as const) {
        expect(await answer(phone, server, 1, value)).toBe(200);
      }
      for (const reveal of await Promise.all(phones.map((phone) => phone.next(at(1, 'reveal'), 10_000)))) {
        expect(answersOf(reveal)).toEqual([11, 21, 31, 41]);
      }

      // Mid-reveal: B (whose clock it is now) dies. Bo's and Di's phones move to A, whose clock
      // takes over and carries on from the stored reveal: standings, then the next round.
      await cluster.kill(1);
      await Promise.all(phones.map((phone) => phone.next(at(1, 'standings'), TAKEOVER_MS + 8_000)));
      await Promise.all(phones.map((phone) => phone.next(at(2, 'intro'), 10_000)));

      for (const phone of phones) {
        const seqs = phone.frames.map((f) => `${f.socket}:${f.message.seq}:${f.message.type}:${f.message.phase ?? ''}`);
        expect(phone.seqsInOrder(), `${phone.name}'s seqs ${seqs.join(' ')}`).toBe(true);
        const phases = phone.phases();
        expect(new Set(phases).size, `${phone.name}: ${phases.join(' ')}`).toBe(phases.length);
      }
      // Every acknowledged answer is stored, and nothing else.
      expect(await storedAnswers(cluster, partyId)).toEqual(acknowledged.sort());
    } finally {
      for (const phone of phones) phone.close();
      await cluster.close();
    }
  }, 120_000);
});
