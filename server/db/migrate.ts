import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';

const FILE_PATTERN = /^(\d+)_[\w-]+\.sql$/;

interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Reads `NNN_name.sql` files in order; a duplicate number or a stray file is an error. */
export function readMigrations(dir: string): Migration[] {
  const migrations: Migration[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.sql')) continue;
    const match = FILE_PATTERN.exec(name);
    if (!match) throw new Error(`Migration file ${name} must be named NNN_description.sql`);
    const version = Number(match[1]);
    const clash = migrations.find((m) => m.version === version);
    if (clash) throw new Error(`Migrations ${clash.name} and ${name} share the number ${version}`);
    migrations.push({ version, name, sql: readFileSync(join(dir, name), 'utf8') });
  }
  return migrations.sort((a, b) => a.version - b.version);
}

/**
 * Applies the migrations not yet recorded, in order, all inside one transaction. Returns their names.
 * Foreign keys are off meanwhile (SQLite's way to rebuild a table others refer to: dropping it must
 * delete nothing), and checked before the transaction commits: a migration that leaves a row
 * referring to nothing rolls back.
 */
export function applyMigrations(db: Database.Database, dir: string): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .pluck()
      .all()
      .map((v) => Number(v)),
  );
  const pending = readMigrations(dir).filter((m) => !applied.has(m.version));
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  if (pending.length === 0) return [];
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) === 1;
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      for (const migration of pending) {
        db.exec(migration.sql);
        record.run(migration.version, migration.name, Date.now());
      }
      const broken = db.pragma('foreign_key_check') as unknown[];
      if (broken.length > 0) throw new Error(`Migrations left ${broken.length} rows referring to nothing`);
    })();
  } finally {
    if (foreignKeys) db.pragma('foreign_keys = ON');
  }
  return pending.map((m) => m.name);
}
