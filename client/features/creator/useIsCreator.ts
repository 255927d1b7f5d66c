import type { GameMode } from '../../../shared/product.js';
import { isCreator } from '../../api/calls.js';
import { useApi } from '../../api/useApi.js';
import { userId } from '../../state/user.js';

/**
 * What is-creator says of `gameId` for this browser: whether it is the creator (undefined while
 * asking, false on any failure: a creator's controls are only offered when the server has said
 * yes), the game's mode and its creator's name (undefined until known).
 */
export function useCreatorCheck(gameId: string): {
  isCreator: boolean | undefined;
  mode: GameMode | undefined;
  creatorName: string | undefined;
} {
  const { data, error } = useApi(['is-creator', gameId], (signal) => isCreator(gameId, userId(), signal));
  return { isCreator: error ? false : data?.isCreator, mode: data?.mode, creatorName: data?.playerName };
}

/** Whether this browser is the creator of `gameId` (see useCreatorCheck). */
export function useIsCreator(gameId: string): boolean | undefined {
  return useCreatorCheck(gameId).isCreator;
}
