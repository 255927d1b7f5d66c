import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { failure, failureError } from './i18n/failure.js';

const SCREEN_TIMEOUT = failure('screen_timeout', 'This screen took too long to load.');

/** How long a screen's code may take to arrive before the error screen is shown instead. */
const CHUNK_TIMEOUT_MS = 120_000;

type LazyScreen<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => void };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(failureError(SCREEN_TIMEOUT)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** A screen loaded on first use (or on `preload`), failing after 120 s; a failed load can be retried. */
export function lazyScreen<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => {
    pending ??= withTimeout(load(), CHUNK_TIMEOUT_MS).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  return Object.assign(lazy(loadOnce), {
    preload: () => {
      loadOnce().catch(() => {
        // Preloading is a hint; the real load reports its own failure.
      });
    },
  });
}
