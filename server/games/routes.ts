import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createGameBody,
  createGameReply,
  gameQuery,
  getAllPlayersReply,
  getScoreQuery,
  getScoreReply,
  hasPlayedReply,
  isCreatorQuery,
  isCreatorReply,
  joinGameBody,
  joinGameReply,
  logResponseBody,
  logResponseReply,
  type Player,
} from '../../shared/api.js';
import { type Edition, GAME_TYPES } from '../../shared/product.js';
import { computeScore } from '../../shared/score.js';
import { badRequest, conflict, notFound, unknownGame } from '../errors.js';
import { newGameId, newPlayerId } from '../ids.js';
import type { ScoreBus } from '../live/bus.js';
import type { QuestionRepository } from '../questions/repository.js';
import { checkAnswers } from './answers.js';
import { DuplicateResponseError, type Game, type GameRepository } from './repository.js';

export interface GameRoutesOptions {
  games: GameRepository;
  questions: QuestionRepository;
  bus: ScoreBus;
  onGameCreated?: () => void;
  onResponseLogged?: () => void;
}

export const gameRoutes: FastifyPluginAsyncZod<GameRoutesOptions> = async (app, options) => {
  const { games, questions, bus } = options;

  function requireGame(gameId: string): Game {
    const game = games.findGame(gameId);
    if (!game) throw unknownGame();
    return game;
  }

  app.post(
    '/create-game',
    { schema: { body: createGameBody, response: { 200: createGameReply } } },
    async (request) => {
      const { userId, userName, questionSet, answerSet, gameType } = request.body;
      const edition: Edition = gameType === 'Spectrum' ? 'spectrum' : 'classic';
      if (new Set(questionSet).size !== questionSet.length) {
        throw badRequest('The field "questionSet" lists the same question more than once.');
      }
      const gameQuestions = questionSet.map((id) => {
        const question = questions.find(id);
        if (!question) throw badRequest(`The question "${id}" does not exist.`);
        if (question.edition !== edition) {
          throw badRequest(`The question "${id}" belongs to the ${question.edition} edition, not ${edition}.`);
        }
        return question;
      });
      checkAnswers(edition, gameQuestions, answerSet, 'answerSet');
      const gameId = newGameId();
      games.createGame({
        id: gameId,
        edition,
        creatorUserId: userId,
        creatorName: userName,
        questionIds: questionSet,
        answers: answerSet,
      });
      options.onGameCreated?.();
      return { gameId };
    },
  );

  app.post(
    '/log-response',
    { schema: { body: logResponseBody, response: { 200: logResponseReply } } },
    async (request) => {
      const { gameId, playerId, userName, responseSet } = request.body;
      const game = requireGame(gameId);
      if (game.creatorUserId === playerId) {
        throw conflict('You created this game, so you cannot answer it. Share the link with your friends instead.');
      }
      checkAnswers(game.edition, game.questions, responseSet, 'responseSet');
      const score = computeScore(game.edition, game.creatorAnswers, responseSet);
      let player: Player;
      try {
        player = games.addResponse({
          gameId,
          publicId: newPlayerId(),
          playerUserId: playerId,
          playerName: userName,
          answers: responseSet,
          score,
        });
      } catch (error) {
        if (error instanceof DuplicateResponseError) {
          throw conflict('You have already played this game; your first answers stand.');
        }
        throw error;
      }
      // Published only once the response is committed, so subscribers never see a score that could vanish.
      bus.publish(gameId, player);
      options.onResponseLogged?.();
      return { ok: true as const, score };
    },
  );

  app.get(
    '/get-all-players',
    { schema: { querystring: gameQuery, response: { 200: getAllPlayersReply } } },
    async (request) => {
      const { gameId } = request.query;
      if (!games.gameExists(gameId)) throw unknownGame();
      return { players: games.listPlayers(gameId) };
    },
  );

  app.get(
    '/is-creator',
    { schema: { querystring: isCreatorQuery, response: { 200: isCreatorReply } } },
    async (request) => {
      const { gameId, userId } = request.query;
      const game = requireGame(gameId);
      return {
        playerName: game.creatorName,
        isCreator: game.creatorUserId === userId,
        hasPlayed: games.findScore(gameId, userId) !== undefined,
      };
    },
  );

  app.post('/join-game', { schema: { body: joinGameBody, response: { 200: joinGameReply } } }, async (request) => {
    const game = requireGame(request.body.gameId);
    return { questions: game.questions, gameType: GAME_TYPES[game.edition] };
  });

  app.get(
    '/has-played',
    { schema: { querystring: gameQuery, response: { 200: hasPlayedReply } } },
    async (request) => ({ playerName: requireGame(request.query.gameId).creatorName }),
  );

  app.get(
    '/get-score',
    { schema: { querystring: getScoreQuery, response: { 200: getScoreReply } } },
    async (request) => {
      const { gameId, playerId } = request.query;
      if (!games.gameExists(gameId)) throw unknownGame();
      const score = games.findScore(gameId, playerId);
      if (score === undefined) throw notFound('There is no score for you in this game yet.');
      return { score };
    },
  );
};
