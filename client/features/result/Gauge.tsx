import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { modeOf } from '../../../shared/modes.js';
import type { GameMode } from '../../../shared/product.js';
import { prefersReducedMotion } from '../../hooks/motion.js';
import { useCountUp } from '../../hooks/useCountUp.js';
import { formatScore } from '../../i18n/format.js';

const GAUGE_STEP_MS = 20;

/**
 * Six colour steps from cool to warm as the match grows; each entry is [from percent, colour].
 * The colours are the palette's (client/styles/theme.css), so the gauge follows the light theme.
 */
export const GAUGE_COLORS: readonly (readonly [number, string])[] = [
  [0, 'var(--gauge-1)'],
  [20, 'var(--gauge-2)'],
  [40, 'var(--gauge-3)'],
  [60, 'var(--gauge-4)'],
  [75, 'var(--gauge-5)'],
  [90, 'var(--gauge-6)'],
];

export function gaugeColor(percent: number): string {
  let color = GAUGE_COLORS[0][1];
  for (const [from, step] of GAUGE_COLORS) if (percent >= from) color = step;
  return color;
}

/**
 * The space a language writes between a number and its percent sign (a no-break one in German), or
 * none. Spanish is Latin America's ("86%", not Spain's "86 %"); its decimals stay "8,4".
 */
export function percentGap(locale: string): string {
  const parts = new Intl.NumberFormat(locale === 'es' ? 'es-419' : locale, { style: 'percent' }).formatToParts(0.5);
  const sign = parts.findIndex((part) => part.type === 'percentSign');
  const before = parts[sign - 1];
  return before?.type === 'literal' ? before.value : '';
}

/** Score 0..10 as a whole percentage 0..100. */
export function gaugeTarget(score: number): number {
  return Math.max(0, Math.min(100, Math.round(score * 10)));
}

const SIZE = 220;
const STROKE = 18;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The result's circular gauge: counts up 1 point every 20 ms to score × 10 (at once with reduced
 * motion), and beneath it the score as every other screen counts it ("6.1 out of 10").
 */
export function Gauge({ score, mode }: { score: number; mode?: GameMode }) {
  const { i18n, t } = useLingui();
  const [instant] = useState(prefersReducedMotion);
  const target = gaugeTarget(score);
  const percent = useCountUp(target, GAUGE_STEP_MS, instant);
  const color = gaugeColor(percent);
  const center = SIZE / 2;
  const percentage = i18n.number(target / 100, { style: 'percent' });
  const points = formatScore(i18n, score);
  return (
    <>
      <div
        className="gauge"
        role="img"
        aria-label={
          modeOf(mode).friendsGuess
            ? t`${percentage} guessed right`
            : t({ id: 'gauge.match', message: `${percentage} match` })
        }
      >
        <svg viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true">
          <circle className="gauge__track" cx={center} cy={center} r={RADIUS} strokeWidth={STROKE} />
          {['gauge__glow', 'gauge__fill'].map((className) => (
            <circle
              key={className}
              className={className}
              cx={center}
              cy={center}
              r={RADIUS}
              strokeWidth={STROKE}
              // A style, not the stroke attribute: presentation attributes cannot read CSS variables.
              style={{ stroke: color }}
              strokeDasharray={CIRCUMFERENCE}
              strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
              transform={`rotate(-90 ${center} ${center})`}
            />
          ))}
        </svg>
        <span className="gauge__value" aria-hidden="true" data-testid="gauge-value">
          {percent}
          {/* "86 %" where the language writes a space before the sign (German), "86%" elsewhere; at
              this size a narrow no-break space reads as the one space. */}
          {percentGap(i18n.locale) && '\u202f'}
          <span className="gauge__percent">%</span>
        </span>
      </div>
      <p className="gauge__scale">{t`${points} out of 10`}</p>
    </>
  );
}
