import { useEffect, useState } from 'react';
import { useLatest } from '../../hooks/useLatest.js';
import { usePageVisible } from '../../hooks/usePageVisible.js';

const TIMER_TICK_MS = 10;
const TIMER_STEP = 0.1;
export const TIMER_FULL = 100;
const TICKS = Math.round(TIMER_FULL / TIMER_STEP);
/** A round's length in seconds, as players are told it. */
export const ROUND_SECONDS = (TICKS * TIMER_TICK_MS) / 1000;

/**
 * The round's timer: 0.1 more every 10 ms until it reaches 100 (about 10 s), then `onEnd` once.
 * Progress follows the clock rather than counting callbacks, so a busy phone that fires the
 * interval late still ends the round on time. Stops (and never ends) once `running` is false.
 * Pauses while the page is hidden and resumes where it was: a notification that takes over the
 * phone, or a switch to another app, must not cost a round.
 */
export function useRoundTimer(running: boolean, onEnd: () => void): number {
  const [ticks, setTicks] = useState(0);
  const onEndRef = useLatest(onEnd);
  const visible = usePageVisible();
  const counting = running && visible;
  const finished = ticks >= TICKS;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `ticks` only seeds a restart; the interval itself owns the count.
  useEffect(() => {
    if (!counting || finished) return;
    const startedAt = Date.now() - ticks * TIMER_TICK_MS;
    const id = setInterval(() => {
      setTicks(Math.min(TICKS, Math.floor((Date.now() - startedAt) / TIMER_TICK_MS)));
    }, TIMER_TICK_MS);
    return () => clearInterval(id);
  }, [counting, finished]);

  useEffect(() => {
    if (running && finished) onEndRef.current();
  }, [running, finished, onEndRef]);

  return ticks / (TICKS / TIMER_FULL);
}
