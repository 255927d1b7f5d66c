import type { FastifyPluginAsync } from 'fastify';
import type { Language } from '../../shared/languages.js';
import { editionOf, gameTypeOf, toWireQuestion } from '../../shared/model.js';
import { DEFAULT_MODE } from '../../shared/modes.js';
import { isOwnQuestionId } from '../../shared/own-questions.js';
import { computeScore } from '../../shared/score.js';
import { badRequest, conflict, forbidden, notFound, removedFriend, unknownGame } from '../errors.js';
import { endpoint, Serialized } from '../http/endpoint.js';
import { networkOf } from '../http/networks.js';
import { newGameId, newPlayerId } from '../ids.js';
import type { QuestionRepository } from '../questions/repository.js';
import type { QuestionTexts } from '../questions/translations.js';
import { answeredRounds, checkAnswers } from './answers.js';
import type { GameCache } from './cache.js';
import { creatorCannotPlay, isGameCreator, refuseCreatorFirst } from './creator.js';
import { readQuestionSet } from './own-questions.js';
import type { Game, GameRepository } from './repository.js';

interface GameRoutesOptions {
  games: GameRepository;
  questions: QuestionRepository;
  /** The questions in every language (join-game's `lang`). */
  texts: QuestionTexts;
  /** Definitions and scoreboards kept in memory, fresh from the event bus (reads go through it). */
  cache: GameCache;
  /** Rounds of a game (QUESTIONS_PER_GAME): also the most questions of their own a creator may write. */
  questionsPerGame: number;
  /** Friends a game takes at most (MAX_PLAYERS_PER_GAME). */
  maxPlayersPerGame: number;
  /** Responses one client network may store per game (PLAYS_PER_ADDRESS_PER_GAME; 0: no cap). */
  playsPerNetwork?: number;
  onGameCreated?: () => void;
  onResponseLogged?: () => void;
  /** Games made back for a creator (create-game's `replyTo`); without it `replyTo` is refused. */
  replies?: {
    /** The maker's public id on that game's board; undefined if they are not on it. */
    playerOf(gameId: string, playerUserId: string): Promise<string | undefined>;
    /** How many more games the maker may make back for that game (REPLIES_PER_FRIEND in all). */
    repliesLeft(gameId: string, playerID: string): Promise<number>;
    addReply(gameId: string, playerID: string, replyGameId: string): Promise<boolean>;
  };
  /**
   * A friend's response was stored (their push to the creator goes out from here); `subscriptions`
   * if the write already counted them on the game's push subscriptions (see AddResponseResult).
   */
  onFriendFinished?: (gameId: string, playerName: string, score: number, subscriptions?: number) => void;
}

export const TOO_MANY_PLAYS = 'Too many plays of this game from your network.';
const TOO_MANY_REPLIES = 'You cannot make any more games back for this game.';

