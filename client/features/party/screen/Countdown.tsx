import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

const TICK_MS = 250;

/** Whole seconds left until `deadline` (device clock), never below 0. */
export const secondsLeft = (deadline: number, now: number) => Math.max(0, Math.ceil((deadline - now) / 1000));

/**
 * The seconds left in this phase, large, counted on this device's clock from `deadline`. The shown
 * number never goes up within one phase (`phaseKey`): a later deadline (a late sync) is ignored,
 * only a new phase starts it again. Screen readers are not told each second (Milestones says "time's up").
 */
export function Countdown({ deadline, phaseKey }: { deadline: number; phaseKey: string }) {
  const { t } = useLingui();
  // Ticks only re-render: the time is read at each render, so a new deadline never meets a stale clock.
  const [, setTick] = useState(0);
  const shown = useRef<{ key: string; seconds: number } | null>(null);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  let seconds = secondsLeft(deadline, Date.now());
  if (shown.current?.key === phaseKey) seconds = Math.min(seconds, shown.current.seconds);
  shown.current = { key: phaseKey, seconds };
  return (
    <div className="party-countdown" data-testid="party-countdown" data-low={seconds <= 5 || undefined}>
      <span className="party-countdown__number" aria-hidden="true">
        {seconds}
      </span>
      <span className="visually-hidden">{t`${seconds} seconds left`}</span>
    </div>
  );
}
