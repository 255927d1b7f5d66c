import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POSTGRES_MIGRATIONS_DIR, SEED_DIR } from '../paths.js';
import { readQuestionBanks } from '../questions/seed.js';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.js';
import { readMigrations } from './migrate.js';
import { DatabasePool, endPool, inTransaction, preparePostgres } from './postgres.js';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable.js';

let database: TestDatabase;
const pools: pg.Pool[] = [];
const newPool = () => {
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pools.push(pool);
  return pool;
};
const tempDir = () => mkdtempSync(join(tmpdir(), 'wavelength-pg-'));
const bank = readQuestionBanks(SEED_DIR);

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(pools.splice(0).map(endPool));
  await database.drop();
});

describe('PostgreSQL migrations', () => {
  it('numbers its files like the SQLite ones', () => {
    const names = (dir: string) => readMigrations(dir).map((m) => m.version);
    expect(names(POSTGRES_MIGRATIONS_DIR)).toEqual(names(join(POSTGRES_MIGRATIONS_DIR, '..')));
  });

  it('applies each file once when several instances start at the same moment', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, '001_first.sql'),
      'CREATE TABLE questions (id TEXT PRIMARY KEY, edition TEXT, text TEXT, options TEXT, packs TEXT, active BOOLEAN);',
    );
    writeFileSync(join(dir, '002_more.sql'), 'CREATE TABLE b (id INTEGER);');
    const applied = await Promise.all([1, 2, 3, 4].map(() => preparePostgres(newPool(), dir, bank)));
    expect(applied.flat().sort()).toEqual(['001_first.sql', '002_more.sql']);
    writeFileSync(join(dir, '003_again.sql'), 'ALTER TABLE b ADD COLUMN name TEXT;');
    expect(await preparePostgres(newPool(), dir, bank)).toEqual(['003_again.sql']);
    const { rows } = await newPool().query('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual([1, 2, 3]);
  });

  it('rolls back every pending migration when one fails', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, '001_ok.sql'), 'CREATE TABLE a (id INTEGER);');
    writeFileSync(join(dir, '002_broken.sql'), 'CREATE TABLE oops (;');
    const pool = newPool();
    await expect(preparePostgres(pool, dir, bank)).rejects.toThrow();
    const { rows } = await pool.query(
      "SELECT count(*) AS count FROM pg_tables WHERE tablename IN ('a', 'schema_migrations')",
    );
    expect(rows[0].count).toBe(0);
  });
});

describe('PostgreSQL question seeding', () => {
  it('loads the banks idempotently and deactivates a question that left the bank', async () => {
    const pool = newPool();
    await preparePostgres(pool, POSTGRES_MIGRATIONS_DIR, bank);
    const snapshot = async () => (await pool.query('SELECT * FROM questions ORDER BY id')).rows;
    const before = await snapshot();
    expect(before).toHaveLength(bank.length);
    await preparePostgres(pool, POSTGRES_MIGRATIONS_DIR, bank);
    expect(await snapshot()).toEqual(before);
    await preparePostgres(pool, POSTGRES_MIGRATIONS_DIR, bank.slice(1));
    const gone = await pool.query('SELECT active FROM questions WHERE id = $1', [bank[0].id]);
    expect(gone.rows).toEqual([{ active: false }]);
    await preparePostgres(pool, POSTGRES_MIGRATIONS_DIR, bank);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a PostgreSQL connection that drops', () => {
  const terminate = (pool: pg.Pool, pid: number) => pool.query('SELECT pg_terminate_backend($1)', [pid]);

  it('fails the transaction using it as unavailable, raises nothing uncaught, and the pool serves on', async () => {
    const pool = newPool();
    const other = newPool();
    // Terminated between two statements (the server's notice arrives while nothing runs), then
    // in the middle of one: neither may become an uncaught 'error' (it would end the process).
    const between = inTransaction(pool, async (client) => {
      await client.query('SELECT 1');
      await terminate(other, (client as unknown as { processID: number }).processID);
      await client.query('SELECT 1');
    });
    await expect(between).rejects.toSatisfy(isDatabaseUnavailable);
    const during = inTransaction(pool, async (client) => {
      await client.query('SELECT pg_terminate_backend(pg_backend_pid())');
    });
    await expect(during).rejects.toSatisfy(isDatabaseUnavailable);
    // The broken connections were thrown away, not handed out again.
    expect(await inTransaction(pool, async (client) => (await client.query('SELECT 2 AS two')).rows)).toEqual([
      { two: 2 },
    ]);
  });

  it('makes a pool that cannot connect fail with DatabaseUnavailableError', async () => {
    const url = new URL(database.url);
    url.pathname = `/${database.name}_missing`;
    const pool = new DatabasePool({ connectionString: url.toString(), max: 1 });
    pools.push(pool);
    await expect(pool.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(inTransaction(pool, async () => {})).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });
});
