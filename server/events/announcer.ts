import type { Pool, PoolClient } from '../db/postgres.js';
import type { GameEvent } from './bus.js';
import type { Announced } from './envelope.js';

/** Gathers one event of a write, announced once (and only if) the write commits. */
export type Announce = (gameId: string, event: GameEvent) => Promise<void>;

/**
 * How a self-committing statement (the responses' group commit) is told to announce: notify in
 * its own SQL, putting `echo` on its last notification, or not at all (the announcer publishes
 * its events after the commit).
 */
export type InSqlNotify = { notify: true; echo: string | null } | { notify: false };

/** What such a statement returns to its announcer. */
export interface StatementOutcome<T> {
  result: T;
  /** Notifications the statement sent itself (0 when it was told not to notify). */
  notifications: number;
  /** The events it stored, in commit order; asked for only by an announcer that publishes after the commit. */
  events: () => readonly Announced[];
}

/**
 * How the PostgreSQL repositories announce their writes to every instance, whichever bus carries
 * them: LISTEN/NOTIFY announces inside the transaction (postgres-announce.ts), Redis publishes
 * after the commit (redis-announce.ts). Either way a rolled-back write announces nothing, and a
 * write returns only once this instance has delivered its events (or cannot: the bus is down and
 * its subscribers resync when it is back), as with SQLite.
 */
export interface CommitAnnouncer {
  /** Runs `work` in one transaction in which `announce` gathers the events of the write. */
  transaction<T>(pool: Pool, work: (client: PoolClient, announce: Announce) => Promise<T>): Promise<T>;
  /**
   * Runs one statement that commits by itself, announcing what it reports it stored; calls
   * `committed` (if given) once the statement has committed, before waiting for its events here.
   */
  statement<T>(run: (sql: InSqlNotify) => Promise<StatementOutcome<T>>, committed?: () => void): Promise<T>;
}
