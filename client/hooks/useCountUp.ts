import { useEffect, useState } from 'react';

/**
 * Counts from 0 up to `target` by 1 every `stepMs`; jumps straight there when `instant`.
 * The count follows the clock, so a late interval on a busy phone does not slow it down.
 */
export function useCountUp(target: number, stepMs: number, instant: boolean): number {
  const [value, setValue] = useState(instant ? target : 0);
  const done = value >= target;

  useEffect(() => {
    if (instant) {
      setValue(target);
      return;
    }
    if (done) return;
    const startedAt = Date.now();
    const id = setInterval(() => {
      setValue(Math.min(target, Math.floor((Date.now() - startedAt) / stepMs)));
    }, stepMs);
    return () => clearInterval(id);
    // Started once per target: `done` only stops it.
  }, [target, stepMs, instant, done]);

  return Math.min(value, target);
}
