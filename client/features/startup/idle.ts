/** How long deferred work may wait for an idle moment before it runs anyway. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `work` when the main thread is next idle (within IDLE_TIMEOUT_MS), so that fetching and
 * running code the first screen does not need never lengthens the tasks that draw it or answer a
 * tap. Where requestIdleCallback is missing (Safari), a timer stands in. Returns a cancel function.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 1);
  return () => clearTimeout(timer);
}
