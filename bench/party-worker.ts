/**
 * A client process of the party benchmark (forked by bench/party.ts): holds party sockets — phones
 * (a `hello` with their userId) and shared screens (none) — as plain TCP speaking just enough
 * WebSocket (the frames are delimited, and only a `party` message's first bytes are read: its
 * phase and round), so that the instrument stays cheaper than the server it measures.
 *
 * - `arm`: the next `party` message on every socket of a group is timed; once each has one, its
 *   arrival times (and the first socket's bytes) go back (the 51-socket part).
 * - `play`: the group's phones play as people do: on each round's `answering` state every phone
 *   answers (party-answer over keep-alive HTTP) at a random moment of the answering window; each
 *   answer's time to its reply is kept, and for every round that closed because everyone had
 *   answered, each socket's time from the LAST answer's send to its receipt of the `reveal` state.
 * Times are `performance.timeOrigin + performance.now()` (comparable across processes).
 */

import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { readFrames } from './ws-frames.js';

export interface PartySockets {
  partyId: string;
  /** One userId per phone (the first is the host). */
  phones: string[];
  /** Shared screens (sockets without hello). */
  screens: number;
}
export type ToPartyWorker =
  | { type: 'open'; group: string; url: string; parties: PartySockets[]; localAddress: string }
  | { type: 'arm'; group: string }
  | { type: 'play'; group: string; url: string; fromMs: number; toMs: number }
  | { type: 'stop'; group: string }
  | { type: 'close' };
/** One answer: when it left, how long its reply took (ms), its HTTP status. */
export type AnswerSample = [at: number, ms: number, status: number];
/** One socket's `reveal`: when it came, ms since the round's last answer left. */
export type RevealSample = [at: number, ms: number];
export type FromPartyWorker =
  | { type: 'opened'; group: string }
  | { type: 'armed'; group: string }
  | { type: 'arrivals'; group: string; at: number[]; payload: string }
  | {
      type: 'played';
      group: string;
      answers: AnswerSample[];
      reveals: RevealSample[];
      /** Sockets' reveals that came with answers still to send (the round closed by its deadline, not by everyone's answer). */
      deadlineReveals: number;
      rounds: number;
    }
  | { type: 'failed'; message: string };

interface Phone {
  socket: Socket;
  party: PartyState;
  userId: string | undefined;
  /** Rounds this phone has answered (or scheduled). */
  answered: Set<number>;
  /** Rounds whose reveal this socket has had. */
  revealed: Set<number>;
  /** The next `party` message is timed (arm). */
  armed: boolean;
}
interface PartyState {
  partyId: string;
  /** Per round: answers sent so far, and the last one's send time. */
  sent: Map<number, { count: number; last: number }>;
  phones: number;
}
interface Group {
  sockets: Phone[];
  arrivals: number[];
  payload: string;
  play?: { url: string; fromMs: number; toMs: number };
  answers: AnswerSample[];
  reveals: RevealSample[];
  deadlineReveals: number;
  /** Per reveal sample, its party's round; the rounds with an answer refused (closed by the deadline). */
  revealRounds: string[];
  refused: Set<string>;
  rounds: Set<string>;
}

const groups = new Map<string, Group>();
const now = () => performance.timeOrigin + performance.now();
const send = (message: FromPartyWorker) => process.send?.(message);
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function fail(error: unknown): never {
  send({ type: 'failed', message: String(error instanceof Error ? error.message : error) });
  process.exit(1);
}

/** A client's text frame: masked (RFC 6455 §5.3), with a zero mask so the bytes stay as they are. */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length >= 126) throw new Error('bench frames are short');
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}
const pong = (payload: Buffer) => Buffer.concat([Buffer.from([0x8a, 0x80 | payload.length, 0, 0, 0, 0]), payload]);

const PARTY_PREFIX = Buffer.from('{"type":"party"');
/** A `party` message's phase and round, from its first bytes (the server writes them in this order). */
function phaseOf(payload: Buffer): { phase: string; round: number } | undefined {
  if (payload.compare(PARTY_PREFIX, 0, PARTY_PREFIX.length, 0, PARTY_PREFIX.length) !== 0) return undefined;
  const head = payload.toString('latin1', 0, Math.min(payload.length, 400));
  const phase = /"phase":"(\w+)"/.exec(head)?.[1];
  const round = /"round":(\d+)/.exec(head)?.[1];
  return phase && round ? { phase, round: Number(round) } : undefined;
}

function answer(group: Group, phone: Phone, round: number) {
  const play = group.play;
  if (!play || !phone.userId) return;
  const body = JSON.stringify({ partyId: phone.party.partyId, userId: phone.userId, round, answer: randomAnswer() });
  const sent = phone.party.sent.get(round) ?? { count: 0, last: 0 };
  phone.party.sent.set(round, sent);
  const at = now();
  sent.count += 1;
  sent.last = at;
  const req = request(
    `${play.url}/prod/party-answer`,
    {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    },
    (response) => {
      response.resume();
      response.on('end', () => {
        group.answers.push([at, now() - at, response.statusCode ?? 0]);
        if (response.statusCode !== 200) group.refused.add(`${phone.party.partyId}#${round}`);
      });
    },
  );
  req.on('error', () => {
    group.answers.push([at, now() - at, 0]);
    group.refused.add(`${phone.party.partyId}#${round}`);
  });
  req.end(body);
}
const randomAnswer = () => Math.floor(Math.random() * 101);

