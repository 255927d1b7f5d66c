import { isCreator } from '../../api/calls.js';
import { useApi } from '../../api/useApi.js';
import { userId } from '../../state/user.js';

/**
 * Whether this browser is the creator of `gameId`: undefined while asking, false on any failure
 * (a creator's controls are only offered when the server has said yes).
 */
export function useIsCreator(gameId: string): boolean | undefined {
  const { data, error } = useApi(['is-creator', gameId], (signal) => isCreator(gameId, userId(), signal));
  return error ? false : data?.isCreator;
}
