/**
 * A PostgreSQL failover, restart or terminated backend, as real server processes live through it
 * (issue 20): an error on a pooled connection, on the pool or on the listening connection must
 * never end the process. The request that was using the connection answers 503, /healthz follows
 * the database, and each instance serves again by itself.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../shared/live.js';
import { LiveClient } from '../testing/live-client.js';
import { createTestDatabase, TEST_POSTGRES_ADMIN_URL, type TestDatabase } from '../testing/postgres.js';
import { freePort, type ServerProcess, spawnServer, waitForHealth } from '../testing/process.js';

const UNAVAILABLE = { code: 'database_unavailable', message: 'The database is unavailable; try again.' };

let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;

/** The server from its TypeScript source (tsx), so that the test runs the code of this tree. */
async function startServer(): Promise<ServerProcess> {
  const port = await freePort();
  const server = spawnServer([process.execPath, '--import', 'tsx', 'server/main.ts'], {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    QUESTIONS_PER_GAME: '3',
    DATABASE_POOL_SIZE: '4',
    RATE_LIMIT_PER_MINUTE: '0',
    LIVE_SOCKETS_PER_ADDRESS: '0',
    PLAYS_PER_ADDRESS_PER_GAME: '0',
    LOG_LEVEL: 'warn',
  });
  await waitForHealth(server, 30_000);
  return server;
}

/** One statement on the server's own `postgres` database (never the one under test). */
async function admin(sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** Ends every connection to the database under test, as a failover or a restart does. */
async function terminateBackends(): Promise<number> {
  const killed = await admin(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database.name],
  );
  return killed.rowCount ?? 0;
}

interface Answer {
  status: number;
  body: unknown;
}

/** A request to a real process; a dropped connection makes the test fail (fetch rejects). */
async function call(server: ServerProcess, path: string, payload?: unknown): Promise<Answer> {
  const response = await fetch(`${server.url}/prod/${path}`, {
    method: payload ? 'POST' : 'GET',
    headers: payload ? { 'content-type': 'application/json' } : {},
    body: payload ? JSON.stringify(payload) : undefined,
  }).catch((error: unknown) => {
    throw new Error(`${path} got no answer (${error}); the server wrote:\n${server.output()}`);
  });
  return { status: response.status, body: await response.json() };
}

async function createGame(server: ServerProcess): Promise<string> {
  const { body } = await call(server, 'get-questions?gametype=classic');
  const questions = (body as { questions: { questionID: string }[] }).questions;
  const created = await call(server, 'create-game', {
    userId: randomUUID(),
    userName: 'Ada',
    questionSet: questions.map((q) => q.questionID),
    answerSet: [1, 2, 3],
  });
  expect(created.status).toBe(200);
  return (created.body as { gameId: string }).gameId;
}

const logResponse = (server: ServerProcess, gameId: string, playerName: string, playerId = randomUUID()) =>
  call(server, 'log-response', { gameId, playerId, userName: playerName, responseSet: [1, 2, 3] });

const healthStatus = async (server: ServerProcess) => (await fetch(`${server.url}/healthz`)).status;

/** Resolves once GET /healthz answers `status` (the instance has found out by itself). */
async function healthBecomes(server: ServerProcess, status: number): Promise<void> {
  await expect.poll(() => healthStatus(server), { timeout: 15_000, interval: 50 }).toBe(status);
}

const alive = (server: ServerProcess) => server.proc.exitCode === null && server.proc.signalCode === null;

// Two processes from source take seconds to start on a busy machine: started once for both tests.
beforeAll(async () => {
  database = await createTestDatabase();
  // Started together: both migrate and seed the empty database at once; the advisory lock serializes them.
  [a, b] = await Promise.all([startServer(), startServer()]);
}, 60_000);

