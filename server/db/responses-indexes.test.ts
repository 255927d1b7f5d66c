import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths.js';
import { applyMigrations } from './migrate.js';

const BEFORE_004 = ['001_init.sql', '002_creator_controls.sql', '003_responses_count.sql'];

/** A database as it was before migration 004, with friends (one removed) in two games. */
function databaseBefore004() {
  const dir = mkdtempSync(join(tmpdir(), 'wavelength-migrations-'));
  for (const name of BEFORE_004) copyFileSync(join(MIGRATIONS_DIR, name), join(dir, name));
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  applyMigrations(db, dir);
  const insertGame = db.prepare(
    "INSERT INTO games (id, edition, creator_user_id, creator_name, created_at) VALUES (?, 'classic', 'c', 'C', 0)",
  );
  for (const id of ['a', 'b']) insertGame.run(id);
  const respond = db.prepare(
    `INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at)
     VALUES (?, ?, ?, ?, '[1,2]', ?, ?)`,
  );
  respond.run('a', 'u0', 'p0', 'Ann', 70, 1);
  respond.run('a', 'u1', 'p1', 'Bo', 30, 2);
  respond.run('b', 'u0', 'p2', 'Ann', 100, 3);
  db.prepare("UPDATE responses SET removed_at = 9 WHERE public_id = 'p1'").run();
  return db;
}

const rows = (db: Database.Database) => db.prepare('SELECT * FROM responses ORDER BY id').all();
const counts = (db: Database.Database) =>
  db.prepare('SELECT id, responses_count FROM games ORDER BY id').raw().all() as [string, number][];

describe('responses with fewer indexes (migration 004)', () => {
  it('keeps every response, id and friend count, and only the one-response-per-player index', () => {
    const db = databaseBefore004();
    const before = rows(db);
    expect(applyMigrations(db, MIGRATIONS_DIR)).toContain('004_responses_fewer_indexes.sql');
    expect(rows(db)).toEqual(before);
    expect(counts(db)).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'responses'").all();
    expect(indexes).toEqual([{ name: 'sqlite_autoindex_responses_1' }]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });

  it('still refuses a second response of one player, counts inserts and deletions, and cascades with the game', () => {
    const db = databaseBefore004();
    applyMigrations(db, MIGRATIONS_DIR);
    const respond = db.prepare(
      `INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at)
       VALUES (?, ?, ?, 'Cy', '[]', 50, 5) ON CONFLICT (game_id, player_user_id) DO NOTHING`,
    );
    expect(respond.run('a', 'u2', 'p3').changes).toBe(1);
    expect(respond.run('a', 'u2', 'p4').changes).toBe(0);
    expect(() =>
      db.prepare("INSERT INTO responses VALUES (NULL, 'a', 'u2', 'p5', 'X', '[]', 1, 0, NULL)").run(),
    ).toThrow(/UNIQUE/);
    db.prepare("DELETE FROM responses WHERE game_id = 'b'").run();
    expect(counts(db)).toEqual([
      ['a', 3],
      ['b', 0],
    ]);
    db.prepare("DELETE FROM games WHERE id = 'a'").run();
    expect(db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(0);
  });
});
