import type { FastifyPluginAsync } from 'fastify';
import type { CirclePairsReply } from '../../shared/api.js';
import { MODES } from '../../shared/modes.js';
import { answersHalf, bandOfTenths, CIRCLE_NEEDS_HALF } from '../../shared/trust.js';
import { conflict, forbidden, notFound, unknownGame } from '../errors.js';
import { isGameCreator } from '../games/creator.js';
import { type RoundRepository, UNFINISHED_SHOWN } from '../games/plays.js';
import type { Game, GameRepository } from '../games/repository.js';
import { endpoint, Serialized } from '../http/endpoint.js';
import { burstPlays } from './bursts.js';
import type { CircleCache } from './cache.js';
import { type CircleIndex, CircleTooLargeError } from './circle-index.js';
import type { CircleRepository } from './repository.js';

export interface CircleRoutesOptions {
  /** The game's definition (its edition and creators), as the game cache keeps it. */
  findGame(gameId: string): Promise<Game | undefined>;
  /** A friend's own response, found by their private id (removed or not). */
  games: Pick<GameRepository, 'findResponse' | 'isCoCreator' | 'listPlayers'>;
  circles: CircleCache;
  /** Each play's network, for the creator's burst flag. */
  networks: Pick<CircleRepository, 'listNetworkPlays'>;
  /** Friends who began round by round and have not finished: in the burst flag too. */
  unfinished?: Pick<RoundRepository, 'listUnfinished'>;
}

// As the reveal (get-comparison) says them: the circle has the same readers.
const NOT_PLAYED = 'You have not played this game yet, so there is nothing to compare.';
const REMOVED = 'The creator removed you from this game.';
const CREATORS_ONLY = "Only the game's creator can see how friends compare with each other.";
const TOO_LARGE = 'This game has too many friends to compare them all with each other.';
const CIRCLE_CROWDED = 'Too many plays of this game from your network to show your circle.';
const ANSWERS_ALIKE = 'Most of your answers are the same, so there is no circle for them.';
const NEAR_REPEAT =
  'Someone on your network already answered this game almost the same way (one round different at most), so there is no circle for these answers.';
const ALIKE_ONLY = "The friends' circle is only for games where friends answer for themselves, not for guess games.";
const CREATORS_ONLY_BURSTS = "Only the game's creator can see where plays came from.";

/**
 * Your friends' circle: friends of one game compared with each other, with the score's own
 * formula. A friend who played reads how in tune they are with every other friend; a creator reads
 * the closest pairs. Each comes as a band ("in-tune", "close", "apart") in the order of the exact
 * scores, which never leave here (exact pair scores are an oracle for the answers, issue 30); no
 * answer ever leaves here, and removed friends and plays of fewer than half their rounds are in no reply.
 * Plays that probe (mostly one answer, or one round from an earlier play of their block) get no
 * circle of their own: bands read side by side are a threshold oracle (issue 42.7).
 */
export const circleRoutes: FastifyPluginAsync<CircleRoutesOptions> = async (
  app,
  { findGame, games, circles, networks, unfinished },
) => {
  async function circleOf<T>(game: Game, publicId: string | undefined, reader: (circle: CircleIndex) => T): Promise<T> {
    try {
      return await circles.read(game.id, game.edition, publicId, reader);
    } catch (error) {
      if (error instanceof CircleTooLargeError) throw conflict('circle_too_large', TOO_LARGE);
      throw error;
    }
  }

  endpoint(app, 'get-circle', async (query): Promise<CirclePairsReply | Serialized<'get-circle'>> => {
    const game = await findGame(query.gameId);
    if (!game) throw unknownGame();
    // In a guess game everyone guesses the same answers: how alike friends are says nothing.
    if (!MODES[game.mode].circle) throw notFound('circle_alike_only', ALIKE_ONLY);
    if (query.reader === 'friend') {
      const response = await games.findResponse(game.id, query.playerId);
      if (!response) throw notFound('not_played', NOT_PLAYED);
      if (!answersHalf(game.edition, response.answers)) throw notFound('circle_needs_half', CIRCLE_NEEDS_HALF);
      const matches = await circleOf(game, response.publicId, (circle) =>
        // One network's later plays of a crowded game: an attacker's, most likely (SAME_NETWORK_SHOWN).
        circle.withheld(response.publicId)
          ? 'withheld'
          : // A play built to read thresholds (issue 42.7): its score stands, its circle is not given.
            (circle.probe(response.publicId) ?? circle.matches(response.publicId)),
      );
      if (matches === 'withheld') throw notFound('circle_network_crowded', CIRCLE_CROWDED);
      if (matches === 'answers-alike') throw notFound('circle_answers_alike', ANSWERS_ALIKE);
      if (matches === 'near-repeat') throw notFound('circle_near_repeat', NEAR_REPEAT);
      // Stored but not in the circle: the creator removed them.
      if (!matches) throw notFound('removed_friend', REMOVED);
      // Up to 999 rows: written here in the reply schema's key order rather than checked row by row by it.
      const rows = matches.map(
        (m) =>
          `{"playerID":${JSON.stringify(m.publicId)},"playerName":${JSON.stringify(m.name)},"band":"${bandOfTenths(m.tenths)}"}`,
      );
      return new Serialized(`{"matches":[${rows.join(',')}]}`);
    }
    if (!(await isGameCreator(games, game, query.userId))) throw forbidden('circle_creator_only', CREATORS_ONLY);
    return circleOf(game, undefined, (circle) => ({
      pairs: circle.topPairs().map(({ a, b, tenths }) => ({
        a: { playerID: a.publicId, playerName: a.name },
        b: { playerID: b.publicId, playerName: b.name },
        band: bandOfTenths(tenths),
      })),
      players: circle.size,
    }));
  });

  endpoint(app, 'get-bursts', async ({ gameId, userId }) => {
    const game = await findGame(gameId);
    if (!game) throw unknownGame();
    if (!(await isGameCreator(games, game, userId))) throw forbidden('creator_only', CREATORS_ONLY_BURSTS);
    const flagged = burstPlays(await networks.listNetworkPlays(game.id));
    if (flagged.size === 0) return { playerIDs: [] };
    // The scoreboard's friends, then the unfinished plays the creator's list shows (a play counts
    // from its first round): a removed one is in neither (the client keeps their order).
    const [board, playing] = await Promise.all([
      games.listPlayers(game.id),
      unfinished?.listUnfinished(game.id, UNFINISHED_SHOWN),
    ]);
    const ids = [...board.map((player) => player.playerID), ...(playing?.plays ?? []).map((play) => play.playerID)];
    return { playerIDs: ids.filter((id) => flagged.has(id)) };
  });
};
