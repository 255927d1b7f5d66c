import type { Game } from './repository.js';

/**
 * The creator rule, in one place: whether `userId` (already lowercased) may act as this game's
 * creator. That is the browser that made it, and any browser that opened its private creator link.
 */
export function isGameCreator(game: Pick<Game, 'creatorUserId' | 'coCreatorUserIds'>, userId: string): boolean {
  return game.creatorUserId === userId || game.coCreatorUserIds.includes(userId);
}
