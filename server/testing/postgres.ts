import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Where the test PostgreSQL server is; the `postgres` database is used only to create and drop others. */
export const TEST_POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** True in the `server-postgres` test project (vitest.config.ts): every test app uses PostgreSQL. */
export const testingOnPostgres = process.env.TEST_DATABASE === 'postgres';

/** Runs `work` on a connection of its own to `adminUrl`, closed after it. */
export async function asAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  name: string;
  /** Drops the database, ending any connection still open to it. */
  drop(): Promise<void>;
}

/** A new, empty database named `<prefix>_<random>` on the server of `adminUrl` (tests, benchmarks). */
export async function createDatabase(adminUrl: string, prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      asAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

/** A new, empty database on the test server (migrated by the first app that opens it). */
export const createTestDatabase = () => createDatabase(TEST_POSTGRES_ADMIN_URL, 'wl_test');
