import { CLASSIC_UNANSWERED, type Edition, SPECTRUM_START } from './product.js';

/**
 * Whether a round was answered, as the client stores a round that ran out: Classic 0; Spectrum the
 * slider's starting point (SPECTRUM_START, 50), which is what a timed round commits when the slider
 * was never moved. (A Spectrum answer of exactly 50 reads as unanswered: the two are stored alike.)
 */
export function isRoundAnswered(edition: Edition, answer: number): boolean {
  return edition === 'classic' ? answer !== CLASSIC_UNANSWERED : answer !== SPECTRUM_START;
}

/** Rounds of a play that were answered. */
export function answeredRounds(edition: Edition, answers: readonly number[]): number {
  let answered = 0;
  for (const answer of answers) if (isRoundAnswered(edition, answer)) answered += 1;
  return answered;
}

/**
 * Whether a play answered at least half its rounds: only such a play sees the reveal and a circle,
 * and only such plays are in anyone's circle (a throw-away play of one answered round is an oracle).
 */
export function answersHalf(edition: Edition, answers: readonly number[]): boolean {
  return answers.length > 0 && 2 * answeredRounds(edition, answers) >= answers.length;
}

/** get-comparison's 404 for a friend whose play answered fewer than half its rounds. */
export const REVEAL_NEEDS_HALF = 'Answer at least half the rounds to see the reveal.';
/** get-circle's 404 for the same friend. */
export const CIRCLE_NEEDS_HALF = 'Answer at least half the rounds to see your circle.';

/** How in tune two friends are, as circles say it; their exact score never leaves the server. */
export const CIRCLE_BANDS = ['in-tune', 'close', 'apart'] as const;
export type CircleBand = (typeof CIRCLE_BANDS)[number];

/** A pair score's band, from the score in tenths (0..100): "in-tune" at least 8, "close" at least 5. */
export function bandOfTenths(tenths: number): CircleBand {
  if (tenths >= 80) return 'in-tune';
  if (tenths >= 50) return 'close';
  return 'apart';
}
