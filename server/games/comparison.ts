import type { FastifyPluginAsync } from 'fastify';
import type { ReplyOf } from '../../shared/api.js';
import { gameTypeOf, type Question, toWireQuestion } from '../../shared/model.js';
import { roundPoints } from '../../shared/score.js';
import { answersHalf, REVEAL_NEEDS_HALF } from '../../shared/trust.js';
import { forbidden, notFound, removedFriend, unknownGame } from '../errors.js';
import { endpoint } from '../http/endpoint.js';
import type { QuestionTexts } from '../questions/translations.js';
import type { GameCache } from './cache.js';
import { isGameCreator } from './creator.js';
import type { Game, GameRepository, StoredResponse } from './repository.js';

interface ComparisonRoutesOptions {
  games: GameRepository;
  /** Where game definitions are read (the routes' shared cache). */
  cache: GameCache;
  /** The questions in every language (`lang`). */
  texts: QuestionTexts;
}

const NOT_PLAYED = 'You have not played this game yet, so there is nothing to compare.';
const NO_SUCH_FRIEND = 'This friend is not on the scoreboard of this game.';

/**
 * The reveal: a friend's answers beside the creator's, round by round. The creator's answers leave
 * the server only here, and only once that friend's response is stored (the response is what is
 * looked up first; without it there is nothing to compare and the answer is 404). A friend whose
 * play answered fewer than half its rounds gets no reveal (404); the creator still sees it.
 */
export const comparisonRoutes: FastifyPluginAsync<ComparisonRoutesOptions> = async (app, { games, cache, texts }) => {
  endpoint(app, 'get-comparison', async (query) => {
    const game = await cache.findGame(query.gameId);
    if (!game) throw unknownGame();
    let response: StoredResponse | undefined;
    if (query.reader === 'friend') {
      response = await games.findResponse(game.id, query.playerId);
      if (!response) throw notFound('not_played', NOT_PLAYED);
      // A throw-away play of a round or two would read the creator's answers for the real one (issue 30).
      if (!answersHalf(game.edition, response.answers)) throw notFound('reveal_needs_half', REVEAL_NEEDS_HALF);
    } else {
      if (!(await isGameCreator(games, game, query.userId))) {
        throw forbidden('answers_creator_only', "Only the game's creator can see a friend's answers.");
      }
      response = await games.findResponseByPublicId(game.id, query.playerID);
      if (!response) throw notFound('unknown_friend', NO_SUCH_FRIEND);
    }
    // Rank and count come from the scoreboard's own listing, so they always agree with get-all-players
    // (and a friend who is not listed there has no comparison either).
    const players = await games.listPlayers(game.id);
    const index = players.findIndex((player) => player.playerID === response.publicId);
    // Stored but not listed: the creator removed this friend.
    if (index < 0) throw query.reader === 'friend' ? removedFriend() : notFound('unknown_friend', NO_SUCH_FRIEND);
    const localize = (question: Question) => texts.localize(question, query.lang);
    return compare(game, response, index + 1, players.length, localize);
  });
};

function compare(
  game: Game,
  response: StoredResponse,
  rank: number,
  players: number,
  localize: (question: Question) => Question,
): ReplyOf<'get-comparison'> {
  return {
    gameType: gameTypeOf(game.edition),
    mode: game.mode,
    creatorName: game.creatorName,
    playerName: response.playerName,
    score: response.score,
    rank,
    players,
    rounds: game.questions.map((question, i) => ({
      ...toWireQuestion(localize(question)),
      creatorAnswer: game.creatorAnswers[i],
      playerAnswer: response.answers[i],
      points: roundPoints(game.edition, game.creatorAnswers[i], response.answers[i]),
    })),
  };
}
