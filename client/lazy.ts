import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import { failure } from './i18n/failure.js';

const SCREEN_TIMEOUT = failure('screen_timeout', 'This screen took too long to load.');

/** How long a screen's code may take to arrive before the error screen is shown instead. */
const CHUNK_TIMEOUT_MS = 120_000;

type LazyScreen<P> = ComponentType<P> & { preload: () => void };

/** A screen's code that did not arrive (offline, a timeout): the person can try again where they are. */
export class ScreenLoadError extends Error {
  override name = 'ScreenLoadError';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ScreenLoadError(SCREEN_TIMEOUT.message)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Screens whose code failed to load, each with the way to make a fresh attempt possible. */
const failed = new Set<() => void>();

/**
 * Lets every screen whose code failed be fetched again when next rendered (the error screen's
 * Try again). React keeps a lazy component's failure for good, so each gets a fresh one; done
 * only on request, as swapping at the failure itself would have React retry for ever.
 */
export function retryFailedScreens(): void {
  for (const renew of failed) renew();
  failed.clear();
}

/** A screen loaded on first use (or on `preload`), failing after 120 s with a ScreenLoadError. */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  let current: LazyExoticComponent<ComponentType<P>>;
  const renew = () => {
    current = lazy(loadOnce);
  };
  const loadOnce = () => {
    pending ??= withTimeout(load(), CHUNK_TIMEOUT_MS).catch((error: unknown) => {
      pending = undefined;
      failed.add(renew);
      throw error instanceof ScreenLoadError ? error : new ScreenLoadError(String(error), { cause: error });
    });
    return pending;
  };
  renew();
  const Screen = (props: P) => createElement(current as ComponentType<P>, props);
  return Object.assign(Screen, {
    preload: () => {
      loadOnce().catch(() => {
        // Preloading is a hint; the real load reports its own failure.
      });
    },
  });
}
