import type { CircleRepository } from '../circle/repository.js';
import { sqliteCircleRepository } from '../circle/sqlite.js';
import { type Config, questionsDir } from '../config.js';
import type { GameEventBus } from '../events/bus.js';
import type { GameRepository } from '../games/repository.js';
import { sqliteGameRepository } from '../games/sqlite.js';
import { responseWriter } from '../games/sqlite-responses.js';
import { MIGRATIONS_DIR } from '../paths.js';
import type { QuestionRepository } from '../questions/repository.js';
import { sqliteQuestionRepository } from '../questions/sqlite.js';
import { type Db, openDatabase } from './database.js';
import { GroupCommit } from './group-commit.js';
import type { Pool } from './postgres.js';
import { openPostgresStorage } from './postgres-storage.js';

/** Everything the app keeps, behind one interface per feature; handlers never learn which database it is. */
export interface Storage {
  games: GameRepository;
  questions: QuestionRepository;
  /** Friends' answers, for comparing friends with each other. */
  circle: CircleRepository;
  /** The bus that reaches every instance sharing this database (their live sockets, their caches). */
  bus: GameEventBus;
  /** Resolves if the database answers, rejects otherwise (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface SqliteStorage extends Storage {
  kind: 'sqlite';
  db: Db;
}

export interface PostgresStorage extends Storage {
  kind: 'postgres';
  pool: Pool;
}

/** The SQLite file path of a `sqlite:` URL (`:memory:` for an in-memory database). */
export function sqlitePath(databaseUrl: string): string {
  return databaseUrl.slice('sqlite:'.length);
}

export interface StorageOptions {
  /**
   * Delivers events to this instance's subscribers. With SQLite it is the whole bus (one
   * process writes); with PostgreSQL the LISTEN/NOTIFY bus feeds it from every instance.
   */
  bus: GameEventBus;
  log?: (message: string, error?: unknown) => void;
}

/** Opens the database named by DATABASE_URL: migrated and seeded, with its repositories and bus. */
export async function openStorage(config: Config, options: StorageOptions): Promise<SqliteStorage | PostgresStorage> {
  if (!config.DATABASE_URL.startsWith('sqlite:')) return openPostgresStorage(config, options);
  const db = openDatabase(sqlitePath(config.DATABASE_URL), {
    migrations: MIGRATIONS_DIR,
    seed: questionsDir(config),
    questionsPerGame: config.QUESTIONS_PER_GAME,
  });
  // Friends answering at the same moment are stored in one transaction (see GroupCommit).
  const responses = new GroupCommit(db, responseWriter(db));
  return {
    kind: 'sqlite',
    db,
    bus: options.bus,
    games: sqliteGameRepository(db, options.bus, responses),
    questions: sqliteQuestionRepository(db),
    circle: sqliteCircleRepository(db),
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      // Responses still queued are stored before the connection closes.
      responses.flush();
      db.close();
    },
  };
}
