/**
 * The party wing (docs/api.md, "Party: play together, in one room"): its repository on the app's database, one room
 * per party (room.ts) driven by the stored clock (clock.ts), its calls (routes.ts) and its live
 * channel (live.ts). Registered inside the API's scope (server/api.ts).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Pool } from '../db/postgres.js';
import type { GameEventBus } from '../events/bus.js';
import type { QuestionRepository } from '../questions/repository.js';
import type { QuestionTexts } from '../questions/translations.js';
import { partyLiveRoutes } from './live.js';
import { CodeLookups } from './lookups.js';
import { PartyModeration } from './moderation.js';
import { Parties } from './parties.js';
import { postgresPartyRepository } from './postgres.js';
import type { PartyRepository } from './repository.js';
import { registerPartyRetention } from './retention.js';
import { type PartyClock, systemClock } from './room.js';
import { partyRoutes } from './routes.js';
import { sqlitePartyRepository } from './sqlite.js';

export type { PartyClock } from './room.js';

/** The app's database, as storage/ opened it, and its bus (which reaches every instance on it). */
export type PartyDatabase = ({ kind: 'sqlite'; db: Db } | { kind: 'postgres'; pool: Pool }) & { bus: GameEventBus };

export function partyRepositoryOf(storage: PartyDatabase): PartyRepository {
  return storage.kind === 'sqlite' ? sqlitePartyRepository(storage.db) : postgresPartyRepository(storage.pool);
}

export interface PartyOptions {
  config: Config;
  storage: PartyDatabase;
  questions: Pick<QuestionRepository, 'draw'>;
  texts: QuestionTexts;
  clock?: PartyClock;
  livePingIntervalMs?: number;
  /** What else goes when retention deletes a party (its story cards, server/cards/). */
  onDeleted?: (partyId: string) => Promise<void>;
  /** Storage.settle: the retention purge waits for it between batches. */
  settle?: () => Promise<void>;
}

/**
 * A party is played in one room, often on one Wi-Fi (one address): its phones (each with a second
 * socket for a moment while it reconnects) and its screen must fit under the cap.
 */
export function partySocketsPerAddress(config: Pick<Config, 'LIVE_SOCKETS_PER_ADDRESS' | 'PARTY_MAX_PLAYERS'>) {
  if (config.LIVE_SOCKETS_PER_ADDRESS === 0) return 0;
  return Math.max(config.LIVE_SOCKETS_PER_ADDRESS, 2 * config.PARTY_MAX_PLAYERS + 2);
}

/** A party wing of the app: its rooms, its data, its clock and the admin's hold on it. */
export interface PartyWing {
  parties: Parties;
  repository: PartyRepository;
  clock: PartyClock;
  moderation: PartyModeration;
}

/** Makes the wing; registerParty puts its calls and live channel on the API. */
export function createPartyWing(
  options: Pick<PartyOptions, 'config' | 'storage' | 'questions' | 'texts' | 'clock'>,
  log: (message: string, error: unknown) => void,
): PartyWing {
  const clock = options.clock ?? systemClock;
  const repository = partyRepositoryOf(options.storage);
  const parties = new Parties({
    repository,
    bus: options.storage.bus,
    // This instance, as the leases on party clocks name it (a new one at every start).
    instance: randomBytes(8).toString('hex'),
    texts: options.texts,
    clock,
    questions: options.questions,
    maxPlayers: options.config.PARTY_MAX_PLAYERS,
    log,
  });
  return { parties, repository, clock, moderation: new PartyModeration(parties, repository) };
}

/** Registers the party's calls and live channel on `api` (the /prod scope); carries on every open party. */
export async function registerParty(
  api: FastifyInstance,
  wing: PartyWing,
  options: Pick<PartyOptions, 'config' | 'livePingIntervalMs' | 'onDeleted' | 'settle'>,
): Promise<void> {
  const { parties, repository, clock } = wing;
  api.addHook('onClose', () => parties.stop());
  // Parties past their retention go before the rest are carried on.
  await registerPartyRetention(api, {
    repository,
    parties,
    days: options.config.GAME_RETENTION_DAYS,
    now: () => clock.now(),
    onDeleted: options.onDeleted,
    settle: options.settle,
  });
  await parties.resumeAll();
  await api.register(partyRoutes, { parties, repository, lookups: new CodeLookups(() => clock.now()) });
  await api.register(partyLiveRoutes, {
    parties,
    allowedOrigins: options.config.ALLOWED_ORIGINS,
    pingIntervalMs: options.livePingIntervalMs ?? 30_000,
    maxSocketsPerAddress: partySocketsPerAddress(options.config),
  });
}
