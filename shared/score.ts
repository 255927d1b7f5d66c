import { CLASSIC_UNANSWERED, type Edition, SPECTRUM_MAX } from './product.js';

/** A round's closeness out of 10 000, an exact integer: Classic 10 000 for a match (equal, not 0), else 0; Spectrum (100 − |a − b|)². */
export function closeness(edition: Edition, creator: number, friend: number): number {
  if (edition === 'classic') return creator === friend && creator !== CLASSIC_UNANSWERED ? 10_000 : 0;
  const gap = SPECTRUM_MAX - Math.abs(creator - friend);
  return gap * gap;
}

/** numerator / denominator rounded half up to one decimal, in integers (no 0.1 + 0.2 drift). */
function tenthsHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator)) / 10;
}

/**
 * Compatibility score from 0 to 10, rounded half up to one decimal:
 * - Classic: 10 × matches / N, a match being equal answers other than 0.
 * - Spectrum: 10 × mean of (1 − |a − b| / 100)².
 */
export function computeScore(edition: Edition, creator: readonly number[], friend: readonly number[]): number {
  const n = creator.length;
  if (n === 0 || friend.length !== n) {
    throw new RangeError('Both answer sets must have the same, non-zero length.');
  }
  let total = 0;
  for (let i = 0; i < n; i++) total += closeness(edition, creator[i], friend[i]);
  return scoreOfCloseness(total, n);
}

/** The score of `rounds` rounds whose closeness (see `closeness`) adds up to `total`. */
function scoreOfCloseness(total: number, rounds: number): number {
  // score × 10 = 100 × total / (rounds × 10 000)
  return tenthsHalfUp(total, rounds * 100);
}

/** One round's share of the score on the 0–10 scale (Classic 10 or 0; Spectrum 10 × (1 − |a − b| / 100)²), one decimal. */
export function roundPoints(edition: Edition, creator: number, friend: number): number {
  return tenthsHalfUp(closeness(edition, creator, friend), 100);
}

/** Index (1..10) of the caption and description that go with a score. */
export function scoreLevel(score: number): number {
  return Math.min(10, Math.max(1, Math.round(score)));
}
