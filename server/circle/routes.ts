import type { FastifyPluginAsync } from 'fastify';
import type { CirclePairsReply } from '../../shared/api.js';
import { conflict, forbidden, notFound, unknownGame } from '../errors.js';
import { isGameCreator } from '../games/creator.js';
import type { Game, GameRepository } from '../games/repository.js';
import { endpoint, Serialized } from '../http/endpoint.js';
import type { CircleCache } from './cache.js';
import { type CircleIndex, CircleTooLargeError } from './circle-index.js';

export interface CircleRoutesOptions {
  /** The game's definition (its edition and creators), as the game cache keeps it. */
  findGame(gameId: string): Promise<Game | undefined>;
  /** A friend's own response, found by their private id (removed or not). */
  games: Pick<GameRepository, 'findResponse' | 'isCoCreator'>;
  circles: CircleCache;
}

// As the reveal (get-comparison) says them: the circle has the same readers.
const NOT_PLAYED = 'You have not played this game yet, so there is nothing to compare.';
const REMOVED = 'The creator removed you from this game.';
const CREATORS_ONLY = "Only the game's creator can see how friends compare with each other.";
const TOO_LARGE = 'This game has too many friends to compare them all with each other.';

const score = (tenths: number) => tenths / 10;

/**
 * Your friends' circle: friends of one game compared with each other, with the score's own
 * formula. A friend who played reads their score with every other friend; a creator reads the
 * closest pairs. No answer ever leaves here, and removed friends are in no reply.
 */
export const circleRoutes: FastifyPluginAsync<CircleRoutesOptions> = async (app, { findGame, games, circles }) => {
  async function circleOf(game: Game, publicId?: string): Promise<CircleIndex> {
    try {
      return await circles.circle(game.id, game.edition, publicId);
    } catch (error) {
      if (error instanceof CircleTooLargeError) throw conflict('circle_too_large', TOO_LARGE);
      throw error;
    }
  }

  endpoint(app, 'get-circle', async (query): Promise<CirclePairsReply | Serialized<'get-circle'>> => {
    const game = await findGame(query.gameId);
    if (!game) throw unknownGame();
    if (query.reader === 'friend') {
      const response = await games.findResponse(game.id, query.playerId);
      if (!response) throw notFound('not_played', NOT_PLAYED);
      const matches = (await circleOf(game, response.publicId)).matches(response.publicId);
      // Stored but not in the circle: the creator removed them.
      if (!matches) throw notFound('removed_friend', REMOVED);
      // Up to 999 rows: written here in the reply schema's key order rather than checked row by row by it.
      const rows = matches.map(
        (m) =>
          `{"playerID":${JSON.stringify(m.publicId)},"playerName":${JSON.stringify(m.name)},"score":${score(m.tenths)}}`,
      );
      return new Serialized(`{"matches":[${rows.join(',')}]}`);
    }
    if (!(await isGameCreator(games, game, query.userId))) throw forbidden('circle_creator_only', CREATORS_ONLY);
    const circle = await circleOf(game);
    return {
      pairs: circle.topPairs().map(({ a, b, tenths }) => ({
        a: { playerID: a.publicId, playerName: a.name },
        b: { playerID: b.publicId, playerName: b.name },
        score: score(tenths),
      })),
      players: circle.size,
    };
  });
};
