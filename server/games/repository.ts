import type { Player, Question } from '../../shared/api.js';
import type { Edition } from '../../shared/product.js';
import type { Db } from '../db/database.js';

export interface Game {
  id: string;
  edition: Edition;
  creatorUserId: string;
  creatorName: string;
  /** Questions in round order. */
  questions: Question[];
  /** The creator's answers, in round order. Never sent to anyone. */
  creatorAnswers: number[];
}

export interface NewGame {
  id: string;
  edition: Edition;
  creatorUserId: string;
  creatorName: string;
  questionIds: string[];
  answers: number[];
}

export interface NewResponse {
  gameId: string;
  publicId: string;
  playerUserId: string;
  playerName: string;
  answers: number[];
  score: number;
}

interface PlayerRow {
  public_id: string;
  player_name: string;
  score_tenths: number;
}

const toPlayer = (row: PlayerRow): Player => ({
  playerID: row.public_id,
  playerName: row.player_name,
  score: row.score_tenths / 10,
});

/** Thrown by `addResponse` when the player already answered this game. */
export class DuplicateResponseError extends Error {}

/** Prepared-statement access to games and their responses. */
export function gameRepository(db: Db) {
  const insertGame = db.prepare(
    'INSERT INTO games (id, edition, creator_user_id, creator_name, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertGameQuestion = db.prepare(
    'INSERT INTO game_questions (game_id, position, question_id, creator_answer) VALUES (?, ?, ?, ?)',
  );
  const selectGame = db.prepare<
    [string],
    { id: string; edition: Edition; creator_user_id: string; creator_name: string }
  >('SELECT id, edition, creator_user_id, creator_name FROM games WHERE id = ?');
  const selectGameQuestions = db.prepare<
    [string],
    { id: string; text: string; options: string; creator_answer: number }
  >(
    `SELECT q.id, q.text, q.options, gq.creator_answer FROM game_questions gq
     JOIN questions q ON q.id = gq.question_id WHERE gq.game_id = ? ORDER BY gq.position`,
  );
  const insertResponse = db.prepare(
    `INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const selectPlayers = db.prepare<[string], PlayerRow>(
    `SELECT public_id, player_name, score_tenths FROM responses WHERE game_id = ?
     ORDER BY score_tenths DESC, id`,
  );
  const selectScore = db.prepare<[string, string], { score_tenths: number }>(
    'SELECT score_tenths FROM responses WHERE game_id = ? AND player_user_id = ?',
  );

  const createGame = db.transaction((game: NewGame) => {
    insertGame.run(game.id, game.edition, game.creatorUserId, game.creatorName, Date.now());
    game.questionIds.forEach((questionId, position) => {
      insertGameQuestion.run(game.id, position, questionId, game.answers[position]);
    });
  });

  return {
    createGame(game: NewGame): void {
      createGame(game);
    },

    findGame(id: string): Game | undefined {
      const row = selectGame.get(id);
      if (!row) return undefined;
      const questions = selectGameQuestions.all(id);
      return {
        id: row.id,
        edition: row.edition,
        creatorUserId: row.creator_user_id,
        creatorName: row.creator_name,
        questions: questions.map((q) => ({
          questionID: q.id,
          question: q.text,
          options: JSON.parse(q.options) as string[] | string,
        })),
        creatorAnswers: questions.map((q) => q.creator_answer),
      };
    },

    gameExists(id: string): boolean {
      return selectGame.get(id) !== undefined;
    },

    /** Stores a friend's response; the UNIQUE constraint turns a second one into DuplicateResponseError. */
    addResponse(response: NewResponse): Player {
      try {
        insertResponse.run(
          response.gameId,
          response.playerUserId,
          response.publicId,
          response.playerName,
          JSON.stringify(response.answers),
          Math.round(response.score * 10),
          Date.now(),
        );
      } catch (error) {
        const { code, message } = error as { code?: string; message?: string };
        if (code === 'SQLITE_CONSTRAINT_UNIQUE' && message?.includes('player_user_id')) {
          throw new DuplicateResponseError();
        }
        throw error;
      }
      return { playerID: response.publicId, playerName: response.playerName, score: response.score };
    },

    /** Friends of a game, highest score first (earliest first among equals). */
    listPlayers(gameId: string): Player[] {
      return selectPlayers.all(gameId).map(toPlayer);
    },

    findScore(gameId: string, playerUserId: string): number | undefined {
      const row = selectScore.get(gameId, playerUserId);
      return row && row.score_tenths / 10;
    },
  };
}

export type GameRepository = ReturnType<typeof gameRepository>;
