import type { FastifyPluginAsync } from 'fastify';
import { forbidden, unknownGame } from '../errors.js';
import type { GameCache } from '../games/cache.js';
import { isGameCreator } from '../games/creator.js';
import type { GameRepository } from '../games/repository.js';
import { endpoint } from '../http/endpoint.js';
import type { ReplyRepository } from './repository.js';

export interface ShareRoutesOptions {
  replies: ReplyRepository;
  games: Pick<GameRepository, 'isCoCreator'>;
  cache: GameCache;
}

/**
 * `GET /prod/get-replies`: the games friends made back for this game's creator, for the
 * scoreboard after a reload (live, each arrives as `{"type":"reply"}`). Creators only (403).
 */
export const shareRoutes: FastifyPluginAsync<ShareRoutesOptions> = async (app, { replies, games, cache }) => {
  endpoint(app, 'get-replies', async ({ gameId, userId }) => {
    const game = await cache.findGame(gameId);
    if (!game) throw unknownGame();
    if (!(await isGameCreator(games, game, userId))) {
      throw forbidden('creator_only', 'Only the creator of this game can see the games made for them.');
    }
    return { replies: await replies.listReplies(gameId) };
  });
};
