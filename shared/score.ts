import { CLASSIC_UNANSWERED, type Edition, SPECTRUM_MAX } from './product.js';

/**
 * Compatibility score from 0 to 10, rounded half up to one decimal.
 *
 * Computed in integers so that the rounding is exact (no 0.1 + 0.2 drift):
 * - Classic: 10 × matches / N, a match being equal answers other than 0.
 * - Spectrum: 10 × mean of (1 − |a − b| / 100)².
 */
export function computeScore(edition: Edition, creator: readonly number[], friend: readonly number[]): number {
  const n = creator.length;
  if (n === 0 || friend.length !== n) {
    throw new RangeError('Both answer sets must have the same, non-zero length.');
  }
  // score × 10 = numerator / denominator; round half up = floor((2·num + den) / (2·den)).
  let numerator = 0;
  let denominator = 0;
  if (edition === 'classic') {
    let matches = 0;
    for (let i = 0; i < n; i++) {
      if (creator[i] === friend[i] && creator[i] !== CLASSIC_UNANSWERED) matches++;
    }
    numerator = 100 * matches;
    denominator = n;
  } else {
    let closeness = 0;
    for (let i = 0; i < n; i++) {
      const gap = SPECTRUM_MAX - Math.abs(creator[i] - friend[i]);
      closeness += gap * gap;
    }
    // 10 × (closeness / (n · 100²)) × 10
    numerator = closeness;
    denominator = n * 100;
  }
  const tenths = Math.floor((2 * numerator + denominator) / (2 * denominator));
  return tenths / 10;
}

/** Index (1..10) of the caption and description that go with a score. */
export function scoreLevel(score: number): number {
  return Math.min(10, Math.max(1, Math.round(score)));
}
