/**
 * A client process of the reconnect storm (forked by bench/storm.ts): game sockets (their snapshot
 * on open) and party phones (`hello` with their userId, then their state with `me`), as plain TCP
 * speaking just enough WebSocket, like bench/party-worker.ts.
 *
 * - `open`: opens every socket at once-ish (100 at a time) and reports each phone's playerID.
 * - `storm`: this process is the clients after their connections all broke at `t0` (the bench
 *   SIGKILLs the process that held them): each socket reconnects on the clients' own schedule
 *   (client/features/scoreboard/live-connection.ts `reconnectDelay`, attempt 0 first, the next
 *   attempt after a failure), and is done once its fresh state arrives and checks out: a game's
 *   snapshot lists the friends logged before the drop; a phone gets its own playerID back in `me`,
 *   its party still has its seats, and its answer acknowledged before the drop is in the reveal.
 * Times are `performance.timeOrigin + performance.now()` (comparable across processes).
 */

import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { reconnectDelay } from '../client/features/scoreboard/live-connection.js';
import { readFrames } from './ws-frames.js';

export type StormSocket =
  | { kind: 'game'; gameId: string; players: number }
  | { kind: 'phone'; partyId: string; userId: string; seats: number; playerID?: string; answer?: number };
export type ToStormWorker =
  | { type: 'open'; url: string; sockets: StormSocket[]; localAddress: string }
  | { type: 'storm'; url: string; sockets: StormSocket[]; localAddress: string; t0: number }
  | { type: 'close' };
export type FromStormWorker =
  | { type: 'ready' }
  | { type: 'opened'; playerIDs: (string | null)[] }
  | {
      type: 'stormed';
      /** Per socket: ms from the drop to its checked state. */
      ready: number[];
      /** Connection attempts per socket (1: the first reconnect worked). */
      attempts: number[];
      /** Phones whose party had another number of seats, whose `me` was another player, whose answer was missing; games with friends missing. */
      seatsChanged: number;
      otherMe: number;
      lostAnswers: number;
      lostPlayers: number;
    }
  | { type: 'failed'; message: string };

const now = () => performance.timeOrigin + performance.now();
const send = (message: FromStormWorker) => process.send?.(message);
const sockets: Socket[] = [];

function fail(error: unknown): never {
  send({ type: 'failed', message: String(error instanceof Error ? error.message : error) });
  process.exit(1);
}

/** A client's text frame: masked with a zero mask, so the bytes stay as they are. */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length >= 126) throw new Error('bench frames are short');
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}
const pong = (payload: Buffer) => Buffer.concat([Buffer.from([0x8a, 0x80 | payload.length, 0, 0, 0, 0]), payload]);

interface PartyMessage {
  type: string;
  players?: { playerID: string }[];
  me?: { playerID: string; answer: number | null };
  subject?: { playerID: string } | null;
  reveal?: { answers: { playerID: string; answer: number }[]; subjectAnswer: number | null } | null;
  phase?: string;
}

/**
 * One connection: resolves with the checked state (the snapshot, or the phone's state with `me`),
 * rejects if the socket fails or closes first.
 */
function connectOnce(url: string, spec: StormSocket, localAddress: string): Promise<PartyMessage> {
  return new Promise((resolve, reject) => {
    const path = spec.kind === 'game' ? `/prod/live/${spec.gameId}` : `/prod/party-live/${spec.partyId}`;
    const { hostname, port, host } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    sockets.push(socket);
    socket.setNoDelay(true);
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    let done = false;
    let upgraded = false;
    let buffer: Buffer = Buffer.alloc(0);
    const settle = (error: Error | undefined, message?: PartyMessage) => {
      if (done) return;
      done = true;
      if (error) {
        socket.destroy();
        reject(error);
      } else resolve(message as PartyMessage);
    };
    const onText = (payload: Buffer) => {
      if (done) return;
      const message = JSON.parse(payload.toString('utf8')) as PartyMessage;
      if (spec.kind === 'game') {
        if (message.type === 'snapshot') settle(undefined, message);
      } else if (message.type === 'party') {
        // The screen's view on open: the phone says hello (as party-connection.ts does on open).
        if (!message.me) socket.write(textFrame(JSON.stringify({ type: 'hello', userId: spec.userId })));
        else settle(undefined, message);
      }
    };
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length > 0 ? Buffer.concat([buffer, chunk]) : chunk;
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const status = buffer.subarray(0, end).toString('latin1').split('\r\n')[0];
        if (!status.includes(' 101 ')) return settle(new Error(`the upgrade answered ${status}`));
        upgraded = true;
        buffer = buffer.subarray(end + 4);
      }
      buffer = readFrames(buffer, (opcode, payload) => {
        if (opcode === 0x1) onText(payload);
        else if (opcode === 0x9) socket.write(pong(payload));
        else if (opcode === 0x8) settle(new Error('closed before its state'));
      });
    });
    socket.on('error', (error) => settle(error));
    socket.on('close', () => settle(new Error('closed before its state')));
  });
}

async function open(url: string, specs: StormSocket[], localAddress: string) {
  const playerIDs: (string | null)[] = [];
  for (let from = 0; from < specs.length; from += 100) {
    const batch = specs.slice(from, from + 100);
    const states = await Promise.all(batch.map((spec) => connectOnce(url, spec, localAddress)));
    playerIDs.push(...states.map((state) => state.me?.playerID ?? null));
  }
  send({ type: 'opened', playerIDs });
}

/** The phone's own answer: in `me` while answering, else in the reveal (as the subject, or among the guesses). */
function answerIn(state: PartyMessage, playerID: string): number | null | undefined {
  // Still answering (the others' answers unknown): the phone's own is in `me`.
  if (state.phase === 'answering') return state.me?.answer;
  if (state.subject?.playerID === playerID) return state.reveal?.subjectAnswer;
  return state.reveal?.answers.find((a) => a.playerID === playerID)?.answer;
}

async function storm(url: string, specs: StormSocket[], localAddress: string, t0: number) {
  const ready: number[] = [];
  const attempts: number[] = [];
  const tally = { seatsChanged: 0, otherMe: 0, lostAnswers: 0, lostPlayers: 0 };
  const one = async (spec: StormSocket) => {
    // The clients' schedule: the first try after reconnectDelay(0) from the drop, then the next.
    let at = t0;
    for (let attempt = 0; ; attempt++) {
      at += reconnectDelay(attempt);
      await new Promise((wake) => setTimeout(wake, Math.max(0, at - now())));
      try {
        const state = await connectOnce(url, spec, localAddress);
        ready.push(now() - t0);
        attempts.push(attempt + 1);
        if (spec.kind === 'game') {
          if ((state as { players?: unknown[] }).players?.length !== spec.players) tally.lostPlayers += 1;
        } else {
          if (state.players?.length !== spec.seats) tally.seatsChanged += 1;
          if (state.me?.playerID !== spec.playerID) tally.otherMe += 1;
          if (spec.playerID && spec.answer !== undefined && answerIn(state, spec.playerID) !== spec.answer) {
            tally.lostAnswers += 1;
          }
        }
        return;
      } catch {
        at = now();
      }
    }
  };
  await Promise.all(specs.map(one));
  send({ type: 'stormed', ready, attempts, ...tally });
}

process.on('message', (message: ToStormWorker) => {
  if (message.type === 'open') open(message.url, message.sockets, message.localAddress).catch(fail);
  else if (message.type === 'storm') storm(message.url, message.sockets, message.localAddress, message.t0).catch(fail);
  else {
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
setTimeout(() => process.exit(2), 15 * 60_000).unref();
