import { useCallback, useEffect, useRef, useState } from 'react';
import type { CircleMatchesReply, CirclePairsReply } from '../../../shared/api.js';
import { ApiError, apiCall } from '../../api/http.js';
import { failure } from '../../i18n/failure.js';

/** Who asks for a circle: a friend who played (their private id), or a creator (theirs). */
export type CircleReader = { playerId: string } | { userId: string };

type ReplyFor<R extends CircleReader> = R extends { playerId: string } ? CircleMatchesReply : CirclePairsReply;

/**
 * Refetches after a live change wait a random moment up to this long: every screen of a game hears
 * the same message at once, and this spreads their calls (and folds a burst of friends into one call).
 */
export const REFETCH_SPREAD_MS = 1500;

export interface CircleState<T> {
  /** The last reply; kept while a newer one loads. */
  reply?: T;
  /** The last failure, when there is no reply to show. */
  error?: unknown;
  retry: () => void;
}

/**
 * A game's circle for `reader`, fetched once `change` is known (the live scoreboard's friends, as
 * a key) and again whenever it changes: a friend played or was removed.
 */
export function useCircle<R extends CircleReader>(
  gameId: string,
  reader: R,
  change: string | null,
  random: () => number = Math.random,
): CircleState<ReplyFor<R>> {
  const [state, setState] = useState<{ reply?: ReplyFor<R>; error?: unknown }>({});
  const [attempt, setAttempt] = useState(0);
  const fetched = useRef(false);
  const readerKey = 'playerId' in reader ? `p:${reader.playerId}` : `u:${reader.userId}`;
  // Read through a ref so that a new object with the same ids does not refetch.
  const readerRef = useRef(reader);
  readerRef.current = reader;

  // A new game or reader starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys are what matters here
  useEffect(() => {
    fetched.current = false;
    setState({});
  }, [gameId, readerKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` and `readerKey` ask for a new fetch
  useEffect(() => {
    if (change === null) return;
    const controller = new AbortController();
    const load = () => {
      apiCall(
        'get-circle',
        { query: { gameId, ...readerRef.current } },
        { signal: controller.signal, fallback: FALLBACK },
      )
        .then((reply) => {
          // The server is trusted, but a reply of another shape (a proxy's page) must not break the screen.
          if (!isCircleReply(reply)) throw new ApiError(FALLBACK, 200);
          fetched.current = true;
          setState({ reply: reply as ReplyFor<R> });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setState((s) => (s.reply ? s : { error }));
        });
    };
    // The first fetch at once; later ones (live changes) spread out.
    const timer = fetched.current ? setTimeout(load, Math.round(random() * REFETCH_SPREAD_MS)) : undefined;
    if (!timer) load();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [gameId, readerKey, change, attempt, random]);

  const retry = useCallback(() => {
    fetched.current = false;
    setState({});
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}

const FALLBACK = failure('load_circle_failed', 'Failed to load the circle');

function isCircleReply(reply: unknown): boolean {
  if (typeof reply !== 'object' || reply === null) return false;
  const { matches, pairs } = reply as { matches?: unknown; pairs?: unknown };
  return Array.isArray(matches) || Array.isArray(pairs);
}

/** The live scoreboard's friends as one key: it changes when a friend plays or is removed. */
export function friendsKey(live: { loaded: boolean; players: readonly { playerID: string }[] }): string | null {
  if (!live.loaded) return null;
  // The list comes off the wire (get-all-players when the socket cannot open): a malformed one is no list.
  return Array.isArray(live.players) ? live.players.map((p) => p.playerID).join(',') : '';
}
