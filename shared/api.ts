/**
 * The HTTP API's shapes: one zod schema per request and response, used by the server to
 * validate and to serialize (which is also what keeps private fields out of responses).
 * The client imports only the types (`import type`), so zod stays out of its bundle.
 */
import { z } from 'zod';
import { MAX_QUESTIONS_PER_GAME, NAME_MAX_LENGTH } from './product.js';

const userIdSchema = z.uuid({ error: 'must be a UUID' });

export const gameIdSchema = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'is not a valid game id' });

export const nameSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .max(NAME_MAX_LENGTH, { error: `must be at most ${NAME_MAX_LENGTH} characters` });

const questionIdSchema = z.string({ error: 'must be a list of question ids' }).min(1).max(64);

const answerSchema = z
  .number({ error: 'must be a list of whole numbers' })
  .int({ error: 'must be a list of whole numbers' });

const answerListSchema = z
  .array(answerSchema, { error: 'must be a list of whole numbers' })
  .max(MAX_QUESTIONS_PER_GAME);

export const questionSchema = z.object({
  questionID: z.string(),
  question: z.string(),
  options: z.union([z.array(z.string()), z.string()]),
});
export type Question = z.infer<typeof questionSchema>;

export const gameTypeSchema = z.enum(['Spectrum', 'Classic']);

export const playerSchema = z.object({
  playerID: z.string(),
  playerName: z.string(),
  score: z.number(),
});
export type Player = z.infer<typeof playerSchema>;

export const messageSchema = z.object({ message: z.string() });

// GET /prod/get-questions
export const getQuestionsQuery = z.object({
  gametype: z
    .string({ error: 'is required (classic or spectrum)' })
    .toLowerCase()
    .pipe(z.enum(['classic', 'spectrum'], { error: 'must be classic or spectrum' })),
});
export const getQuestionsReply = z.object({ questions: z.array(questionSchema) });

// POST /prod/create-game
export const createGameBody = z.object({
  userId: userIdSchema,
  userName: nameSchema,
  questionSet: z
    .array(questionIdSchema, { error: 'must be a list of question ids' })
    .min(1, { error: 'must hold at least one question id' })
    .max(MAX_QUESTIONS_PER_GAME, { error: `must hold at most ${MAX_QUESTIONS_PER_GAME} question ids` }),
  answerSet: answerListSchema,
  gameType: gameTypeSchema.optional(),
});
export type CreateGameBody = z.input<typeof createGameBody>;
export const createGameReply = z.object({ gameId: z.string() });

// POST /prod/log-response
export const logResponseBody = z.object({
  gameId: gameIdSchema,
  playerId: userIdSchema,
  userName: nameSchema,
  responseSet: answerListSchema,
});
export type LogResponseBody = z.input<typeof logResponseBody>;
export const logResponseReply = z.object({ ok: z.literal(true), score: z.number() });

// GET /prod/get-all-players
export const gameQuery = z.object({ gameId: gameIdSchema });
export const getAllPlayersReply = z.object({ players: z.array(playerSchema) });

// GET /prod/is-creator
export const isCreatorQuery = z.object({ gameId: gameIdSchema, userId: userIdSchema });
export const isCreatorReply = z.object({
  playerName: z.string(),
  isCreator: z.boolean(),
  hasPlayed: z.boolean(),
});
export type IsCreatorReply = z.infer<typeof isCreatorReply>;

// POST /prod/join-game
export const joinGameBody = z.object({ gameId: gameIdSchema });
export const joinGameReply = z.object({ questions: z.array(questionSchema), gameType: gameTypeSchema });
export type JoinGameReply = z.infer<typeof joinGameReply>;

// GET /prod/has-played
export const hasPlayedReply = z.object({ playerName: z.string() });

// GET /prod/get-score
export const getScoreQuery = z.object({ gameId: gameIdSchema, playerId: userIdSchema });
export const getScoreReply = z.object({ score: z.number() });
