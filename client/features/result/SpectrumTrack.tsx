import { useLingui } from '@lingui/react/macro';
import { SPECTRUM_MAX } from '../../../shared/product.js';

/** Whose answers are shown, in the words of the person looking (the track and the whole comparison). */
export interface ComparisonLabels {
  player: string;
  creator: string;
}

const WIDTH = 300;
const HEIGHT = 28;
const PAD = 14;

/** Where an answer 0..100 sits along the track, in SVG units. */
export const trackX = (answer: number) => PAD + ((WIDTH - 2 * PAD) * answer) / SPECTRUM_MAX;

/**
 * Two Spectrum answers as markers on one 0–100 track with the scale's end labels: the friend's
 * a filled dot, the creator's a ring (so they differ by shape, not only by colour).
 */
export function SpectrumTrack({
  ends: [low, high],
  player,
  creator,
  labels,
}: {
  ends: readonly [string, string];
  player: number;
  creator: number;
  labels: ComparisonLabels;
}) {
  const middle = HEIGHT / 2;
  const { t } = useLingui();
  // Plain names in the accessible name (isolates mean nothing read out); the legend isolates them in <bdi>s.
  const [you, them] = [labels.player, labels.creator];
  return (
    <div className="reveal-track">
      <svg
        className="reveal-track__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t`${you}: ${player}, ${them}: ${creator}, on a scale from ${low} (0) to ${high} (100)`}
      >
        <line className="reveal-track__line" x1={PAD} x2={WIDTH - PAD} y1={middle} y2={middle} />
        <line className="reveal-track__gap" x1={trackX(player)} x2={trackX(creator)} y1={middle} y2={middle} />
        <circle className="reveal-marker reveal-marker--creator" cx={trackX(creator)} cy={middle} r={10} />
        <circle className="reveal-marker reveal-marker--player" cx={trackX(player)} cy={middle} r={6} />
      </svg>
      <div className="reveal-track__ends" aria-hidden="true">
        <span>{low}</span>
        <span>{high}</span>
      </div>
      <ul className="reveal-track__legend" aria-hidden="true">
        <li className="reveal-key reveal-key--player">
          <bdi>{labels.player}</bdi> <strong>{player}</strong>
        </li>
        <li className="reveal-key reveal-key--creator">
          <bdi>{labels.creator}</bdi> <strong>{creator}</strong>
        </li>
      </ul>
    </div>
  );
}
