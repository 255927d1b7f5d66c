import { DEFAULT_MODE } from '../../shared/modes.js';
import { SCOREBOARD_ORDER_SQL } from '../../shared/scoreboard.js';
import type { Db } from '../db/database.js';
import type { GroupCommit } from '../db/group-commit.js';
import type { GameEventBus } from '../events/bus.js';
import { splitRounds } from './own-questions.js';
import {
  type AddResponseResult,
  type GameRepository,
  type GameRow,
  gameFromRows,
  type NewGame,
  type PlayerRow,
  playerFromRow,
  type ResponseRow,
  type RoundRow,
  responseFromRow,
} from './repository.js';
import { sqliteCreatorControls } from './sqlite-creator.js';
import type { ResponseWrite } from './sqlite-responses.js';

/** Where responses are stored: a group commit (see GroupCommit). */
type ResponseWrites = GroupCommit<ResponseWrite, AddResponseResult>;

/**
 * Games in SQLite. Responses are stored through `responses` (a group commit); everything else
 * through prepared statements on `db`. Events follow the commit.
 */
export function sqliteGameRepository(db: Db, bus: GameEventBus, responses: ResponseWrites): GameRepository {
  const insertGame = db.prepare(
    'INSERT INTO games (id, edition, creator_user_id, creator_name, created_at, lang, mode, pack) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertGameQuestion = db.prepare(
    'INSERT INTO game_questions (game_id, position, question_id, creator_answer) VALUES (?, ?, ?, ?)',
  );
  const selectGame = db.prepare<[string], GameRow>(
    'SELECT id, edition, creator_user_id, creator_name, lang, mode, pack FROM games WHERE id = ?',
  );
  const insertOwnQuestion = db.prepare(
    `INSERT INTO game_own_questions (game_id, position, question_id, text, options, creator_answer)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  // A game's rounds: drawn questions from the bank and the creator's own, in round order.
  const selectGameQuestions = db.prepare<[string, string], RoundRow>(
    `SELECT q.id, q.edition, q.text, q.options, gq.creator_answer, gq.position FROM game_questions gq
     JOIN questions q ON q.id = gq.question_id WHERE gq.game_id = ?
     UNION ALL
     SELECT oq.question_id, g.edition, oq.text, oq.options, oq.creator_answer, oq.position FROM game_own_questions oq
     JOIN games g ON g.id = oq.game_id WHERE oq.game_id = ?
     ORDER BY position`,
  );
  // Every read of friends leaves removed ones out (removed_at IS NULL); only the play-once checks see them.
  const selectPlayers = db.prepare<[string], PlayerRow>(
    `SELECT public_id, player_name, score_tenths FROM responses WHERE game_id = ? AND removed_at IS NULL
     ORDER BY ${SCOREBOARD_ORDER_SQL}`,
  );
  const selectScore = db.prepare<[string, string], { score_tenths: number }>(
    'SELECT score_tenths FROM responses WHERE game_id = ? AND player_user_id = ? AND removed_at IS NULL',
  );
  const selectResponse = db.prepare<[string, string], ResponseRow>(
    'SELECT public_id, player_name, answers, score_tenths FROM responses WHERE game_id = ? AND player_user_id = ?',
  );
  const selectResponseByPublicId = db.prepare<[string, string], ResponseRow>(
    'SELECT public_id, player_name, answers, score_tenths FROM responses WHERE game_id = ? AND public_id = ?',
  );
  const selectResponded = db.prepare<[string, string], number>(
    'SELECT 1 FROM responses WHERE game_id = ? AND player_user_id = ?',
  );

  const createGame = db.transaction((game: NewGame) => {
    insertGame.run(
      game.id,
      game.edition,
      game.creatorUserId,
      game.creatorName,
      Date.now(),
      game.lang,
      game.mode ?? DEFAULT_MODE,
      game.pack ?? null,
    );
    const { bank, own } = splitRounds(game);
    bank.ids.forEach((questionId, i) => {
      insertGameQuestion.run(game.id, bank.positions[i], questionId, bank.answers[i]);
    });
    for (const row of own) {
      insertOwnQuestion.run(game.id, row.position, row.questionId, row.text, row.options, row.creatorAnswer);
    }
  });

  return {
    async createGame(game) {
      createGame(game);
    },

    async findGame(id) {
      const row = selectGame.get(id);
      if (!row) return undefined;
      return gameFromRows(row, selectGameQuestions.all(id, id));
    },

    async gameExists(id) {
      return selectGame.get(id) !== undefined;
    },

    async addResponse(response, maxPlayers, maxPerNetwork = 0) {
      const result = await responses.run({ response, maxPlayers, maxPerNetwork });
      if (result.status === 'stored') bus.publish(response.gameId, { type: 'player', player: result.player });
      return result;
    },

    async listPlayers(gameId) {
      return selectPlayers.all(gameId).map(playerFromRow);
    },

    async findScore(gameId, playerUserId) {
      const row = selectScore.get(gameId, playerUserId);
      return row && row.score_tenths / 10;
    },

    async findResponse(gameId, playerUserId) {
      const row = selectResponse.get(gameId, playerUserId);
      return row && responseFromRow(row);
    },

    async findResponseByPublicId(gameId, publicId) {
      const row = selectResponseByPublicId.get(gameId, publicId);
      return row && responseFromRow(row);
    },
    async hasResponded(gameId, playerUserId) {
      return selectResponded.get(gameId, playerUserId) !== undefined;
    },

    ...sqliteCreatorControls(db, bus),
  };
}
