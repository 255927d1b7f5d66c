import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePostgres } from '../db/postgres.js';
import { POSTGRES_MIGRATIONS_DIR } from '../paths.js';
import { STORE_ROUNDS } from '../rounds/postgres-store.js';
import { createDatabase, TEST_POSTGRES_ADMIN_URL, type TestDatabase } from '../testing/postgres.js';
import { STORE_RESPONSES } from './postgres-responses.js';

// The app plans each statement once per pooled connection (plan_cache_mode=force_generic_plan,
// server/storage/postgres.ts), on its first run, and keeps that plan while the tables grow. Made
// on a new database, the plans of the answers' statements used to hash whole tables (responses,
// plays, response_networks, game_creators, games) once per statement: a fresh server's answers
// then cost PostgreSQL more and more CPU as friends answered (bench/pg.ts, issue 46). Whatever the
// tables' size when planned, every row they need must be found by its key.
const TABLES = ['games', 'game_creators', 'responses', 'response_networks', 'plays'];

let database: TestDatabase;
let client: pg.Client;
beforeAll(async () => {
  database = await createDatabase(TEST_POSTGRES_ADMIN_URL, 'plans');
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  await preparePostgres(pool, POSTGRES_MIGRATIONS_DIR, []);
  await pool.end();
  client = new pg.Client({ connectionString: database.url, options: '-c plan_cache_mode=force_generic_plan' });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await database.drop();
});

/** The generic plan of `statement` (its parameters' types given), as the app's connections keep it. */
async function genericPlan(name: string, statement: string, types: string): Promise<string> {
  await client.query(`PREPARE ${name} (${types}) AS ${statement}`);
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN EXECUTE ${name} (${types
      .split(',')
      .map(() => 'NULL')
      .join(', ')})`,
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe("the answers' statements, planned on an empty database", () => {
  it.each([
    [
      'responses',
      STORE_RESPONSES,
      'text[], text[], text[], text[], text[], int[], bigint[], int[], text[], int[], boolean, text',
    ],
    ['rounds', STORE_ROUNDS, 'text[], text[], text[], text[], int[], int[], int[], int[], text[], int[], bigint, text'],
  ])('%s: reads no table whole, only rows by key', async (name, statement, types) => {
    const plan = await genericPlan(`store_${name}`, statement, types);
    for (const table of TABLES) expect(plan).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
    expect(plan).not.toContain('hashed SubPlan');
    // The look-ups are there, by key.
    expect(plan).toMatch(/Index Scan using games_pkey on games/);
    expect(plan).toMatch(/Index (Only )?Scan using plays_pkey on plays/);
  });
});
