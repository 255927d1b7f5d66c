import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths.js';
import { applyMigrations } from './migrate.js';

const insertResponse = `INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at)
  VALUES (?, ?, ?, 'Friend', '[]', 50, 0) ON CONFLICT (game_id, player_user_id) DO NOTHING`;

function countsOf(db: Database.Database) {
  return db
    .prepare(
      'SELECT id, responses_count AS kept, (SELECT count(*) FROM responses r WHERE r.game_id = g.id) AS counted FROM games g ORDER BY id',
    )
    .all();
}

describe('games.responses_count (migration 003)', () => {
  it('starts from the responses already stored, then follows inserts (not skipped duplicates), removals and deletions', () => {
    // A database as it was before migration 003, with friends already in it.
    const before = mkdtempSync(join(tmpdir(), 'wavelength-migrations-'));
    for (const name of ['001_init.sql', '002_creator_controls.sql'])
      copyFileSync(join(MIGRATIONS_DIR, name), join(before, name));
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    applyMigrations(db, before);
    const insertGame = db.prepare(
      "INSERT INTO games (id, edition, creator_user_id, creator_name, created_at) VALUES (?, 'spectrum', 'c', 'C', 0)",
    );
    for (const id of ['a', 'b', 'c']) insertGame.run(id);
    const respond = db.prepare(insertResponse);
    for (let i = 0; i < 3; i++) respond.run('a', `u${i}`, `p${i}`);
    respond.run('b', 'u0', 'p0');

    expect(applyMigrations(db, MIGRATIONS_DIR)).toContain('003_responses_count.sql');
    expect(countsOf(db)).toEqual([
      { id: 'a', kept: 3, counted: 3 },
      { id: 'b', kept: 1, counted: 1 },
      { id: 'c', kept: 0, counted: 0 },
    ]);

    respond.run('c', 'u0', 'p0');
    respond.run('c', 'u0', 'p1'); // the same friend again: skipped, not counted
    respond.run('a', 'u3', 'p3');
    // A removed friend still counts (removing jokers does not make room for more).
    db.prepare("UPDATE responses SET removed_at = 1 WHERE game_id = 'a' AND player_user_id = 'u0'").run();
    db.prepare("DELETE FROM responses WHERE game_id = 'b'").run();
    db.prepare("DELETE FROM games WHERE id = 'c'").run();
    expect(countsOf(db)).toEqual([
      { id: 'a', kept: 4, counted: 4 },
      { id: 'b', kept: 0, counted: 0 },
    ]);
  });
});
