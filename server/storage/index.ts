/**
 * The storage layer: it assembles each feature's repositories (games/, questions/) on a database
 * that db/ opens, with the event bus (events/) that reaches every instance. It stands above the
 * features and db/, so that db/ only drives databases and no feature imports another's storage.
 */
import type { Config } from '../config.js';
import { openPostgresStorage, type PostgresStorage } from './postgres.js';
import { openSqliteStorage, type SqliteStorage } from './sqlite.js';
import type { StorageOptions } from './storage.js';

export type { PostgresStorage } from './postgres.js';
export type { SqliteStorage } from './sqlite.js';
export type { Storage, StorageOptions } from './storage.js';

/** Opens the database named by DATABASE_URL: migrated and seeded, with its repositories and bus. */
export async function openStorage(config: Config, options: StorageOptions): Promise<SqliteStorage | PostgresStorage> {
  if (!config.DATABASE_URL.startsWith('sqlite:')) return openPostgresStorage(config, options);
  return openSqliteStorage(config, options);
}
