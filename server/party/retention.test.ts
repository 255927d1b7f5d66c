import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PURGE_BATCH_SIZE } from '../games/retention.js';
import { registerPartyRetention } from './retention.js';

/** `count` parties past the retention, deleted in batches; the log notes each batch, turn, settle and forget. */
function oldParties(count: number) {
  let left = count;
  const log: string[] = [];
  const repository = {
    async deleteCreatedBefore(_cutoff: number, limit: number) {
      const deleted = Math.min(left, limit);
      left -= deleted;
      log.push(`batch ${deleted}`);
      // Queued now: it runs before the next batch only if the purge yields to the event loop.
      setImmediate(() => log.push('turn'));
      return Array.from({ length: deleted }, (_, i) => `party${left + i}`);
    },
  };
  const forgotten: string[] = [];
  const parties = { forget: async (partyId: string) => void forgotten.push(partyId) };
  return { repository, parties, log, forgotten, left: () => left };
}

describe("the parties' retention purge", () => {
  it('deletes in batches, yields and waits for the storage to settle between two (never after the last), and forgets each party', async () => {
    const { repository, parties, log, forgotten, left } = oldParties(2 * PURGE_BATCH_SIZE + 3);
    const app = Fastify();
    const cards: string[] = [];
    await registerPartyRetention(app, {
      repository,
      parties,
      days: 30,
      now: () => Date.now(),
      onDeleted: async (partyId) => void cards.push(partyId),
      settle: async () => void log.push('settle'),
    });
    expect(left()).toBe(0);
    expect(log).toEqual([
      `batch ${PURGE_BATCH_SIZE}`,
      'turn',
      'settle',
      `batch ${PURGE_BATCH_SIZE}`,
      'turn',
      'settle',
      'batch 3',
    ]);
    expect(forgotten).toHaveLength(2 * PURGE_BATCH_SIZE + 3);
    expect(cards).toEqual(forgotten);
    await app.close();
  });

  it('keeps every party when the retention is 0 days', async () => {
    const { repository, parties, log } = oldParties(5);
    const app = Fastify();
    await registerPartyRetention(app, { repository, parties, days: 0, now: () => Date.now() });
    expect(log).toEqual([]);
    await app.close();
  });
});
