import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS_DIR, SEED_DIR } from '../paths.js';
import { applyMigrations } from './migrate.js';
import { seedQuestions } from './seed.js';

export type Db = Database.Database;

/**
 * Opens the database, sets the pragmas every connection needs, brings the schema up to date
 * and loads the question banks. The one place that owns the connection.
 */
export interface OpenOptions {
  migrations: string;
  /** The question-bank folder loaded into the questions table. */
  seed: string;
  /** Fewer questions than this in an edition is a BankError. */
  questionsPerGame?: number;
}

/** The settings every connection to the database needs (the main one and the writer thread's). */
export function setConnectionPragmas(db: Db): void {
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
}

export function openDatabase(path: string, options: OpenOptions = { migrations: MIGRATIONS_DIR, seed: SEED_DIR }): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  setConnectionPragmas(db);
  applyMigrations(db, options.migrations);
  seedQuestions(db, options.seed, { questionsPerGame: options.questionsPerGame });
  return db;
}
