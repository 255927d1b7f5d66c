import { DEFAULT_MODE } from '../../shared/modes.js';
import { SCOREBOARD_ORDER_SQL } from '../../shared/scoreboard.js';
import type { BatchedCalls } from '../db/batched-calls.js';
import { inTransaction, type Pool } from '../db/postgres.js';
import type { CommitAnnouncer } from '../events/announcer.js';
import { splitRounds } from './own-questions.js';
import { postgresCreatorControls } from './postgres-creator.js';
import type { AddResponseResult, GameRepository, GameRow, PlayerRow, ResponseRow, RoundRow } from './repository.js';
import { gameFromRows, playerFromRow, responseFromRow } from './repository.js';
import type { ResponseWrite } from './sqlite-responses.js';

/**
 * Each statement once, named so that every pooled connection prepares it on first use. SQL lives
 * here and nowhere else; the queries match the SQLite repository's.
 */
const sql = {
  insertGame:
    'INSERT INTO games (id, edition, creator_user_id, creator_name, created_at, lang, mode, pack) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
  insertGameQuestions: `INSERT INTO game_questions (game_id, position, question_id, creator_answer)
    SELECT $1, position, question_id, creator_answer
    FROM unnest($2::int[], $3::text[], $4::int[]) AS round (position, question_id, creator_answer)`,
  insertOwnQuestions: `INSERT INTO game_own_questions (game_id, position, question_id, text, options, creator_answer)
    SELECT $1, position, question_id, text, options, creator_answer
    FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::int[])
      AS own (position, question_id, text, options, creator_answer)`,
  selectGame: 'SELECT id, edition, creator_user_id, creator_name, lang, mode, pack FROM games WHERE id = $1',
  // A game's rounds: drawn questions from the bank and the creator's own, in round order.
  selectGameQuestions: `SELECT q.id, q.edition, q.text, q.options, gq.creator_answer, gq.position FROM game_questions gq
    JOIN questions q ON q.id = gq.question_id WHERE gq.game_id = $1
    UNION ALL
    SELECT oq.question_id, g.edition, oq.text, oq.options, oq.creator_answer, oq.position FROM game_own_questions oq
    JOIN games g ON g.id = oq.game_id WHERE oq.game_id = $1
    ORDER BY position`,
  gameExists: 'SELECT 1 FROM games WHERE id = $1',
  // Responses are stored in batches: postgres-responses.ts.
  // Every read of friends leaves removed ones out (removed_at IS NULL); only the play-once checks see them,
  // and the stored responses of the reveal, which then checks the friend against listPlayers (as in SQLite).
  selectPlayers: `SELECT public_id, player_name, score_tenths FROM responses WHERE game_id = $1 AND removed_at IS NULL
    ORDER BY ${SCOREBOARD_ORDER_SQL}`,
  selectScore: 'SELECT score_tenths FROM responses WHERE game_id = $1 AND player_user_id = $2 AND removed_at IS NULL',
  selectResponse: `SELECT public_id, player_name, answers, score_tenths FROM responses
    WHERE game_id = $1 AND player_user_id = $2`,
  selectResponseByPublicId: `SELECT public_id, player_name, answers, score_tenths FROM responses
    WHERE game_id = $1 AND public_id = $2`,
  selectResponded: 'SELECT 1 FROM responses WHERE game_id = $1 AND player_user_id = $2',
} as const;

type Statement = keyof typeof sql;
const query = (name: Statement, values: unknown[]) => ({ name: `games-${name}`, text: sql[name], values });

/** Where responses are stored: batches of one statement each (see BatchedCalls, postgres-responses.ts). */
type PostgresResponseWrites = BatchedCalls<ResponseWrite, AddResponseResult>;

/**
 * Games in PostgreSQL. Writes that announce an event do it through the announcer (LISTEN/NOTIFY
 * or Redis), and return once this instance has delivered it (see CommitAnnouncer); responses go through
 * `responses`, friends answering at the same moment in one statement.
 */
export function postgresGameRepository(
  pool: Pool,
  announcer: CommitAnnouncer,
  responses: PostgresResponseWrites,
): GameRepository {
  return {
    async createGame(game) {
      await inTransaction(pool, async (client) => {
        await client.query(
          query('insertGame', [
            game.id,
            game.edition,
            game.creatorUserId,
            game.creatorName,
            Date.now(),
            game.lang,
            game.mode ?? DEFAULT_MODE,
            game.pack ?? null,
          ]),
        );
        const { bank, own } = splitRounds(game);
        await client.query(query('insertGameQuestions', [game.id, bank.positions, bank.ids, bank.answers]));
        if (own.length > 0) {
          const column = <K extends keyof (typeof own)[number]>(key: K) => own.map((row) => row[key]);
          await client.query(
            query('insertOwnQuestions', [
              game.id,
              column('position'),
              column('questionId'),
              column('text'),
              column('options'),
              column('creatorAnswer'),
            ]),
          );
        }
      });
    },

    async findGame(id) {
      const [{ rows: games }, { rows: rounds }] = await Promise.all([
        pool.query<GameRow>(query('selectGame', [id])),
        pool.query<RoundRow>(query('selectGameQuestions', [id])),
      ]);
      const row = games[0];
      if (!row) return undefined;
      return gameFromRows(row, rounds);
    },

    async gameExists(id) {
      return ((await pool.query(query('gameExists', [id]))).rowCount ?? 0) > 0;
    },

    async addResponse(response, maxPlayers, maxPerNetwork = 0) {
      return responses.run({ response, maxPlayers, maxPerNetwork });
    },

    async listPlayers(gameId) {
      const { rows } = await pool.query<PlayerRow>(query('selectPlayers', [gameId]));
      return rows.map(playerFromRow);
    },

    async findScore(gameId, playerUserId) {
      const { rows } = await pool.query<{ score_tenths: number }>(query('selectScore', [gameId, playerUserId]));
      return rows[0] && rows[0].score_tenths / 10;
    },

    async findResponse(gameId, playerUserId) {
      const { rows } = await pool.query<ResponseRow>(query('selectResponse', [gameId, playerUserId]));
      return rows[0] && responseFromRow(rows[0]);
    },

    async findResponseByPublicId(gameId, publicId) {
      const { rows } = await pool.query<ResponseRow>(query('selectResponseByPublicId', [gameId, publicId]));
      return rows[0] && responseFromRow(rows[0]);
    },

    async hasResponded(gameId, playerUserId) {
      return ((await pool.query(query('selectResponded', [gameId, playerUserId]))).rowCount ?? 0) > 0;
    },

    ...postgresCreatorControls(pool, announcer),
  };
}
