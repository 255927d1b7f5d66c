import { useCallback, useEffect, useState } from 'react';
import { useLatest } from '../hooks/useLatest.js';

/** What a screen knows about data it asked for. */
interface ApiState<T> {
  /** The answer for the current key; undefined while loading, after a failure, or when not enabled. */
  data: T | undefined;
  /** Why the last load for the current key failed (an ApiError from apiCall, usually). */
  error: Error | undefined;
  loading: boolean;
  /** Loads the current key once more. */
  retry: () => void;
  /** How many times `retry` was called for the current key: 0 until the person asks for a reload. */
  retries: number;
}

interface Settled<T> {
  id: string;
  retries: number;
  data?: T;
  error?: Error;
}

/**
 * Loads data for a screen, one way for every screen: `load` (a call of client/api/calls.ts, given
 * an AbortSignal) runs whenever `key` changes (compared as JSON, so the screen passes its
 * parameters as they are) and on `retry`; the call in flight is aborted when the key changes or
 * the screen goes away, and its late answer is never shown. With `enabled: false` nothing is
 * asked. Answers belong to their key: a new key reads as loading, never as the old key's data.
 */
export function useApi<T>(
  key: readonly unknown[],
  load: (signal: AbortSignal) => Promise<T>,
  { enabled = true }: { enabled?: boolean } = {},
): ApiState<T> {
  const id = JSON.stringify(key);
  const [retried, setRetried] = useState({ id, count: 0 });
  const retries = retried.id === id ? retried.count : 0;
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const latestLoad = useLatest(load);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const settle = (outcome: Omit<Settled<T>, 'id' | 'retries'>) => {
      if (!controller.signal.aborted) setSettled({ id, retries, ...outcome });
    };
    latestLoad.current(controller.signal).then(
      (data) => settle({ data }),
      (error: unknown) => settle({ error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => controller.abort();
  }, [id, retries, enabled, latestLoad]);

  const retry = useCallback(() => setRetried((last) => ({ id, count: (last.id === id ? last.count : 0) + 1 })), [id]);
  const current = enabled && settled?.id === id && settled.retries === retries ? settled : undefined;
  return {
    data: current?.data,
    error: current?.error,
    loading: enabled && current === undefined,
    retry,
    retries,
  };
}
