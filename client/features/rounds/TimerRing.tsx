import { TIMER_FULL } from './useRoundTimer.js';

const SIZE = 72;
const STROKE = 6;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
/** Under this much time left the ring turns to the warning colour. */
const LOW_TIME = 30;

/** The round's countdown: a ring that fills clockwise, with the whole seconds left in the middle. */
export function TimerRing({ progress }: { progress: number }) {
  const left = Math.max(0, TIMER_FULL - progress);
  const seconds = Math.ceil(left / 10);
  return (
    <div className={`timer-ring${left <= LOW_TIME ? ' timer-ring--low' : ''}`} data-progress={progress.toFixed(1)}>
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} width={SIZE} height={SIZE} aria-hidden="true">
        <defs>
          <linearGradient id="timer-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ffb547" />
            <stop offset="1" stopColor="#ff5e7e" />
          </linearGradient>
        </defs>
        <circle className="timer-ring__track" cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} strokeWidth={STROKE} />
        <circle
          className="timer-ring__fill"
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          strokeWidth={STROKE}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - Math.min(progress, TIMER_FULL) / TIMER_FULL)}
          transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
        />
      </svg>
      <span className="timer-ring__seconds" aria-hidden="true">
        {seconds}
      </span>
    </div>
  );
}
