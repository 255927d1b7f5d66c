/**
 * npx tsx bench/snapshot.ts [--server <dir>] [--plays 200000] [--rounds 5] [--postgres <url>|none]
 *
 * The first live snapshot of a game with `plays` (200,000) unfinished plays stored, all under 10
 * minutes old (issue 42.5: throw-away ids that begin and never finish). Each round starts the app
 * of checkout `dir` (this one by default; another checkout's `server/app.ts`, run by tsx, for
 * "before") on the same database, so that its game room reads the board afresh, opens one live
 * socket and, at the same moment, asks GET /healthz. Prints, per database, the snapshot's size and
 * the median (min–max) over the rounds of the time to the socket's first message and of /healthz's
 * answer (the event loop is held while the snapshot is built). A snapshot past the socket's 256 KiB
 * send buffer is never sent (the socket is dropped): then the time is to that close. `--plays 3000`
 * gives the other figure (311 KiB before). In process, on 2 shared cores: read the spread,
 * not one figure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { DEFAULT_POSTGRES_URL, freshDatabase, loadavg, medianRange } from './harness.js';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: resolve(import.meta.dirname, '..') },
    plays: { type: 'string', default: '200000' },
    rounds: { type: 'string', default: '5' },
    postgres: { type: 'string', default: DEFAULT_POSTGRES_URL },
  },
});
const dir = resolve(values.server);
const plays = Number(values.plays);
const rounds = Number(values.rounds);

interface AppModule {
  buildApp(options: { config: unknown; clientDir: string }): Promise<FastifyInstance>;
}
const { buildApp } = (await import(join(dir, 'server/app.ts'))) as AppModule;
const { loadConfig } = (await import(join(dir, 'server/config.ts'))) as { loadConfig(env: object): unknown };

interface Storage {
  kind: 'sqlite' | 'postgres';
  db?: { prepare(sql: string): { run(...values: unknown[]): unknown }; transaction(fn: () => void): () => void };
  pool?: { query(text: string, values: unknown[]): Promise<unknown> };
}

async function start(url: string, dataDir: string): Promise<FastifyInstance> {
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '0',
    LIVE_SOCKETS_PER_ADDRESS: '0',
    PLAYS_PER_ADDRESS_PER_GAME: '0',
    LOG_LEVEL: 'silent',
  });
  return buildApp({ config, clientDir: '/nonexistent' });
}

/** A game with `plays` friends who stored one round and never finished; its id. */
async function seed(url: string, dataDir: string): Promise<string> {
  const app = await start(url, dataDir);
  const questions = (await app.inject({ method: 'GET', url: '/prod/get-questions?gametype=classic' })).json().questions;
  const created = await app.inject({
    method: 'POST',
    url: '/prod/create-game',
    payload: {
      userId: '00000000-0000-4000-8000-000000000001',
      userName: 'Ada',
      questionSet: questions.map((q: { questionID: string }) => q.questionID),
      answerSet: questions.map(() => 1),
      mode: 'guess',
    },
  });
  const gameId: string = created.json().gameId;
  const storage = (app as unknown as { storage: Storage }).storage;
  const now = Date.now();
  if (storage.kind === 'sqlite' && storage.db) {
    const db = storage.db;
    const insert = db.prepare(
      `INSERT INTO plays (game_id, player_user_id, public_id, player_name, answers, started_at, updated_at)
       VALUES (?, ?, ?, ?, '[1]', ?, ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < plays; i++)
        insert.run(gameId, `u${i}`, `p${i}`, `Throwaway ${i}`, now - plays + i, now - plays + i);
    })();
  } else {
    await storage.pool?.query(
      `INSERT INTO plays (game_id, player_user_id, public_id, player_name, answers, started_at, updated_at)
       SELECT $1, 'u' || i, 'p' || i, 'Throwaway ' || i, ARRAY[1], $2::bigint - $3 + i, $2::bigint - $3 + i
       FROM generate_series(1, $3::int) AS i`,
      [gameId, now, plays],
    );
    await storage.pool?.query('ANALYZE plays', []);
  }
  await app.close();
  return gameId;
}

/** One round: a fresh app, one socket and one /healthz at once. */
async function round(url: string, dataDir: string, gameId: string) {
  const app = await start(url, dataDir);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  try {
    const began = performance.now();
    // A snapshot past the socket's send-buffer cap (256 KiB) is never sent: the server drops the
    // socket instead, and `bytes` is 0 (the time is then the time to that close).
    const snapshot = new Promise<{ ms: number; bytes: number }>((done, fail) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/prod/live/${gameId}`);
      socket.once('message', (data: Buffer) => {
        done({ ms: performance.now() - began, bytes: data.length });
        socket.close();
      });
      socket.once('close', () => done({ ms: performance.now() - began, bytes: 0 }));
      socket.once('error', fail);
    });
    // Once the upgrade is in, so that /healthz waits behind the board's read if anything does.
    await new Promise((wait) => setTimeout(wait, 5));
    const asked = performance.now();
    const health = fetch(`http://127.0.0.1:${port}/healthz`).then(() => performance.now() - asked);
    const [{ ms, bytes }, healthMs] = await Promise.all([snapshot, health]);
    return { ms, bytes, healthMs };
  } finally {
    await app.close();
  }
}

async function measure(name: string, url: string, dataDir: string) {
  const gameId = await seed(url, dataDir);
  const results = [];
  for (let i = 0; i < rounds; i++) results.push(await round(url, dataDir, gameId));
  const bytes = results[0].bytes;
  const size =
    bytes === 0
      ? 'none sent (socket dropped)'
      : `${bytes.toLocaleString('en')} bytes (${(bytes / 1024).toFixed(1)} KiB)`;
  console.log(
    `${name}: snapshot ${size}; ` +
      `first snapshot ${medianRange(
        results.map((r) => r.ms),
        1,
      )} ms; /healthz meanwhile ${medianRange(
        results.map((r) => r.healthMs),
        1,
      )} ms`,
  );
}

console.log(`${dir}: ${plays.toLocaleString('en')} unfinished plays of one game, ${rounds} rounds (load ${loadavg()})`);
const sqliteDir = mkdtempSync(join(tmpdir(), 'wavelength-bench-snapshot-'));
try {
  await measure('SQLite', `sqlite:${join(sqliteDir, 'bench.db')}`, sqliteDir);
} finally {
  rmSync(sqliteDir, { recursive: true, force: true });
}
if (values.postgres !== 'none') {
  const database = await freshDatabase(values.postgres);
  const dataDir = mkdtempSync(join(tmpdir(), 'wavelength-bench-snapshot-'));
  try {
    await measure('PostgreSQL', database.url, dataDir);
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
