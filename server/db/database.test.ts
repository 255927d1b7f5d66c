import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, SEED_DIR } from '../paths.js';
import { openSqliteDatabase } from '../storage/sqlite.js';
import { openDatabase } from './database.js';
import { applyMigrations, readMigrations } from './migrate.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'wavelength-db-'));

describe('migrations', () => {
  it('applies each file once, in order, and records it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, '002_more.sql'), 'CREATE TABLE b (id INTEGER);');
    writeFileSync(join(dir, '001_first.sql'), 'CREATE TABLE a (id INTEGER);');
    const db = new Database(':memory:');
    expect(applyMigrations(db, dir)).toEqual(['001_first.sql', '002_more.sql']);
    expect(applyMigrations(db, dir)).toEqual([]);
    writeFileSync(join(dir, '003_again.sql'), 'ALTER TABLE a ADD COLUMN name TEXT;');
    expect(applyMigrations(db, dir)).toEqual(['003_again.sql']);
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual([1, 2, 3]);
  });

  it('refuses two files with the same number', () => {
    const dir = tempDir();
    writeFileSync(join(dir, '001_a.sql'), 'SELECT 1;');
    writeFileSync(join(dir, '001_b.sql'), 'SELECT 1;');
    expect(() => readMigrations(dir)).toThrow(/share the number 1/);
  });

  it('rolls back every pending migration when one fails', () => {
    const dir = tempDir();
    writeFileSync(join(dir, '001_ok.sql'), 'CREATE TABLE a (id INTEGER);');
    writeFileSync(join(dir, '002_broken.sql'), 'CREATE TABLE oops (;');
    const db = new Database(':memory:');
    expect(() => applyMigrations(db, dir)).toThrow();
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'a'").pluck().get()).toBe(0);
  });
});

describe('openDatabase', () => {
  it('uses WAL, foreign keys, a busy timeout and the checkpoint and cache sizes, and keeps data across restarts', () => {
    const path = join(tempDir(), 'nested', 'wavelength.db');
    const db = openDatabase(path);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(8000);
    expect(db.pragma('cache_size', { simple: true })).toBe(-32768);
    db.prepare(
      "INSERT INTO games (id, edition, creator_user_id, creator_name, created_at) VALUES ('g1', 'classic', 'u', 'n', 0)",
    ).run();
    db.close();
    const again = openDatabase(path);
    expect(again.prepare('SELECT count(*) FROM games').pluck().get()).toBe(1);
    again.close();
  });

  it('seeds the question banks idempotently', () => {
    const path = join(tempDir(), 'w.db');
    const snapshot = (db: Database.Database) => db.prepare('SELECT * FROM questions ORDER BY id').all();
    const first = openSqliteDatabase(path);
    const before = snapshot(first);
    first.close();
    const second = openSqliteDatabase(path);
    expect(before.length).toBeGreaterThanOrEqual(120);
    expect(snapshot(second)).toEqual(before);
    second.close();
  });

  it('deactivates a question that left the bank but keeps it for old games', () => {
    const seed = tempDir();
    const spectrum = JSON.parse(readFileSync(join(SEED_DIR, 'spectrum.json'), 'utf8'));
    writeFileSync(join(seed, 'spectrum.json'), JSON.stringify(spectrum));
    writeFileSync(join(seed, 'classic.json'), readFileSync(join(SEED_DIR, 'classic.json')));
    const path = join(tempDir(), 'w.db');
    openSqliteDatabase(path, { migrations: MIGRATIONS_DIR, seed }).close();
    writeFileSync(join(seed, 'spectrum.json'), JSON.stringify(spectrum.slice(1)));
    const db = openSqliteDatabase(path, { migrations: MIGRATIONS_DIR, seed });
    expect(db.prepare('SELECT active FROM questions WHERE id = ?').pluck().get(spectrum[0].id)).toBe(0);
    db.close();
  });
});
