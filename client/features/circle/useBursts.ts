import { useEffect, useState } from 'react';
import type { Player } from '../../../shared/api.js';
import { apiCall, REQUEST_FAILED } from '../../api/http.js';
import { userId } from '../../state/user.js';
import { REFETCH_SPREAD_MS } from './useCircle.js';

const NONE: ReadonlySet<string> = new Set();

/**
 * For a game's creator: the friends on the scoreboard whose plays came in a burst from one network
 * (get-bursts: more than 5 within 10 minutes). Asked once the scoreboard is there and again
 * whenever its friends change (live), a random moment later like the circle; nothing for anyone
 * else (the server refuses them too). A failed call marks nothing: the flag is a hint.
 */
export function useBursts(
  gameId: string,
  players: readonly Player[],
  isCreator: boolean | undefined,
  random: () => number = Math.random,
): ReadonlySet<string> {
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(NONE);
  const key = players.map((player) => player.playerID).join(',');
  const [asked, setAsked] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` (the board's friends) asks again
  useEffect(() => {
    if (!isCreator || key === '') return;
    const controller = new AbortController();
    const load = () => {
      apiCall(
        'get-bursts',
        { query: { gameId, userId: userId() } },
        { signal: controller.signal, fallback: REQUEST_FAILED },
      )
        .then((reply) => {
          setAsked(true);
          setFlagged(Array.isArray(reply.playerIDs) ? new Set(reply.playerIDs) : NONE);
        })
        .catch(() => {});
    };
    const timer = asked ? setTimeout(load, Math.round(random() * REFETCH_SPREAD_MS)) : undefined;
    if (!timer) load();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [gameId, key, isCreator, random]);
  return isCreator ? flagged : NONE;
}
