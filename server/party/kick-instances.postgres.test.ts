/**
 * A kick across real server processes: the host's phone on one instance, the kicked player's on
 * the other (two instances on one PostgreSQL database, LISTEN/NOTIFY between them). The kick is
 * stored by one and heard by the other over the bus, whose room shuts the player's socket there.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PARTY_CLOSE_KICKED } from '../../shared/party.js';
import { createParty, type PartyCluster, Phone, partyCluster, post } from '../testing/party-cluster.js';
import type { ServerProcess } from '../testing/process.js';

const WAIT_MS = 10_000;

describe('a kick on one instance', () => {
  it('closes the kicked player’s socket on the other, and keeps them out there', async () => {
    const cluster: PartyCluster = await partyCluster(2);
    const live = () => cluster.servers.filter((server): server is ServerProcess => server !== undefined);
    const phones: Phone[] = [];
    try {
      const [a, b] = live();
      const ada = randomUUID();
      const partyId = await createParty(a, ada, { format: 'alike' });
      const host = new Phone('Ada', partyId, live, ada);
      const bo = new Phone('Bo', partyId, live);
      phones.push(host, bo);
      const joined = await post(b, 'join-party', { partyId, userId: bo.userId, userName: 'Bo' });
      expect(joined.status).toBe(200);
      const boID = String(joined.body.playerID);

      await host.connect(a);
      await bo.connect(b);
      await bo.next((m) => m.type === 'party' && m.me !== undefined, WAIT_MS);

      const kick = await post(a, 'party-command', { partyId, userId: ada, command: 'kick', playerID: boID });
      expect(kick.status).toBe(200);
      expect(await bo.closeCode(0, WAIT_MS)).toBe(PARTY_CLOSE_KICKED);
      // The host's screen, on the instance that stored the kick, no longer seats Bo.
      await host.next(
        (m) => m.type === 'party' && !(m.players as { playerID: string }[]).some((p) => p.playerID === boID),
        WAIT_MS,
      );

      // Coming back on the other instance changes nothing: shut out again, and refused a seat.
      await bo.connect(b);
      expect(await bo.closeCode(1, WAIT_MS)).toBe(PARTY_CLOSE_KICKED);
      const rejoin = await post(b, 'join-party', { partyId, userId: bo.userId, userName: 'Bo' });
      expect(rejoin.status).toBe(403);
      expect(rejoin.body.code).toBe('party_kicked');
    } finally {
      for (const phone of phones) phone.close();
      await cluster.close();
    }
  }, 60_000);
});
