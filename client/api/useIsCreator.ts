import { useEffect, useState } from 'react';
import { userId } from '../state/user.js';
import { isCreator } from './calls.js';

/**
 * Whether this browser is the creator of `gameId`: undefined while asking, false on any failure
 * (a creator's controls are only offered when the server has said yes).
 */
export function useIsCreator(gameId: string): boolean | undefined {
  const [creator, setCreator] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    setCreator(undefined);
    isCreator(gameId, userId(), controller.signal)
      .then((info) => setCreator(info.isCreator))
      .catch(() => {
        if (!controller.signal.aborted) setCreator(false);
      });
    return () => controller.abort();
  }, [gameId]);
  return creator;
}
