import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WireQuestion } from '../../shared/model.js';
import { type AppOptions, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { SqliteStorage } from '../db/storage.js';

/**
 * An app on a fresh in-memory database, without the built client, without rate limiting and
 * without the cap on live sockets per address (tests open many from 127.0.0.1).
 */
export async function testApp(env: Record<string, string> = {}, options: Partial<AppOptions> = {}) {
  const config = loadConfig({
    DATABASE_URL: 'sqlite::memory:',
    RATE_LIMIT_PER_MINUTE: '0',
    LIVE_SOCKETS_PER_ADDRESS: '0',
    ...env,
  });
  return buildApp({ config, clientDir: '/nonexistent', ...options });
}

export const newUserId = () => randomUUID();

/** Rows in one table of the app's database, to prove that a refused request wrote nothing. */
export function rowCount(app: FastifyInstance, table: 'games' | 'responses'): number {
  const storage = app.storage as SqliteStorage;
  return Number(storage.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get());
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
    },
  });
  if (response.statusCode !== 200) throw new Error(`create-game failed: ${response.body}`);
  return { gameId: response.json().gameId, creatorId, questions, answers: answerSet };
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
