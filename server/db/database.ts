import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS_DIR } from '../paths.js';
import { applyMigrations } from './migrate.js';

export type Db = Database.Database;

/** The settings the connection is opened with (SQLite keeps most of them per connection, not in the file). */
function setConnectionPragmas(db: Db): void {
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  // A checkpoint copies each page once however often the log has it: checkpointing every 8,000
  // pages (32 MiB of log) instead of SQLite's 1,000 copies far fewer pages per stored response
  // (log-response 95 → 80 µs of CPU, npm run bench). Each checkpoint takes longer, and only
  // comes under a heavy write load.
  db.pragma('wal_autocheckpoint = 8000');
  // Up to 32 MiB of pages in memory (SQLite's default is 2 MiB): the responses' indexes are
  // written at random places (player ids are random), and stay in memory as the games grow.
  db.pragma('cache_size = -32768');
}

/**
 * Opens the database, sets the pragmas every connection needs and brings the schema up to date.
 * The one place that owns the connection. (The question banks are loaded by storage/sqlite.ts.)
 */
export function openDatabase(path: string, migrations = MIGRATIONS_DIR): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  setConnectionPragmas(db);
  applyMigrations(db, migrations);
  return db;
}
