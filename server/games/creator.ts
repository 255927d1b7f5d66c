import type { Game } from './repository.js';

/** The creator rule, in one place: whether `userId` (already lowercased) may act as this game's creator. */
export function isGameCreator(game: Pick<Game, 'creatorUserId'>, userId: string): boolean {
  return game.creatorUserId === userId;
}
