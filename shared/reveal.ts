/**
 * How the reveal judges a round: from its points (shared/score.ts roundPoints), the very points
 * the score averages, so a round's label can never contradict the score beside it.
 */

/** In tune, close, or apart; the screens word them (client/features/result/RoundsComparison.tsx). */
export type Verdict = 'in-tune' | 'close' | 'apart';

/** From here a round is in tune: Classic's same word (10), Spectrum within 5 of each other. */
const IN_TUNE_POINTS = 9;
/**
 * From here a round is close: half its points, which Spectrum answers up to 29 apart still earn.
 * Below it (Classic's different words, Spectrum 30 or more apart) the two are apart.
 */
export const CLOSE_POINTS = 5;

export function verdictOf(points: number): Verdict {
  if (points >= IN_TUNE_POINTS) return 'in-tune';
  return points >= CLOSE_POINTS ? 'close' : 'apart';
}

/** How many rounds got each verdict, in the reveal's order. */
export function countVerdicts(verdicts: readonly Verdict[]): Record<Verdict, number> {
  const counts: Record<Verdict, number> = { 'in-tune': 0, close: 0, apart: 0 };
  for (const verdict of verdicts) counts[verdict] += 1;
  return counts;
}
