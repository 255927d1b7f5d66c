import type { ReplyOf } from '../../shared/api.js';
import { userId } from '../state/user.js';
import { isCreator } from './calls.js';
import { ApiError } from './http.js';
import { useApi } from './useApi.js';

/** A game id that is not (or no longer) a game: 404, or 400 for what cannot be a game id at all. */
export const isGameGoneError = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

interface GameCheck {
  /** Undefined while asking (or not asked), then whether the game itself is gone. */
  gone: boolean | undefined;
  /** Who this browser is in the game, when it exists. */
  info?: ReplyOf<'is-creator'>;
}

/**
 * Once `ask` is true (a screen's own call answered 404, which can mean several things), what
 * is-creator says: it answers 404 only for a game that does not exist, and otherwise tells
 * whether this browser created the game or played it.
 */
export function useGameCheck(gameId: string, ask: boolean): GameCheck {
  const probe = useApi(['is-creator', gameId], (signal) => isCreator(gameId, userId(), signal), { enabled: ask });
  if (probe.data) return { gone: false, info: probe.data };
  // Any other failure (no connection) is not a verdict: the screen keeps its own error.
  if (probe.error) return { gone: isGameGoneError(probe.error) };
  return { gone: undefined };
}
