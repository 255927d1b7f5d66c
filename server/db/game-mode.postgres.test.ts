import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POSTGRES_MIGRATIONS_DIR, SEED_DIR } from '../paths.js';
import { readQuestionBanks } from '../questions/seed.js';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.js';
import { endPool, preparePostgres } from './postgres.js';

let database: TestDatabase;
let pool: pg.Pool;
const bank = readQuestionBanks(SEED_DIR);

beforeEach(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
});
afterEach(async () => {
  await endPool(pool);
  await database.drop();
});

const insertGame = (id: string, mode?: string) =>
  pool.query(
    mode === undefined
      ? "INSERT INTO games (id, edition, creator_user_id, creator_name, created_at) VALUES ($1, 'classic', 'c', 'C', 0)"
      : "INSERT INTO games (id, edition, creator_user_id, creator_name, created_at, mode) VALUES ($1, 'classic', 'c', 'C', 0, $2)",
    mode === undefined ? [id] : [id, mode],
  );

describe("a game's mode in PostgreSQL (migration 014)", () => {
  it('takes any mode the table names without a schema change; every game keeps its mode', async () => {
    const before = mkdtempSync(join(tmpdir(), 'wavelength-pg-migrations-'));
    // 017 too: it adds the questions' packs, which the start-up's seeding writes (and nothing of modes).
    for (const name of readdirSync(POSTGRES_MIGRATIONS_DIR).filter((file) => /^0(0\d|1[0-3]|17)_/.test(file)))
      copyFileSync(join(POSTGRES_MIGRATIONS_DIR, name), join(before, name));
    await preparePostgres(pool, before, bank);
    await insertGame('a');
    await insertGame('g', 'guess');
    await expect(insertGame('x', 'party')).rejects.toThrow(/games_mode_check/);

    expect(await preparePostgres(pool, POSTGRES_MIGRATIONS_DIR, bank)).toContain('016_game_mode_any.sql');
    await insertGame('x', 'party');
    await insertGame('y');
    const { rows } = await pool.query('SELECT id, mode FROM games ORDER BY id');
    expect(rows).toEqual([
      { id: 'a', mode: 'alike' },
      { id: 'g', mode: 'guess' },
      { id: 'x', mode: 'party' },
      { id: 'y', mode: 'alike' },
    ]);
  });
});
