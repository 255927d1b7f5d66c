import { postgresReportRepository } from '../admin/postgres.js';
import { postgresCircleRepository } from '../circle/postgres.js';
import type { Config } from '../config.js';
import { writeBatchMetrics } from '../db/batch-metrics.js';
import { BatchedCalls } from '../db/batched-calls.js';
import { DatabasePool, endPool, type Pool, preparePostgres } from '../db/postgres.js';
import type { CommitAnnouncer } from '../events/announcer.js';
import type { GameEventBus } from '../events/bus.js';
import { notifyingAnnouncer } from '../events/postgres-announce.js';
import { PostgresEventBus } from '../events/postgres-bus.js';
import { publishingAnnouncer } from '../events/redis-announce.js';
import { RedisEventBus } from '../events/redis-bus.js';
import { postgresGameRepository } from '../games/postgres.js';
import { postgresResponseWriter } from '../games/postgres-responses.js';
import { postgresNoteRepository } from '../notes/postgres.js';
import { POSTGRES_MIGRATIONS_DIR } from '../paths.js';
import { postgresPushRepository } from '../push/postgres.js';
import { postgresQuestionRepository } from '../questions/postgres.js';
import { seedRows } from '../questions/seed.js';
import { postgresRoundRepository, postgresRoundWriter } from '../rounds/postgres.js';
import { postgresReplyRepository } from '../share/postgres.js';
import type { Storage, StorageOptions } from './storage.js';

export interface PostgresStorage extends Storage {
  kind: 'postgres';
  pool: Pool;
}

/** The bus between instances, and how the repositories announce their writes on it. */
interface CrossInstanceBus {
  bus: GameEventBus & { readonly listening: boolean; start(): Promise<void>; close(): Promise<void> };
  announcer: CommitAnnouncer;
}

/**
 * BUS_URL's Redis pub/sub, else LISTEN/NOTIFY on the database. Either reconnects by itself, with
 * backoff, and resyncs its subscribers.
 */
function crossInstanceBus(
  config: Config,
  options: StorageOptions,
  log: (message: string, error?: unknown) => void,
): CrossInstanceBus {
  if (config.BUS_URL) {
    const bus = new RedisEventBus({
      url: config.BUS_URL,
      channel: options.busChannel,
      local: options.bus,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      log,
    });
    return { bus, announcer: publishingAnnouncer(bus) };
  }
  const bus = new PostgresEventBus({
    connectionString: config.DATABASE_URL,
    connectionTimeoutMillis: config.DATABASE_CONNECT_TIMEOUT_MS,
    local: options.bus,
    log,
  });
  return { bus, announcer: notifyingAnnouncer(bus) };
}

/**
 * Opens a PostgreSQL database shared by any number of instances: a pool of DATABASE_POOL_SIZE
 * connections, the schema migrated and the banks seeded (once, under a lock), and the bus between
 * instances (LISTEN/NOTIFY on its own connection, or Redis pub/sub).
 */
export async function openPostgresStorage(config: Config, options: StorageOptions): Promise<PostgresStorage> {
  const log = options.log ?? (() => {});
  const connection = {
    connectionString: config.DATABASE_URL,
    connectionTimeoutMillis: config.DATABASE_CONNECT_TIMEOUT_MS,
    // Every statement of ours is named (prepared once per connection). Left to itself, PostgreSQL
    // plans the batched writes (unnest of array parameters, several CTEs) afresh on every run,
    // finding a custom plan cheaper than the generic one: about 0.8 ms of its CPU per batch, more
    // than running it. A generic plan is planned once per connection; our other statements are
    // look-ups by key, for which it is the plan anyway. Set at connection start-up (no query).
    options: '-c plan_cache_mode=force_generic_plan',
  };
  // keepAlive: a peer gone without closing (a failover that moved the address) is found out.
  const pool = new DatabasePool({ ...connection, max: config.DATABASE_POOL_SIZE, keepAlive: true });
  // An idle pooled connection that dies (database restart) is replaced on next use; never a crash.
  // (A checked-out one is inTransaction's to listen to.)
  pool.on('error', (error) => log('an idle database connection failed', error));
  const { bus, announcer } = crossInstanceBus(config, options, log);
  try {
    await preparePostgres(pool, POSTGRES_MIGRATIONS_DIR, seedRows(options.bank));
    await bus.start();
  } catch (error) {
    await bus.close();
    await endPool(pool);
    throw error;
  }
  // Friends answering at the same moment are stored in one statement (see BatchedCalls).
  // With push on, the same statement counts each friend on their game's subscriptions. Three
  // batches under way, not two: while one commits (notifying commits go one at a time) the next
  // is ready to, as with pgbench's 10 / batch clients (bench/pg.ts, issue 46). A lone write waits
  // for a second while one is under way: a third of the statements stored one answer before.
  const writes = { concurrency: 3, pairWhileBusy: true };
  const batchMetrics = writeBatchMetrics();
  const responses = new BatchedCalls(postgresResponseWriter(pool, announcer, config.PUSH_SERVICE_HOSTS.length > 0), {
    ...writes,
    observe: batchMetrics.observer('log-response'),
  });
  // Rounds the same way (see postgresRoundWriter).
  const rounds = postgresRoundRepository(
    pool,
    new BatchedCalls(postgresRoundWriter(pool, announcer), {
      ...writes,
      observe: batchMetrics.observer('answer-round'),
    }),
  );
  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    busConnected: () => bus.listening,
    metrics: batchMetrics.registry,
    pool,
    bus,
    games: postgresGameRepository(pool, announcer, responses),
    questions: postgresQuestionRepository(pool),
    rounds,
    circle: postgresCircleRepository(pool),
    push: postgresPushRepository(pool),
    reports: postgresReportRepository(pool),
    replies: postgresReplyRepository(pool, announcer),
    notes: postgresNoteRepository(pool, announcer),
    async ping() {
      await pool.query('SELECT 1');
    },
    close() {
      // Responses still queued are stored (and announced) before the pool and the listener close.
      closing ??= Promise.all([responses.drain(), rounds.drain()])
        .then(() => bus.close())
        .then(() => endPool(pool));
      return closing;
    },
  };
}
