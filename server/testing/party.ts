/** Helpers for the party's tests: a fake time source and the calls as a player makes them. */

import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { PartyClock } from '../party/room.js';
import { newUserId } from './app.js';

/** A time source tests move by hand; due timers fire when `fireDue` is called. */
export class FakeClock implements PartyClock {
  time = Date.UTC(2026, 10, 26, 12);
  private timers: { at: number; run: () => void; live: boolean }[] = [];

  now(): number {
    return this.time;
  }

  schedule(at: number, run: () => void): () => void {
    const timer = { at, run, live: true };
    this.timers.push(timer);
    return () => {
      timer.live = false;
    };
  }

  /**
   * Fires every live timer due by now, earliest first; how many fired. `earlyMs`: also those due
   * that much later, as Node's timers fire when a long turn has left the loop's clock behind.
   */
  fireDue(earlyMs = 0): number {
    const by = this.time + earlyMs;
    const due = this.timers.filter((t) => t.live && t.at <= by).sort((a, b) => a.at - b.at);
    this.timers = this.timers.filter((t) => t.live && t.at > by);
    for (const timer of due) timer.run();
    return due.length;
  }
}

export interface Player {
  userId: string;
  playerID: string;
  name: string;
}

export async function call(app: FastifyInstance, url: string, payload?: object) {
  const response = await app.inject({ method: payload ? 'POST' : 'GET', url: `/prod/${url}`, payload });
  return { status: response.statusCode, body: response.json(), raw: response.body };
}

export async function getParty(app: FastifyInstance, partyId: string, userId?: string) {
  const reply = await call(app, `get-party?partyId=${partyId}${userId ? `&userId=${userId}` : ''}`);
  if (reply.status !== 200) throw new Error(`get-party: ${reply.raw}`);
  return reply.body;
}

/** Moves the clock by `ms` and lets every phase that falls due run, in order. */
export async function advance(app: FastifyInstance, clock: FakeClock, partyId: string, ms: number) {
  clock.time += ms;
  for (let round = 0; round < 100; round++) {
    const fired = clock.fireDue();
    // get-party runs after everything the timers queued on the party.
    await getParty(app, partyId);
    if (fired === 0) break;
  }
  return getParty(app, partyId);
}

export async function createParty(app: FastifyInstance, settings: object = {}, name = 'Ada') {
  const userId = newUserId();
  const reply = await call(app, 'create-party', {
    userId,
    userName: name,
    gameType: 'Spectrum',
    format: 'guess',
    ...settings,
  });
  if (reply.status !== 200) throw new Error(`create-party: ${reply.raw}`);
  const host: Player = { userId, playerID: reply.body.playerID, name };
  return { partyId: reply.body.partyId as string, code: reply.body.code as string, host };
}

export async function join(app: FastifyInstance, partyId: string, name: string): Promise<Player> {
  const userId = newUserId();
  const reply = await call(app, 'join-party', { partyId, userId, userName: name });
  if (reply.status !== 200) throw new Error(`join-party: ${reply.raw}`);
  return { userId, playerID: reply.body.playerID, name };
}

export const command = (app: FastifyInstance, partyId: string, host: Player, name: string, playerID?: string) =>
  call(app, 'party-command', { partyId, userId: host.userId, command: name, ...(playerID ? { playerID } : {}) });

export const answer = (app: FastifyInstance, partyId: string, player: Player, round: number, value: number) =>
  call(app, 'party-answer', { partyId, userId: player.userId, round, answer: value });

/** A real party socket that keeps every frame, so tests can await one and read them all. */
export class PartySocket {
  readonly frames: { raw: string; message: Record<string, unknown> & { type: string; seq: number } }[] = [];
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const raw = String(data);
      this.frames.push({ raw, message: JSON.parse(raw) });
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve({ code })));
  }

  static open(url: string): Promise<PartySocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      const client = new PartySocket(socket);
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) =>
        reject(Object.assign(new Error(`refused with ${response.statusCode}`), { statusCode: response.statusCode })),
      );
      socket.once('error', reject);
    });
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  /** The first frame from `from` on that matches, once it has come. */
  async next(match: (message: PartySocket['frames'][number]['message']) => boolean, from = 0) {
    for (;;) {
      const found = this.frames.slice(from).find((frame) => match(frame.message));
      if (found) return found.message;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  close(): void {
    this.socket.close();
  }
}
