import { useLingui } from '@lingui/react/macro';
import { prefersReducedMotion } from '../../../hooks/motion.js';

/** Under this many seconds the countdown turns to the warning colour. */
const LOW_SECONDS = 5;

/**
 * The seconds left in this phase, large. Hidden from screen readers: they hear milestones only
 * (PartyAnnouncer), not a number every second. With less motion asked for, it does not pulse.
 */
export function Countdown({ seconds }: { seconds: number }) {
  const { t } = useLingui();
  const low = seconds <= LOW_SECONDS;
  const pulse = low && seconds > 0 && !prefersReducedMotion();
  return (
    <p
      className={`phone-countdown${low ? ' phone-countdown--low' : ''}${pulse ? ' phone-countdown--pulse' : ''}`}
      aria-hidden="true"
      data-testid="party-countdown"
      data-seconds={seconds}
    >
      <span className="phone-countdown__number">{seconds}</span>
      <span className="phone-countdown__unit">{t`sec`}</span>
    </p>
  );
}
