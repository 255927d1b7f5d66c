import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS_DIR } from '../paths.js';
import { applyMigrations } from './migrate.js';

export type Db = Database.Database;

/** Pages of log after which a commit checkpoints (when no WalCheckpointer does it off the event loop). */
export const AUTOCHECKPOINT_PAGES = 8000;

/** The settings the connection is opened with (SQLite keeps most of them per connection, not in the file). */
function setConnectionPragmas(db: Db): void {
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  // A checkpoint copies each page once however often the log has it: checkpointing every 8,000
  // pages (32 MiB of log) instead of SQLite's 1,000 copies far fewer pages per stored response
  // (log-response 95 → 80 µs of CPU, npm run bench). Such a checkpoint runs inside a commit and
  // holds the event loop for its whole time, so the server's connection turns them off and
  // checkpoints in a worker thread instead (checkpointer.ts); scripts and tests keep these.
  db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  // Up to 32 MiB of pages in memory (SQLite's default is 2 MiB): the responses' indexes are
  // written at random places (player ids are random), and stay in memory as the games grow.
  db.pragma('cache_size = -32768');
}

/**
 * The SQLite file's folder cannot be created or written (a root-owned bind mount, a container run
 * with another --user): SQLite needs to write the file and its -wal and -shm files beside it.
 */
export class DatabaseFolderError extends Error {
  constructor(
    readonly folder: string,
    cause: unknown,
  ) {
    super(`Cannot write to the database folder ${folder}: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'DatabaseFolderError';
  }
}

/** What SQLite (or the file system) answers when a file or its folder may not be written. */
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_PERM']);
const unwritable = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === 'string' && UNWRITABLE.has((error as { code: string }).code);

/** Creates the file's folder if needed and checks that this process may write the folder and the file. */
function checkWritable(folder: string, path: string): void {
  try {
    mkdirSync(folder, { recursive: true });
    accessSync(folder, constants.W_OK | constants.X_OK);
    if (existsSync(path)) accessSync(path, constants.R_OK | constants.W_OK);
  } catch (error) {
    throw unwritable(error) ? new DatabaseFolderError(folder, error) : error;
  }
}

/**
 * Opens the database, sets the pragmas every connection needs and brings the schema up to date.
 * The one place that owns the connection. (The question banks are loaded by storage/sqlite.ts.)
 * A folder it may not write is a DatabaseFolderError, never SQLite's own stack.
 */
export function openDatabase(path: string, migrations = MIGRATIONS_DIR): Db {
  const folder = path === ':memory:' ? undefined : dirname(resolve(path));
  if (folder !== undefined) checkWritable(folder, path);
  let db: Db;
  try {
    db = new Database(path);
    setConnectionPragmas(db);
  } catch (error) {
    throw folder !== undefined && unwritable(error) ? new DatabaseFolderError(folder, error) : error;
  }
  applyMigrations(db, migrations);
  return db;
}
