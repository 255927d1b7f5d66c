import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.js';
import { advance, call, createParty, FakeClock, join, PartySocket, type Player } from '../testing/party.js';

// Both implementations pass this file: SQLite in `server`, PostgreSQL in `server-postgres`.

/** Fields whose numbers are never an answer (counts, times, and points of revealed rounds only). */
const SAFE_FIELDS = new Set(['seq', 'round', 'rounds', 'closesInMs', 'points']);

/** Every number in a JSON value, but those under SAFE_FIELDS. */
function numbersIn(value: unknown, key = ''): number[] {
  if (SAFE_FIELDS.has(key)) return [];
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap((item) => numbersIn(item));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numbersIn(v, k));
  return [];
}

interface Recorded {
  /** Whose eyes: a player's playerID, or 'screen'. */
  reader: string;
  /** Rounds revealed when it was sent. */
  revealed: number;
  what: string;
  json: unknown;
  raw: string;
}

// Each round's answers: distinct values that nothing else in a party is (seq, times and points excepted).
const ANSWERS = [
  [37, 41, 43],
  [47, 53, 59],
  [61, 67, 71],
];

describe('nothing early', () => {
  let app: FastifyInstance;
  let base: string;
  const clock = new FakeClock();
  beforeAll(async () => {
    app = await testApp({}, { partyClock: clock });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod/party-live/`;
  });
  afterAll(() => app.close());

  it('no answer of an unrevealed round is in any frame or reply to anyone but its author; no userId ever', async () => {
    const recorded: Recorded[] = [];
    const { partyId, host } = await createParty(app, { rounds: 3 });
    const players: Player[] = [host, await join(app, partyId, 'Bo'), await join(app, partyId, 'Cy')];
    const sockets: { reader: string; socket: PartySocket }[] = [];
    for (const reader of [...players, undefined]) {
      const socket = await PartySocket.open(base + partyId);
      if (reader) socket.send({ type: 'hello', userId: reader.userId });
      sockets.push({ reader: reader?.playerID ?? 'screen', socket });
    }
    await sockets[2].socket.next((m) => m.type === 'party' && m.me !== undefined);
    // What was revealed when a reply was made: its own state says (party-answer's and
    // party-command's replies carry none, and no answer either: 0 reveals nothing to them).
    const revealedBy = (json: { phase?: string; pausedPhase?: string | null; round?: number }) => {
      const phase = json.pausedPhase ?? json.phase;
      if (phase === 'finished') return 3;
      if (phase === 'reveal' || phase === 'standings') return (json.round ?? 0) + 1;
      return json.round ?? 0;
    };
    /** A call as `reader` makes it. */
    const record = async (reader: string, url: string, payload?: object) => {
      const reply = await call(app, url, payload);
      const revealed = url.startsWith('get-party') ? revealedBy(reply.body) : 0;
      recorded.push({ reader, revealed, what: url, json: reply.body, raw: reply.raw });
      return reply;
    };
    const lookAround = async () => {
      for (const player of players)
        await record(player.playerID, `get-party?partyId=${partyId}&userId=${player.userId}`);
      await record('screen', `get-party?partyId=${partyId}`);
    };

    await record(host.playerID, 'party-command', { partyId, userId: host.userId, command: 'start' });
    for (let round = 0; round < 3; round++) {
      await advance(app, clock, partyId, 3000);
      await lookAround();
      for (const [i, player] of players.entries()) {
        // The last player answers after the deadline in round 1: the deadline closes that round.
        if (round === 1 && i === 2) continue;
        const payload = { partyId, userId: player.userId, round, answer: ANSWERS[round][i] };
        await record(player.playerID, 'party-answer', payload);
        await record(player.playerID, 'party-answer', payload);
        await record(player.playerID, 'party-answer', { ...payload, answer: ANSWERS[round][i] + 1 });
        await lookAround();
      }
      if (round === 1) await advance(app, clock, partyId, 20_500);
      await lookAround();
      await advance(app, clock, partyId, 8000);
      await lookAround();
      await advance(app, clock, partyId, 5000);
    }
    await lookAround();
    expect(recorded.at(-1)?.json).toMatchObject({ phase: 'finished' });

    // Frames: revealed is what their seq says (the reveal's `party` message has that round's seq).
    const revealSeqs: number[] = [];
    for (const { socket } of sockets) {
      for (const { message } of socket.frames) {
        if (message.type === 'party' && message.phase === 'reveal') revealSeqs[message.round as number] ??= message.seq;
      }
    }
    expect(revealSeqs).toHaveLength(3);
    for (const { reader, socket } of sockets) {
      for (const { message, raw } of socket.frames) {
        const count = revealSeqs.filter((seq) => seq <= message.seq).length;
        recorded.push({ reader, revealed: count, what: `frame ${message.type} ${message.seq}`, json: message, raw });
      }
    }

    let seenAfterReveal = 0;
    for (const item of recorded) {
      for (const player of players) expect(item.raw, item.what).not.toContain(player.userId);
      const numbers = numbersIn(item.json);
      for (const [round, values] of ANSWERS.entries()) {
        for (const [i, value] of values.entries()) {
          if (!numbers.includes(value)) continue;
          if (round < item.revealed) seenAfterReveal += 1;
          else
            expect(players[i].playerID, `${item.what} to ${item.reader}: round ${round}'s ${value}`).toBe(item.reader);
        }
      }
    }
    // The recorder does see answers once they are out (it is not blind).
    expect(seenAfterReveal).toBeGreaterThan(50);
    for (const { socket } of sockets) socket.close();
  });
});
