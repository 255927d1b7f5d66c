import pg from 'pg';
import { readMigrations } from './migrate.js';
import type { SeedQuestion } from './seed.js';
import { DatabaseUnavailableError } from './unavailable.js';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

// COUNT(*) and BIGINT columns come back as strings by default; ours always fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

type ConnectCallback = (
  error: Error | undefined,
  client: PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool whose every failure to hand out a connection (refused, a database not accepting
 * connections, the connect timeout) is a DatabaseUnavailableError, whatever pg or the server said:
 * the request that needed it answers 503 (errors.ts). `pool.query` connects through this too.
 */
export class DatabasePool extends pg.Pool {
  override connect(): Promise<PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<PoolClient> | undefined {
    if (!callback) {
      return super.connect().catch((error: unknown) => {
        throw new DatabaseUnavailableError(error);
      });
    }
    super.connect((error, client, done) => callback(error && new DatabaseUnavailableError(error), client, done));
    return undefined;
  }
}

/**
 * Ends the pool and resolves once every one of its connections has really closed: `pool.end()`
 * resolves as soon as it has asked them to, while the server may still be serving them (a
 * database dropped right after would then cut them off, and each would raise an error).
 */
export async function endPool(pool: Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      open -= 1;
      if (open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

/** A connection checked out of the pool, and the first error it raised while out. */
interface CheckedOut {
  client: PoolClient;
  broken?: Error;
}

/**
 * Checks a connection out, listening to it from the very callback that hands it over: the pool
 * stops listening to a connection it hands out, and the reply that frees it may arrive in the same
 * chunk as the server's notice that it is terminating the connection. An 'error' nobody hears
 * ends the process, so there is no gap, not even a promise's turn.
 */
function checkOut(pool: Pool): Promise<CheckedOut & { stopListening(): void }> {
  return new Promise((resolve, reject) => {
    pool.connect((error, client) => {
      if (error || !client) return reject(error);
      const out: CheckedOut = { client };
      const onError = (lost: Error) => {
        out.broken ??= lost;
      };
      client.on('error', onError);
      resolve(Object.assign(out, { stopListening: () => client.off('error', onError) }));
    });
  });
}

/**
 * Runs `work` in one transaction on one pooled connection; rolls back if it throws. A connection
 * that drops meanwhile (a restart, a failover, a terminated backend) fails the work with its
 * error, and is handed back to be thrown away, never reused.
 */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const out = await checkOut(pool);
  const { client } = out;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // On a dropped connection this fails too; the server has rolled back by itself.
    await client.query('ROLLBACK').catch((rollbackFailed: Error) => {
      out.broken ??= rollbackFailed;
    });
    throw error;
  } finally {
    // In the same step: from here on the pool listens to the connection again.
    out.stopListening();
    client.release(out.broken);
  }
}

/**
 * Brings the schema up to date and loads the question banks, in one transaction that holds an
 * advisory lock: of several instances starting at once, one migrates and seeds while the others
 * wait, then find nothing left to do. Returns the names of the migrations it applied.
 */
export async function preparePostgres(pool: Pool, migrationsDir: string, questions: SeedQuestion[]): Promise<string[]> {
  const migrations = readMigrations(migrationsDir);
  return inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('wavelength:migrate'))");
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at BIGINT NOT NULL
    )`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const pending = migrations.filter((m) => !applied.has(m.version));
    for (const migration of pending) {
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        Date.now(),
      ]);
    }
    await seedPostgresQuestions(client, questions);
    return pending.map((m) => m.name);
  });
}

/**
 * Upserts validated bank questions by id and deactivates those that left the bank (old games
 * still point at them). Idempotent; the caller's transaction makes it all-or-nothing.
 */
async function seedPostgresQuestions(client: pg.ClientBase, questions: SeedQuestion[]): Promise<void> {
  const column = <K extends keyof SeedQuestion>(key: K) => questions.map((q) => q[key]);
  await client.query('UPDATE questions SET active = false WHERE active AND NOT (id = ANY($1::text[]))', [column('id')]);
  await client.query(
    `INSERT INTO questions (id, edition, text, options, packs, active)
     SELECT id, edition, text, options, packs, true
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS bank (id, edition, text, options, packs)
     ON CONFLICT (id) DO UPDATE SET edition = excluded.edition, text = excluded.text,
       options = excluded.options, packs = excluded.packs, active = true
     WHERE (questions.edition, questions.text, questions.options, questions.packs, questions.active)
       IS DISTINCT FROM (excluded.edition, excluded.text, excluded.options, excluded.packs, true)`,
    [column('id'), column('edition'), column('text'), column('options'), column('packs')],
  );
}
