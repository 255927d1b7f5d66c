import type { Game, GameRepository } from './repository.js';

/**
 * The creator rule, in one place: whether `userId` (already lowercased) may act as this game's
 * creator. That is the browser that made it, and any browser that opened its private creator link
 * (one look-up by primary key: a game's co-creators are never read as a list).
 */
export async function isGameCreator(
  games: Pick<GameRepository, 'isCoCreator'>,
  game: Pick<Game, 'id' | 'creatorUserId'>,
  userId: string,
): Promise<boolean> {
  return game.creatorUserId === userId || games.isCoCreator(game.id, userId);
}