afterAll(async () => {
  await admin(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`);
  await Promise.all([a, b].map((server) => (server && alive(server) ? server.stop() : undefined)));
  await database.drop();
}, 60_000);

describe('PostgreSQL connections that drop under load', () => {
  it('keep every instance up: each answer is as before or 503, and nothing acknowledged is lost', async () => {
    const gameId = await createGame(a);
    const answers: { path: string; answer: Answer }[] = [];
    const acknowledged: string[] = [];
    // The terminations follow the load's progress (every `step` answers), not the clock.
    const progress: (() => void)[] = [];
    const record = (path: string, answer: Answer) => {
      answers.push({ path, answer });
      for (const wake of progress.splice(0)) wake();
    };
    const answered = async (count: number) => {
      while (answers.length < count) await new Promise<void>((resolve) => progress.push(resolve));
    };

    async function friend(worker: number): Promise<void> {
      for (let turn = 0; turn < 12; turn++) {
        const server = (worker + turn) % 2 ? a : b;
        const name = `F${worker}-${turn}`;
        const playerId = randomUUID();
        const logged = await logResponse(server, gameId, name, playerId);
        record('log-response', logged);
        if (logged.status === 200) acknowledged.push(name);
        record('get-score', await call(server, `get-score?gameId=${gameId}&playerId=${playerId}`));
        record('is-creator', await call(server, `is-creator?gameId=${gameId}&userId=${playerId}`));
      }
    }
    const step = 12;
    let terminated = 0;
    async function failovers(): Promise<void> {
      for (let round = 1; round <= 10; round++) {
        await answered(round * step);
        terminated += await terminateBackends();
      }
    }
    await Promise.all([...Array.from({ length: 6 }, (_, worker) => friend(worker)), failovers()]);

    expect(terminated).toBeGreaterThan(10);
    expect([alive(a), alive(b)]).toEqual([true, true]);
    for (const { path, answer } of answers) {
      if (answer.status === 503) expect(answer.body, path).toEqual(UNAVAILABLE);
      else if (path === 'get-score') expect([200, 404], path).toContain(answer.status);
      else expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
    // Some requests really did meet a dropped connection.
    expect(answers.filter(({ answer }) => answer.status === 503).length).toBeGreaterThan(0);

    // Every acknowledged answer is stored, and both instances list it again by themselves.
    const reader = new pg.Client({ connectionString: database.url });
    await reader.connect();
    const { rows } = await reader.query<{ player_name: string }>('SELECT player_name FROM responses');
    await reader.end();
    expect(rows.map((row) => row.player_name)).toEqual(expect.arrayContaining(acknowledged));
    for (const server of [a, b]) {
      await healthBecomes(server, 200);
      const listed = async () => {
        const { body } = await call(server, `get-all-players?gameId=${gameId}`);
        return (body as { players?: { playerName: string }[] }).players?.map((p) => p.playerName) ?? [];
      };
      await expect.poll(listed, { timeout: 15_000, interval: 100 }).toEqual(expect.arrayContaining(acknowledged));
      expect((await logResponse(server, gameId, 'After')).status).toBe(200);
    }
  }, 60_000);
});

describe('a database that refuses connections for a while', () => {
  it('makes /healthz and requests answer 503, then each instance serves and delivers live again', async () => {
    const gameId = await createGame(a);
    const watcher = await LiveClient.open(`${b.url.replace('http', 'ws')}/prod/live/${gameId}`);
    expect(await watcher.message(0)).toEqual({ type: 'snapshot', players: [], playing: [] });

    await admin(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS false`);
    await terminateBackends();
    await healthBecomes(a, 503);
    await healthBecomes(b, 503);
    const refused = await logResponse(a, gameId, 'Refused');
    expect(refused).toEqual({ status: 503, body: UNAVAILABLE });
    expect((await call(b, `get-score?gameId=${gameId}&playerId=${randomUUID()}`)).status).toBe(503);
    // A live socket that cannot check its game is refused the same way, before the upgrade.
    await expect(LiveClient.open(`${a.url.replace('http', 'ws')}/prod/live/${gameId}`)).rejects.toMatchObject({
      statusCode: 503,
    });
    expect([alive(a), alive(b)]).toEqual([true, true]);

    await admin(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`);
    await healthBecomes(a, 200);
    await healthBecomes(b, 200);
    // B's listener is back: it resyncs its sockets (events may have been missed meanwhile)...
    const resynced = (await watcher.message(1)) as Extract<LiveMessage, { type: 'snapshot' }>;
    expect(resynced).toEqual({ type: 'snapshot', players: [], playing: [] });
    // ...and a score logged on A reaches the socket on B again.
    expect((await logResponse(a, gameId, 'Back')).status).toBe(200);
    expect(await watcher.message(2)).toMatchObject({ type: 'player', player: { playerName: 'Back' } });
    watcher.close();
    expect([alive(a), alive(b)]).toEqual([true, true]);
  }, 60_000);
});
