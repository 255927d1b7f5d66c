import type { FastifyInstance } from 'fastify';
import { betweenBatches, DAY_MS, everyDay, PURGE_BATCH_SIZE } from '../games/retention.js';
import type { Parties } from './parties.js';
import type { PartyRepository } from './repository.js';

interface PartyRetentionOptions {
  repository: Pick<PartyRepository, 'deleteCreatedBefore'>;
  parties: Pick<Parties, 'forget'>;
  /** What else goes with a deleted party (its story cards). */
  onDeleted?: (partyId: string) => Promise<void>;
  /** GAME_RETENTION_DAYS: parties are kept as games are; 0 keeps them forever. */
  days: number;
  now: () => number;
  /** Storage.settle: waited for between batches, as the games' purge does (SQLite's log copied off the event loop). */
  settle?: () => Promise<void>;
}

/**
 * Parties are kept as long as games (GAME_RETENTION_DAYS): the older ones (ended or abandoned) are
 * deleted at start-up and then daily, in batches as games are (games/retention.ts), and their
 * sockets close as an unknown party's.
 */
export async function registerPartyRetention(app: FastifyInstance, options: PartyRetentionOptions): Promise<void> {
  const { repository, parties, days, now, onDeleted, settle } = options;
  if (days === 0) return;

  async function purge(): Promise<void> {
    const cutoff = now() - days * DAY_MS;
    for (;;) {
      const deleted = await repository.deleteCreatedBefore(cutoff, PURGE_BATCH_SIZE);
      for (const partyId of deleted) {
        await parties.forget(partyId);
        await onDeleted?.(partyId).catch((error: unknown) =>
          app.log.warn({ err: error }, "removing a deleted party's cards failed"),
        );
      }
      if (deleted.length < PURGE_BATCH_SIZE) break;
      await betweenBatches(settle);
    }
  }

  await everyDay(app, 'party retention purge', purge);
}
