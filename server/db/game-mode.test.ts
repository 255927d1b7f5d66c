import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths.js';
import { applyMigrations } from './migrate.js';

/** A database as it was before migration 014: the mode column's CHECK named 'alike' and 'guess'. */
function before014() {
  const dir = mkdtempSync(join(tmpdir(), 'wavelength-migrations-'));
  for (const name of readdirSync(MIGRATIONS_DIR).filter((file) => /^0(0\d|1[0-3])_/.test(file)))
    copyFileSync(join(MIGRATIONS_DIR, name), join(dir, name));
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  applyMigrations(db, dir);
  return db;
}

const insertGame = (db: Database.Database, id: string, mode?: string) =>
  mode === undefined
    ? db
        .prepare(
          "INSERT INTO games (id, edition, creator_user_id, creator_name, created_at) VALUES (?, 'classic', 'c', 'C', 0)",
        )
        .run(id)
    : db
        .prepare(
          "INSERT INTO games (id, edition, creator_user_id, creator_name, created_at, mode) VALUES (?, 'classic', 'c', 'C', 0, ?)",
        )
        .run(id, mode);

describe("a game's mode in SQLite (migration 014)", () => {
  it('takes any mode the table names without a schema change; every game keeps its mode and its friends', () => {
    const db = before014();
    insertGame(db, 'a');
    insertGame(db, 'g', 'guess');
    db.prepare(
      "INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at) VALUES ('g', 'u', 'p', 'Bo', '[]', 50, 0)",
    ).run();
    expect(() => insertGame(db, 'x', 'party')).toThrow(/CHECK/);

    expect(applyMigrations(db, MIGRATIONS_DIR)).toContain('016_game_mode_any.sql');
    expect(db.prepare('SELECT id, mode, responses_count AS friends FROM games ORDER BY id').all()).toEqual([
      { id: 'a', mode: 'alike', friends: 0 },
      { id: 'g', mode: 'guess', friends: 1 },
    ]);
    expect(db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(1);
    // The next mode: nothing to migrate.
    insertGame(db, 'x', 'party');
    insertGame(db, 'y');
    expect(db.prepare("SELECT mode FROM games WHERE id = 'y'").pluck().get()).toBe('alike');
    // Foreign keys are back on, and still cascade to the friends of a deleted game.
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.prepare("DELETE FROM games WHERE id = 'g'").run();
    expect(db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(0);
    // The friend count trigger still counts.
    db.prepare(
      "INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at) VALUES ('a', 'u', 'p', 'Bo', '[]', 50, 0)",
    ).run();
    expect(db.prepare("SELECT responses_count FROM games WHERE id = 'a'").pluck().get()).toBe(1);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
