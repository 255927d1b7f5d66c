import { conflict } from '../errors.js';
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

/** What a game's creator (or co-creator) is told when they answer it, a round or all at once. */
export const creatorCannotPlay = () =>
  conflict(
    'creator_cannot_play',
    'You created this game, so you cannot answer it. Share the link with your friends instead.',
  );

/**
 * Throws what a request whose answers are wrong is told: that its player cannot play, if they are
 * one of the game's creators (they hear that first), else `problem`. The co-creator look-up is
 * made on this failing path only: the writes refuse co-creators by themselves, so a good answer
 * costs one write.
 */
export async function refuseCreatorFirst(
  games: Pick<GameRepository, 'isCoCreator'>,
  game: Pick<Game, 'id' | 'creatorUserId'>,
  userId: string,
  problem: unknown,
): Promise<never> {
  throw (await isGameCreator(games, game, userId)) ? creatorCannotPlay() : problem;
}
