import type { FastifyPluginAsync } from 'fastify';
import { editionOf, gameTypeOf, toWireQuestion } from '../../shared/model.js';
import { computeScore } from '../../shared/score.js';
import { badRequest, conflict, notFound, removedFriend, unknownGame } from '../errors.js';
import { endpoint, Serialized } from '../http/endpoint.js';
import { newGameId, newPlayerId } from '../ids.js';
import type { QuestionRepository } from '../questions/repository.js';
import { checkAnswers } from './answers.js';
import type { GameCache } from './cache.js';
import { isGameCreator } from './creator.js';
import type { Game, GameRepository } from './repository.js';

export interface GameRoutesOptions {
  games: GameRepository;
  questions: QuestionRepository;
  /** Definitions and scoreboards kept in memory, fresh from the event bus (reads go through it). */
  cache: GameCache;
  /** Friends a game takes at most (MAX_PLAYERS_PER_GAME). */
  maxPlayersPerGame: number;
  onGameCreated?: () => void;
  onResponseLogged?: () => void;
}

export const gameRoutes: FastifyPluginAsync<GameRoutesOptions> = async (app, options) => {
  const { games, questions, cache } = options;
  // A game's join-game reply, serialized once per cached definition.
  const joinReplies = new WeakMap<Game, Serialized<'join-game'>>();

  async function requireGame(gameId: string): Promise<Game> {
    const game = await cache.findGame(gameId);
    if (!game) throw unknownGame();
    return game;
  }

  async function requireGameExists(gameId: string): Promise<void> {
    if (!(await cache.gameExists(gameId))) throw unknownGame();
  }

  endpoint(app, 'create-game', async ({ userId, userName, questionSet, answerSet, gameType }) => {
    const edition = editionOf(gameType);
    if (new Set(questionSet).size !== questionSet.length) {
      throw badRequest('The field "questionSet" lists the same question more than once.');
    }
    const gameQuestions = await Promise.all(
      questionSet.map(async (id) => {
        const question = await questions.find(id);
        if (!question) throw badRequest(`The question "${id}" does not exist.`);
        if (question.edition !== edition) {
          throw badRequest(`The question "${id}" belongs to the ${question.edition} edition, not ${edition}.`);
        }
        return question;
      }),
    );
    checkAnswers(gameQuestions, answerSet, 'answerSet');
    const gameId = newGameId();
    await games.createGame({
      id: gameId,
      edition,
      creatorUserId: userId,
      creatorName: userName,
      questionIds: questionSet,
      answers: answerSet,
    });
    options.onGameCreated?.();
    return { gameId };
  });

  endpoint(app, 'log-response', async ({ gameId, playerId, userName, responseSet }) => {
    const game = await requireGame(gameId);
    if (await isGameCreator(games, game, playerId)) {
      throw conflict('You created this game, so you cannot answer it. Share the link with your friends instead.');
    }
    checkAnswers(game.questions, responseSet, 'responseSet');
    const score = computeScore(game.edition, game.creatorAnswers, responseSet);
    const result = await games.addResponse(
      { gameId, publicId: newPlayerId(), playerUserId: playerId, playerName: userName, answers: responseSet, score },
      options.maxPlayersPerGame,
    );
    if (result.status === 'duplicate') throw conflict('You have already played this game; your first answers stand.');
    if (result.status === 'full') throw conflict('This game is full.');
    // Deleted while this friend was answering.
    if (result.status === 'missing') throw unknownGame();
    options.onResponseLogged?.();
    // Key order as the reply schema writes it; score is a finite number, playerID a string.
    return new Serialized(
      `{"ok":true,"score":${JSON.stringify(score)},"playerID":${JSON.stringify(result.player.playerID)}}`,
    );
  });

  endpoint(app, 'get-all-players', async ({ gameId }) => {
    const board = await cache.scoreboard(gameId);
    if (!board) throw unknownGame();
    return new Serialized(board.reply);
  });

  endpoint(app, 'is-creator', async ({ gameId, userId }) => {
    const game = await requireGame(gameId);
    // Without an id (a first visit) the caller is a visitor: not the creator, not played yet.
    if (userId === undefined) return { playerName: game.creatorName, isCreator: false, hasPlayed: false };
    const [isCreator, hasPlayed] = await Promise.all([
      isGameCreator(games, game, userId),
      // A removed friend has still played: they go to their result (which then says there is no score), not back to Play.
      games.hasResponded(gameId, userId),
    ]);
    return { playerName: game.creatorName, isCreator, hasPlayed };
  });

  endpoint(app, 'join-game', async ({ gameId }) => {
    const game = await requireGame(gameId);
    let reply = joinReplies.get(game);
    if (!reply) {
      // Key order as the reply schema writes it.
      const json = JSON.stringify({
        questions: game.questions.map(toWireQuestion),
        gameType: gameTypeOf(game.edition),
      });
      reply = new Serialized(json);
      joinReplies.set(game, reply);
    }
    return reply;
  });

  endpoint(app, 'has-played', async ({ gameId }) => ({ playerName: (await requireGame(gameId)).creatorName }));

  endpoint(app, 'get-score', async ({ gameId, playerId }) => {
    await requireGameExists(gameId);
    const score = await games.findScore(gameId, playerId);
    if (score === undefined) {
      // A removed friend's response stays stored (one play per friend), hidden from every read.
      if (await games.hasResponded(gameId, playerId)) throw removedFriend();
      throw notFound('There is no score for you in this game yet.');
    }
    return { score };
  });
};