/** What a phone does with a `party` message while its group plays. */
function onParty(group: Group, phone: Phone, at: number, phase: string, round: number) {
  const play = group.play;
  if (!play) return;
  if (phase === 'answering' && phone.userId && !phone.answered.has(round)) {
    phone.answered.add(round);
    const delay = play.fromMs + Math.random() * (play.toMs - play.fromMs);
    setTimeout(() => answer(group, phone, round), delay);
  } else if (phase === 'reveal' && !phone.revealed.has(round)) {
    phone.revealed.add(round);
    group.rounds.add(`${phone.party.partyId}#${round}`);
    const sent = phone.party.sent.get(round);
    // Only rounds closed by everyone's answer: the last answer's send is their start.
    if (sent && sent.count === phone.party.phones) {
      group.reveals.push([at, at - sent.last]);
      group.revealRounds.push(`${phone.party.partyId}#${round}`);
    } else group.deadlineReveals += 1;
  }
}

function openOne(group: Group, url: string, phone: Phone, localAddress: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const { hostname, port, pathname, host } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    phone.socket = socket;
    socket.setNoDelay(true);
    socket.write(
      `GET ${pathname} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    // Ready after the state on open (a screen), or after the state answering its hello (a phone).
    let states = 0;
    const ready = phone.userId ? 2 : 1;
    let upgraded = false;
    let buffer: Buffer = Buffer.alloc(0);
    const onText = (at: number, payload: Buffer) => {
      const party = phaseOf(payload);
      // The first message readies a screen whatever it is (the floor's is a snapshot); after it, states only.
      if (!party && states > 0) return;
      states += 1;
      if (states === 1 && phone.userId)
        socket.write(textFrame(JSON.stringify({ type: 'hello', userId: phone.userId })));
      if (states === ready) resolve();
      if (states <= ready) return;
      if (phone.armed) {
        phone.armed = false;
        if (group.arrivals.length === 0) group.payload = payload.toString('utf8');
        group.arrivals.push(at);
        if (group.arrivals.length === group.sockets.length) {
          send({ type: 'arrivals', group: groupName(group), at: group.arrivals, payload: group.payload });
        }
      }
      if (party) onParty(group, phone, at, party.phase, party.round);
    };
    socket.on('data', (chunk: Buffer) => {
      const at = now();
      buffer = buffer.length > 0 ? Buffer.concat([buffer, chunk]) : chunk;
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const status = buffer.subarray(0, end).toString('latin1').split('\r\n')[0];
        if (!status.includes(' 101 ')) return reject(new Error(`the party socket answered ${status}`));
        upgraded = true;
        buffer = buffer.subarray(end + 4);
      }
      buffer = readFrames(buffer, (opcode, payload) => {
        if (opcode === 0x1) onText(at, payload);
        else if (opcode === 0x9) socket.write(pong(payload));
        else if (opcode === 0x8 && states < ready) reject(new Error('a party socket closed before it was ready'));
      });
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (states < ready) reject(new Error('a party socket closed before it was ready'));
    });
  });
}

const groupName = (group: Group) => [...groups].find(([, g]) => g === group)?.[0] ?? '';

async function open(name: string, url: string, parties: PartySockets[], localAddress: string) {
  const group: Group = {
    sockets: [],
    arrivals: [],
    payload: '',
    answers: [],
    reveals: [],
    deadlineReveals: 0,
    revealRounds: [],
    refused: new Set(),
    rounds: new Set(),
  };
  groups.set(name, group);
  // A party's sockets open together (its phones' hellos make presence messages for the others).
  for (let i = 0; i < parties.length; i += 5) {
    await Promise.all(
      parties.slice(i, i + 5).map((p) => {
        const party: PartyState = { partyId: p.partyId, sent: new Map(), phones: p.phones.length };
        const users = [...p.phones, ...Array.from({ length: p.screens }, () => undefined)];
        return Promise.all(
          users.map((userId) => {
            const phone = { party, userId, answered: new Set(), revealed: new Set(), armed: false } as unknown as Phone;
            group.sockets.push(phone);
            return openOne(group, `${url}/prod/party-live/${p.partyId}`, phone, localAddress);
          }),
        );
      }),
    );
  }
  send({ type: 'opened', group: name });
}

process.on('message', (message: ToPartyWorker) => {
  const group = 'group' in message ? groups.get(message.group) : undefined;
  if (message.type === 'open') {
    open(message.group, message.url, message.parties, message.localAddress).catch(fail);
  } else if (message.type === 'arm' && group) {
    group.arrivals = [];
    for (const phone of group.sockets) phone.armed = true;
    send({ type: 'armed', group: message.group });
  } else if (message.type === 'play' && group) {
    group.play = { url: message.url, fromMs: message.fromMs, toMs: message.toMs };
  } else if (message.type === 'stop' && group) {
    group.play = undefined;
    const { answers, revealRounds, refused } = group;
    // A round with a refused answer closed by its deadline, not by everyone's answer: counted apart.
    const reveals = group.reveals.filter((_, i) => !refused.has(revealRounds[i]));
    const deadlineReveals = group.deadlineReveals + group.reveals.length - reveals.length;
    send({ type: 'played', group: message.group, answers, reveals, deadlineReveals, rounds: group.rounds.size });
  } else if (message.type === 'close') {
    for (const g of groups.values()) for (const phone of g.sockets) phone.socket?.destroy();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
setTimeout(() => process.exit(2), 30 * 60_000).unref();
