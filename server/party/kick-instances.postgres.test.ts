/**
 * A kick across real server processes: the host's phone on one instance, the kicked player's on
 * the other (two instances on one PostgreSQL database, LISTEN/NOTIFY between them). The kick is
 * stored by one and heard by the other over the bus, whose room shuts the player's socket there.
 */

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PARTY_CLOSE_KICKED } from '../../shared/party.js';
import { type PartyCluster, type PartyFrame, partyCluster, post } from '../testing/party-cluster.js';
import type { ServerProcess } from '../testing/process.js';

/** A phone's socket on `server` that has said hello: its frames, and its close code once closed. */
async function phoneOn(server: ServerProcess, partyId: string, userId: string) {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/prod/party-live/${partyId}`);
  const frames: PartyFrame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as PartyFrame));
  const closed = once(socket, 'close').then(([code]) => code as number);
  await once(socket, 'open');
  socket.send(JSON.stringify({ type: 'hello', userId }));
  return { socket, frames, closed };
}

/** `promise`, or a failure naming `what` after `timeoutMs`. */
function within<T>(promise: Promise<T>, what: string, timeoutMs = 10_000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs),
    ),
  ]);
}

async function until<T>(look: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a kick on one instance', () => {
  it('closes the kicked player’s socket on the other, and keeps them out there', async () => {
    const cluster: PartyCluster = await partyCluster(2);
    const sockets: WebSocket[] = [];
    try {
      const [a, b] = cluster.servers as ServerProcess[];
      const ada = randomUUID();
      const bo = randomUUID();
      const created = await post(a, 'create-party', {
        userId: ada,
        userName: 'Ada',
        gameType: 'Spectrum',
        format: 'alike',
      });
      expect(created.status).toBe(200);
      const partyId = String(created.body.partyId);
      const joined = await post(b, 'join-party', { partyId, userId: bo, userName: 'Bo' });
      expect(joined.status).toBe(200);
      const boID = String(joined.body.playerID);

      const host = await phoneOn(a, partyId, ada);
      const phone = await phoneOn(b, partyId, bo);
      sockets.push(host.socket, phone.socket);
      await until(() => phone.frames.find((m) => m.type === 'party' && m.me !== undefined), 'state with me');

      const kick = await post(a, 'party-command', { partyId, userId: ada, command: 'kick', playerID: boID });
      expect(kick.status).toBe(200);
      expect(await within(phone.closed, 'close of the kicked socket')).toBe(PARTY_CLOSE_KICKED);
      // The host's screen, on the instance that stored the kick, no longer seats Bo.
      await until(
        () =>
          host.frames.findLast(
            (m) => m.type === 'party' && !(m.players as { playerID: string }[]).some((p) => p.playerID === boID),
          ),
        'a state without Bo',
      );

      // Coming back on the other instance changes nothing: shut out again, and refused a seat.
      const again = await phoneOn(b, partyId, bo);
      sockets.push(again.socket);
      expect(await within(again.closed, 'close of the returning socket')).toBe(PARTY_CLOSE_KICKED);
      const rejoin = await post(b, 'join-party', { partyId, userId: bo, userName: 'Bo' });
      expect(rejoin.status).toBe(403);
      expect(rejoin.body.code).toBe('party_kicked');
    } finally {
      for (const socket of sockets) socket.close();
      await cluster.close();
    }
  }, 60_000);
});
