import { useEffect, useRef, useState } from 'react';

const TICK_MS = 250;

/**
 * Whole seconds left until `deadline` (this device's clock, usePartyLive's), ticking down; null
 * without a deadline. Within one phase (`phaseKey`) the number shown never goes up, even if the
 * device's clock is set back or a later message names a later end: it only starts again at a
 * phase change.
 */
export function useCountdown(deadline: number | null, phaseKey: string, now: () => number = Date.now): number | null {
  const [, setTick] = useState(0);
  const shown = useRef<{ key: string; seconds: number } | null>(null);
  useEffect(() => {
    if (deadline === null) return;
    const id = setInterval(() => setTick((tick) => tick + 1), TICK_MS);
    return () => clearInterval(id);
  }, [deadline]);
  if (deadline === null) return null;
  let seconds = Math.max(0, Math.ceil((deadline - now()) / 1000));
  const last = shown.current;
  if (last !== null && last.key === phaseKey) seconds = Math.min(seconds, last.seconds);
  shown.current = { key: phaseKey, seconds };
  return seconds;
}
