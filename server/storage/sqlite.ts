import { sqliteReportRepository } from '../admin/sqlite.js';
import { sqliteCircleRepository } from '../circle/sqlite.js';
import type { Config } from '../config.js';
import { WalCheckpointer } from '../db/checkpointer.js';
import { type Db, openDatabase } from '../db/database.js';
import { GroupCommit } from '../db/group-commit.js';
import { seedQuestions } from '../db/seed.js';
import { sqliteGameRepository } from '../games/sqlite.js';
import { responseWriter } from '../games/sqlite-responses.js';
import { sqliteNoteRepository } from '../notes/sqlite.js';
import { MIGRATIONS_DIR, SEED_DIR } from '../paths.js';
import { sqlitePushRepository } from '../push/sqlite.js';
import type { BankOptions } from '../questions/bank.js';
import { readQuestionBanks, seedRows } from '../questions/seed.js';
import { sqliteQuestionRepository } from '../questions/sqlite.js';
import { sqliteRoundRepository } from '../rounds/sqlite.js';
import { sqliteReplyRepository } from '../share/sqlite.js';
import type { Storage, StorageOptions } from './storage.js';

export interface SqliteStorage extends Storage {
  kind: 'sqlite';
  db: Db;
  /** The WAL checkpointer's thread (undefined in memory). */
  checkpointer: WalCheckpointer | undefined;
}

/** The SQLite file path of a `sqlite:` URL (`:memory:` for an in-memory database). */
function sqlitePath(databaseUrl: string): string {
  return databaseUrl.slice('sqlite:'.length);
}

interface SqliteOpenOptions extends BankOptions {
  migrations: string;
  /** The question-bank folder loaded into the questions table. */
  seed: string;
}

/** Opens the SQLite database (see openDatabase), migrated, with the question banks of `seed` loaded. */
export function openSqliteDatabase(
  path: string,
  { migrations, seed, ...bank }: SqliteOpenOptions = { migrations: MIGRATIONS_DIR, seed: SEED_DIR },
): Db {
  const db = openDatabase(path, migrations);
  seedQuestions(db, readQuestionBanks(seed, bank));
  return db;
}

/** Opens the SQLite database of a `sqlite:` DATABASE_URL with its repositories; this one process is the bus. */
export async function openSqliteStorage(config: Config, options: StorageOptions): Promise<SqliteStorage> {
  const db = openDatabase(sqlitePath(config.DATABASE_URL), MIGRATIONS_DIR);
  seedQuestions(db, seedRows(options.bank));
  // The log is copied into the file in a worker thread, never inside a commit on the event loop.
  const checkpointer = WalCheckpointer.start(db, { log: options.log });
  // Friends answering at the same moment are stored in one transaction (see GroupCommit).
  const responses = new GroupCommit(db, responseWriter(db));
  const rounds = sqliteRoundRepository(db, options.bus);
  return {
    kind: 'sqlite',
    db,
    checkpointer,
    bus: options.bus,
    games: sqliteGameRepository(db, options.bus, responses),
    questions: sqliteQuestionRepository(db),
    rounds,
    circle: sqliteCircleRepository(db),
    push: sqlitePushRepository(db),
    reports: sqliteReportRepository(db),
    replies: sqliteReplyRepository(db, options.bus),
    settle: async () => checkpointer?.settle(),
    notes: sqliteNoteRepository(db, options.bus),
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      // Responses still queued are stored before the connection closes.
      responses.flush();
      rounds.flush();
      // The worker's connection first: the main one, closed last, makes the final checkpoint.
      await checkpointer?.close();
      db.close();
    },
  };
}
