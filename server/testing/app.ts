import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { WireQuestion } from '../../shared/model.js';
import { type AppOptions, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { NewResponse } from '../games/repository.js';
import { newPlayerId } from '../ids.js';
import type { PostgresStorage, SqliteStorage } from '../storage/index.js';
import { createTestDatabase, testingOnPostgres } from './postgres.js';

/**
 * An app on a fresh database, without the built client and without rate limiting: an in-memory
 * SQLite database, or (TEST_DATABASE=postgres, the `server-postgres` project) a new PostgreSQL
 * database dropped when the app closes. An explicit DATABASE_URL in `env` is used as it is
 * (several apps on one database). No cap on live sockets or plays per address: tests open many
 * and play many from 127.0.0.1.
 * Files besides the database (link-preview cards) go to a new folder removed with the app,
 * unless `env` names a DATA_DIR.
 */
export async function testApp(env: Record<string, string> = {}, options: Partial<AppOptions> = {}) {
  const database = testingOnPostgres && !env.DATABASE_URL ? await createTestDatabase() : undefined;
  const dataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'wavelength-test-data-'));
  const removeDataDir = () => dataDir && rmSync(dataDir, { recursive: true, force: true });
  const config = loadConfig({
    DATABASE_URL: database?.url ?? 'sqlite::memory:',
    RATE_LIMIT_PER_MINUTE: '0',
    LIVE_SOCKETS_PER_ADDRESS: '0',
    PLAYS_PER_ADDRESS_PER_GAME: '0',
    DATA_DIR: dataDir,
    ...env,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, clientDir: '/nonexistent', ...options });
  } catch (error) {
    await database?.drop();
    removeDataDir();
    throw error;
  }
  if (database) app.addHook('onClose', () => database.drop());
  app.addHook('onClose', async () => removeDataDir());
  return app;
}

export const newUserId = () => randomUUID();

/** A friend's response to a 3-round game, for the repository's addResponse. */
export const newResponse = (gameId: string, playerUserId = newUserId()): NewResponse => ({
  gameId,
  publicId: newPlayerId(),
  playerUserId,
  playerName: 'Bo',
  answers: [1, 1, 1],
  score: 6.7,
});

/**
 * A database that outlives one app, for tests that open several apps on it in turn (a restart):
 * a SQLite file in `dir`, or (`server-postgres`) a new PostgreSQL database, dropped by `drop`.
 */
export async function persistentTestDatabase(dir: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!testingOnPostgres) return { url: `sqlite:${join(dir, 'games.db')}`, drop: async () => {} };
  const database = await createTestDatabase();
  return { url: database.url, drop: () => database.drop() };
}

/** Rows in one table of the app's database, to prove that a refused request wrote nothing. */
export async function rowCount(app: FastifyInstance, table: 'games' | 'responses'): Promise<number> {
  return Number(await selectValue(app, `SELECT count(*) FROM ${table}`));
}

/**
 * The first column of the first row of `sql` (with `?` placeholders) on the app's database,
 * SQLite or PostgreSQL: for tests that check what is stored.
 */
export async function selectValue(app: FastifyInstance, sql: string, ...params: unknown[]): Promise<unknown> {
  const storage = app.storage as SqliteStorage | PostgresStorage;
  if (storage.kind === 'sqlite')
    return storage.db
      .prepare(sql)
      .pluck()
      .get(...params);
  let placeholder = 0;
  const text = sql.replace(/\?/g, () => `$${++placeholder}`);
  const { rows } = await storage.pool.query<unknown[]>({ text, values: params, rowMode: 'array' });
  return rows[0]?.[0];
}

export async function fetchQuestions(app: FastifyInstance, edition: 'classic' | 'spectrum'): Promise<WireQuestion[]> {
  const response = await app.inject({ method: 'GET', url: `/prod/get-questions?gametype=${edition}` });
  return response.json().questions;
}

export interface CreatedGame {
  gameId: string;
  creatorId: string;
  questions: WireQuestion[];
  answers: number[];
}

/** Creates a game as a fresh creator; answers default to 1 (Classic) or 50 (Spectrum) everywhere. */
export async function createGame(
  app: FastifyInstance,
  edition: 'classic' | 'spectrum',
  answers?: number[],
  creatorName = 'Ada',
  mode?: 'alike' | 'guess',
): Promise<CreatedGame> {
  const questions = await fetchQuestions(app, edition);
  const answerSet = answers ?? questions.map(() => (edition === 'classic' ? 1 : 50));
  const creatorId = newUserId();
  const response = await app.inject({
    method: 'POST',
    url: '/prod/create-game',
    payload: {
      userId: creatorId,
      userName: creatorName,
      questionSet: questions.map((q) => q.questionID),
      answerSet,
      ...(edition === 'spectrum' ? { gameType: 'Spectrum' } : {}),
      ...(mode ? { mode } : {}),
    },
  });
  if (response.statusCode !== 200) throw new Error(`create-game failed: ${response.body}`);
  return { gameId: response.json().gameId, creatorId, questions, answers: answerSet };
}

/** `friendId` makes a Classic game back for the game they played (create-game with `replyTo`). */
export async function makeGameBack(
  app: FastifyInstance,
  friendId: string,
  friendName: string,
  replyTo: { gameId: string; playerId: string },
) {
  const questions = await fetchQuestions(app, 'classic');
  return app.inject({
    method: 'POST',
    url: '/prod/create-game',
    payload: {
      userId: friendId,
      userName: friendName,
      questionSet: questions.map((q) => q.questionID),
      answerSet: questions.map(() => 1),
      replyTo,
    },
  });
}

export function logResponse(
  app: FastifyInstance,
  gameId: string,
  playerId: string,
  responseSet: number[],
  userName = 'Bo',
) {
  return app.inject({
    method: 'POST',
    url: '/prod/log-response',
    payload: { gameId, playerId, userName, responseSet },
  });
}
