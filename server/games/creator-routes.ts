import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { gameTypeOf } from '../../shared/model.js';
import { conflict, forbidden, notFound, unknownGame } from '../errors.js';
import { endpoint } from '../http/endpoint.js';
import { newCreatorKey } from '../ids.js';
import type { GameCache } from './cache.js';
import { isGameCreator } from './creator.js';
import type { Game, GameRepository } from './repository.js';

interface CreatorRoutesOptions {
  games: GameRepository;
  /** Where game definitions are read (the routes' shared cache). */
  cache: GameCache;
  /** Browsers that may claim one game through its creator link (CO_CREATORS_PER_GAME). */
  coCreatorsPerGame: number;
}

/** "My games" answers at most this many, newest first. */
const MY_GAMES_LIMIT = 100;

/**
 * Keys carry 132 random bits, so a plain SHA-256 is enough to make a leaked database useless for
 * taking over games (no salt or slow hash needed: there is nothing to guess).
 */
export const hashCreatorKey = (key: string) => createHash('sha256').update(key).digest('hex');

const ok = { ok: true as const };

/** What only a game's creator may do, "my games", and the private creator link. */
export const creatorRoutes: FastifyPluginAsync<CreatorRoutesOptions> = async (
  app,
  { games, cache, coCreatorsPerGame },
) => {
  /** The game, if `userId` is one of its creators: 404 for an unknown game, 403 for anyone else. */
  async function requireCreator(gameId: string, userId: string): Promise<Game> {
    const game = await cache.findGame(gameId);
    if (!game) throw unknownGame();
    if (!(await isGameCreator(games, game, userId)))
      throw forbidden('creator_only', 'Only the creator of this game can do that.');
    return game;
  }

  endpoint(app, 'remove-player', async ({ gameId, userId, playerID }) => {
    await requireCreator(gameId, userId);
    if (!(await games.removePlayer(gameId, playerID)))
      throw notFound('unknown_friend', 'There is no such friend in this game.');
    return ok;
  });

  endpoint(app, 'delete-game', async ({ gameId, userId }) => {
    await requireCreator(gameId, userId);
    // False only if another request deleted it in between: the game is gone either way.
    if (!(await games.deleteGame(gameId))) throw unknownGame();
    return ok;
  });

  endpoint(app, 'my-games', async ({ userId }) => {
    const summaries = await games.listGamesOf(userId, MY_GAMES_LIMIT);
    return {
      games: summaries.map((game) => ({
        gameId: game.id,
        gameType: gameTypeOf(game.edition),
        mode: game.mode,
        creatorName: game.creatorName,
        createdAt: new Date(game.createdAt).toISOString(),
        players: game.players,
      })),
    };
  });

  endpoint(app, 'creator-link', async ({ gameId, userId }) => {
    await requireCreator(gameId, userId);
    const key = newCreatorKey();
    await games.setCreatorKeyHash(gameId, hashCreatorKey(key));
    return { key };
  });

  endpoint(app, 'claim-game', async ({ gameId, key, userId }) => {
    const game = await cache.findGame(gameId);
    if (!game) throw unknownGame();
    // Opening one's own link again (or on a browser that already claimed it) is fine.
    if (game.creatorUserId === userId) return ok;
    const claim = await games.claimGame(gameId, hashCreatorKey(key), userId, coCreatorsPerGame);
    if (claim === 'wrong-key') {
      throw forbidden(
        'creator_link_invalid',
        'This creator link no longer works. Make a new one on the end screen of a device that is creator.',
      );
    }
    // Each creator is one more browser that can delete the game; a leaked link is not an open door.
    if (claim === 'full') throw conflict('too_many_creators', 'This game has too many creators.');
    return ok;
  });
};
