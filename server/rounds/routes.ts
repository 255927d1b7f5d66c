import type { FastifyPluginAsync } from 'fastify';
import { answerRange } from '../../shared/model.js';
import { MODES } from '../../shared/modes.js';
import { roundPoints } from '../../shared/score.js';
import { badRequest, conflict, forbidden, removedFriend, unknownGame } from '../errors.js';
import type { GameCache } from '../games/cache.js';
import { creatorCannotPlay, isGameCreator, refuseCreatorFirst } from '../games/creator.js';
import { type RoundRepository, UNFINISHED_SHOWN } from '../games/plays.js';
import type { Game, GameRepository } from '../games/repository.js';
import { TOO_MANY_PLAYS } from '../games/routes.js';
import { endpoint, Serialized } from '../http/endpoint.js';
import { networkOf } from '../http/networks.js';
import { newPlayerId } from '../ids.js';

export interface RoundRoutesOptions {
  games: Pick<GameRepository, 'isCoCreator'>;
  rounds: RoundRepository;
  cache: GameCache;
  /** Friends a game takes at most (MAX_PLAYERS_PER_GAME). */
  maxPlayersPerGame: number;
  /** Plays one client network may begin per game, finished or not (PLAYS_PER_ADDRESS_PER_GAME; 0: no cap). */
  playsPerNetwork?: number;
}

/** A friend who has finished, as log-response says it. */
export const ALREADY_PLAYED = 'You have already played this game; your first answers stand.';

/** A 400 if `answer` is outside round `round`'s range. */
function outOfRange(game: Game, round: number, answer: number) {
  const [min, max] = answerRange(game.questions[round]);
  if (answer >= min && answer <= max) return undefined;
  return badRequest(
    'answer_out_of_range',
    `The field "answer" must be between ${min} and ${max} for round ${round + 1}; got ${answer}.`,
  );
}

/**
 * POST answer-round (one round stored, in order, final), GET get-rounds (how far a friend's own play
 * is) and, for creators, GET get-unfinished (who began and has not finished).
 */
export const roundRoutes: FastifyPluginAsync<RoundRoutesOptions> = async (app, options) => {
  const { games, rounds, cache } = options;

  async function requireGame(gameId: string): Promise<Game> {
    const game = await cache.findGame(gameId);
    if (!game) throw unknownGame();
    return game;
  }

  endpoint(app, 'answer-round', async ({ gameId, playerId, userName, round, answer }, request) => {
    const game = await requireGame(gameId);
    if (game.creatorUserId === playerId) throw creatorCannotPlay();
    const count = game.questions.length;
    const invalid =
      round >= count
        ? badRequest(
            'validation_failed',
            `The field "round" must be below ${count}: this game has ${count} rounds; got ${round}.`,
          )
        : outOfRange(game, round, answer);
    if (invalid) await refuseCreatorFirst(games, game, playerId, invalid);
    const result = await rounds.storeRound({
      gameId,
      playerUserId: playerId,
      newPublicId: newPlayerId(),
      playerName: userName,
      round,
      answer,
      rounds: count,
      maxPlayers: options.maxPlayersPerGame,
      network: networkOf(request.ip),
      maxPerNetwork: options.playsPerNetwork ?? 0,
    });
    switch (result.status) {
      case 'stored':
      case 'repeat': {
        // Key order as the reply schema writes it; playerID is a string, the counts whole numbers.
        const reply = `{"ok":true,"playerID":${JSON.stringify(result.playerID)},"round":${result.round},"rounds":${count}`;
        if (!MODES[game.mode].creatorAnswerWithRound) return new Serialized(`${reply}}`);
        // A guess game: the creator's answer to this round, now that the friend's own is stored
        // (`stored` and `repeat` both mean round `round` is in the database with this very answer).
        // Never before: this is after storeRound, and no other call gives it until log-response.
        const creatorAnswer = game.creatorAnswers[round];
        const points = roundPoints(game.edition, creatorAnswer, answer);
        return new Serialized(`${reply},"creatorAnswer":${creatorAnswer},"points":${points}}`);
      }
      case 'creator':
        throw creatorCannotPlay();
      case 'changed':
        throw conflict('round_already_answered', 'This round is already answered.');
      case 'out-of-order':
        throw conflict('round_out_of_order', 'Play the rounds in order.');
      case 'finished':
        throw conflict('already_played', ALREADY_PLAYED);
      case 'removed':
        throw removedFriend();
      case 'full':
        throw conflict('game_full', 'This game is full.');
      case 'too-many':
        throw conflict('too_many_plays', TOO_MANY_PLAYS);
      case 'missing':
        // Deleted while this friend was answering.
        throw unknownGame();
    }
  });

  endpoint(app, 'get-unfinished', async ({ gameId, userId }) => {
    const game = await requireGame(gameId);
    if (!(await isGameCreator(games, game, userId)))
      throw forbidden('creator_only', 'Only the creator of this game can do that.');
    const { plays, more } = await rounds.listUnfinished(gameId, UNFINISHED_SHOWN);
    const count = game.questions.length;
    return {
      friends: plays.map(({ playerID, playerName, round }) => ({ playerID, playerName, round, rounds: count })),
      more,
    };
  });

  endpoint(app, 'get-rounds', async ({ gameId, playerId }) => {
    const game = await requireGame(gameId);
    const play = await rounds.findPlay(gameId, playerId);
    // Only the count: the answers stay private until the friend finishes (and then they are a response).
    return { round: play?.answers.length ?? 0, rounds: game.questions.length };
  });
};
