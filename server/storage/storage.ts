import type { Registry } from 'prom-client';
import type { ReportRepository } from '../admin/repository.js';
import type { CircleRepository } from '../circle/repository.js';
import type { GameEventBus, InProcessEventBus } from '../events/bus.js';
import type { RoundRepository } from '../games/plays.js';
import type { GameRepository } from '../games/repository.js';
import type { NoteRepository } from '../notes/repository.js';
import type { PushRepository } from '../push/repository.js';
import type { BankQuestion } from '../questions/bank.js';
import type { QuestionRepository } from '../questions/repository.js';
import type { ReplyRepository } from '../share/repository.js';

/** Everything the app keeps, behind one interface per feature; handlers never learn which database it is. */
export interface Storage {
  games: GameRepository;
  questions: QuestionRepository;
  /** Friends' plays stored round by round (answer-round), until they finish. */
  rounds: RoundRepository;
  /** Friends' answers, for comparing friends with each other. */
  circle: CircleRepository;
  /** Web Push: the server's key pair and creators' subscriptions. */
  push: PushRepository;
  /** Reports of games, for the admin (server/admin/). */
  reports: ReportRepository;
  /** Games friends made back for a creator. */
  replies: ReplyRepository;
  /** Notes and reactions friends left creators. */
  notes: NoteRepository;
  /** The bus that reaches every instance sharing this database (their live sockets, their caches). */
  bus: GameEventBus;
  /**
   * Whether this instance hears the other instances' events now (PostgreSQL's LISTEN connection,
   * or BUS_URL's Redis subscription); undefined with SQLite, where there are no others.
   */
  busConnected?: () => boolean;
  /** Metrics of the database's own (PostgreSQL: its write batches, db/batch-metrics.ts), shown by /metrics. */
  metrics?: Registry;
  /**
   * For a bulk job between its batches (the retention purge): resolves once the database has taken
   * in what was written well enough to go on. SQLite: its log (WAL) copied back within its limit by
   * the checkpointer's thread (db/checkpointer.ts); at once elsewhere.
   */
  settle?: () => Promise<void>;
  /** Resolves if the database answers, rejects otherwise (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface StorageOptions {
  /**
   * Delivers events to this instance's subscribers. With SQLite it is the whole bus (one
   * process writes); with PostgreSQL the bus between instances (LISTEN/NOTIFY or Redis) feeds it.
   */
  bus: InProcessEventBus;
  /** The question banks, loaded and validated once (loadQuestionBank), seeded into the database. */
  bank: readonly BankQuestion[];
  /** The Redis channel of BUS_URL (tests give each their own); every instance of a deployment uses the default. */
  busChannel?: string;
  log?: (message: string, error?: unknown) => void;
}