export const gameRoutes: FastifyPluginAsync<GameRoutesOptions> = async (app, options) => {
  const { games, questions, cache } = options;
  // A game's join-game reply, serialized once per cached definition and language.
  const joinReplies = new WeakMap<Game, Map<Language, Serialized<'join-game'>>>();

  async function requireGame(gameId: string): Promise<Game> {
    const game = await cache.findGame(gameId);
    if (!game) throw unknownGame();
    return game;
  }

  async function requireGameExists(gameId: string): Promise<void> {
    if (!(await cache.gameExists(gameId))) throw unknownGame();
  }

  endpoint(
    app,
    'create-game',
    async ({ userId, userName, questionSet, answerSet, gameType, mode, pack, lang, replyTo }) => {
      const edition = editionOf(gameType);
      const drawn = await readQuestionSet(questionSet, edition, questions, options.questionsPerGame);
      checkAnswers(drawn, answerSet, 'answerSet');
      // Rounds the creator let time out are dropped: friends are never scored against them.
      const kept = answeredRounds(drawn, answerSet);
      if (kept.length === 0) throw badRequest('no_answered_rounds', 'Answer at least one round to make a game.');
      const gameQuestions = kept.map((index) => drawn[index]);
      // A game made back for a creator: its maker must be on that game's scoreboard.
      let replyFrom: string | undefined;
      if (replyTo) {
        await requireGameExists(replyTo.gameId);
        replyFrom = await options.replies?.playerOf(replyTo.gameId, replyTo.playerId);
        if (replyFrom === undefined) {
          throw forbidden('reply_not_played', 'You can make a game back only for a game you played.');
        }
        if (((await options.replies?.repliesLeft(replyTo.gameId, replyFrom)) ?? 1) <= 0) {
          throw conflict('too_many_replies', TOO_MANY_REPLIES);
        }
      }
      const gameId = newGameId();
      await games.createGame({
        id: gameId,
        edition,
        creatorUserId: userId,
        creatorName: userName,
        questionIds: gameQuestions.map((question) => question.id),
        answers: kept.map((index) => answerSet[index]),
        ownQuestions: gameQuestions.filter((question) => isOwnQuestionId(question.id)),
        lang,
        mode: mode ?? DEFAULT_MODE,
        // A game of the creator's own questions only was drawn from no pack.
        pack: gameQuestions.some((question) => !isOwnQuestionId(question.id)) ? pack : undefined,
      });
      // Announced to the first game's scoreboard; a friend removed (or a game deleted) meanwhile stores nothing.
      if (replyTo && replyFrom !== undefined) await options.replies?.addReply(replyTo.gameId, replyFrom, gameId);
      options.onGameCreated?.();
      return { gameId };
    },
  );

  endpoint(app, 'log-response', async ({ gameId, playerId, userName, responseSet }, request) => {
    const game = await requireGame(gameId);
    if (game.creatorUserId === playerId) throw creatorCannotPlay();
    try {
      checkAnswers(game.questions, responseSet, 'responseSet');
    } catch (error) {
      await refuseCreatorFirst(games, game, playerId, error);
    }
    const score = computeScore(game.edition, game.creatorAnswers, responseSet);
    // One write decides everything left (a co-creator, rounds stored one by one that must agree
    // and whose public id the friend keeps, play-once, the caps, a game deleted meanwhile).
    const result = await games.addResponse(
      {
        gameId,
        publicId: newPlayerId(),
        playerUserId: playerId,
        playerName: userName,
        answers: responseSet,
        score,
        network: networkOf(request.ip),
      },
      options.maxPlayersPerGame,
      options.playsPerNetwork ?? 0,
    );
    if (result.status === 'creator') throw creatorCannotPlay();
    if (result.status === 'differs')
      throw conflict('answers_differ', 'These answers differ from the rounds you already played.');
    if (result.status === 'duplicate')
      throw conflict('already_played', 'You have already played this game; your first answers stand.');
    if (result.status === 'full') throw conflict('game_full', 'This game is full.');
    if (result.status === 'too-many') throw conflict('too_many_plays', TOO_MANY_PLAYS);
    if (result.status === 'removed') throw removedFriend();
    // Deleted while this friend was answering.
    if (result.status === 'missing') throw unknownGame();
    options.onResponseLogged?.();
    options.onFriendFinished?.(gameId, result.player.playerName, result.player.score, result.pushSubscriptions);
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
    if (userId === undefined) {
      return { playerName: game.creatorName, isCreator: false, hasPlayed: false, mode: game.mode };
    }
    const [isCreator, hasPlayed] = await Promise.all([
      isGameCreator(games, game, userId),
      // A removed friend has still played: they go to their result (which then says there is no score), not back to Play.
      games.hasResponded(gameId, userId),
    ]);
    return { playerName: game.creatorName, isCreator, hasPlayed, mode: game.mode };
  });

  endpoint(app, 'join-game', async ({ gameId, lang }) => {
    const game = await requireGame(gameId);
    let replies = joinReplies.get(game);
    if (!replies) {
      replies = new Map();
      joinReplies.set(game, replies);
    }
    let reply = replies.get(lang);
    if (!reply) {
      // Key order as the reply schema writes it.
      const json = JSON.stringify({
        questions: game.questions.map((question) => toWireQuestion(options.texts.localize(question, lang))),
        gameType: gameTypeOf(game.edition),
        mode: game.mode,
        pack: game.pack,
      });
      reply = new Serialized(json);
      replies.set(lang, reply);
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
      throw notFound('no_score', 'There is no score for you in this game yet.');
    }
    return { score };
  });
};
