import { type Config, questionsDir } from '../config.js';
import type { GameEventBus } from '../events/bus.js';
import type { GameRepository } from '../games/repository.js';
import { sqliteGameRepository } from '../games/sqlite.js';
import { MIGRATIONS_DIR } from '../paths.js';
import type { QuestionRepository } from '../questions/repository.js';
import { sqliteQuestionRepository } from '../questions/sqlite.js';
import { type Db, openDatabase } from './database.js';

/** Everything the app keeps, behind one interface per feature; handlers never learn which database it is. */
export interface Storage {
  games: GameRepository;
  questions: QuestionRepository;
  /** Resolves if the database answers, rejects otherwise (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface SqliteStorage extends Storage {
  kind: 'sqlite';
  db: Db;
}

/** The SQLite file path of a `sqlite:` URL (`:memory:` for an in-memory database). */
export function sqlitePath(databaseUrl: string): string {
  return databaseUrl.slice('sqlite:'.length);
}

/** Opens the database named by DATABASE_URL: migrated and seeded, with its repositories. */
export async function openStorage(config: Config, bus: GameEventBus): Promise<SqliteStorage> {
  const db = openDatabase(sqlitePath(config.DATABASE_URL), {
    migrations: MIGRATIONS_DIR,
    seed: questionsDir(config),
    questionsPerGame: config.QUESTIONS_PER_GAME,
  });
  return {
    kind: 'sqlite',
    db,
    games: sqliteGameRepository(db, bus),
    questions: sqliteQuestionRepository(db),
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      db.close();
    },
  };
}
