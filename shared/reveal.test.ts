import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLASSIC_UNANSWERED, SPECTRUM_MAX, SPECTRUM_MIN } from './product.js';
import { CLOSE_POINTS, countVerdicts, verdictOf } from './reveal.js';
import { computeScore, roundPoints } from './score.js';

const spectrumAnswer = fc.integer({ min: SPECTRUM_MIN, max: SPECTRUM_MAX });
const classicAnswer = fc.integer({ min: CLASSIC_UNANSWERED, max: 4 });

describe('reveal verdicts come from the round points of the score', () => {
  it('a Spectrum round worth at least half its points is never "apart", and below half always is', () => {
    fc.assert(
      fc.property(spectrumAnswer, spectrumAnswer, (a, b) => {
        const points = roundPoints('spectrum', a, b);
        expect(verdictOf(points) === 'apart').toBe(points < CLOSE_POINTS);
      }),
    );
  });

  it('two Spectrum answers a few points apart are never "apart"; the same answer is "in tune"', () => {
    fc.assert(
      fc.property(spectrumAnswer, fc.integer({ min: -10, max: 10 }), (a, gap) => {
        const b = Math.min(SPECTRUM_MAX, Math.max(SPECTRUM_MIN, a + gap));
        expect(verdictOf(roundPoints('spectrum', a, b))).not.toBe('apart');
        expect(verdictOf(roundPoints('spectrum', a, a))).toBe('in-tune');
      }),
    );
  });

  it('answers closer together never get a worse verdict', () => {
    const rank = { 'in-tune': 2, close: 1, apart: 0 } as const;
    fc.assert(
      fc.property(spectrumAnswer, spectrumAnswer, spectrumAnswer, (a, b, c) => {
        const [near, far] = Math.abs(a - b) <= Math.abs(a - c) ? [b, c] : [c, b];
        const nearVerdict = verdictOf(roundPoints('spectrum', a, near));
        const farVerdict = verdictOf(roundPoints('spectrum', a, far));
        expect(rank[nearVerdict]).toBeGreaterThanOrEqual(rank[farVerdict]);
      }),
    );
  });

  it('Classic: the same word is "in tune", a different word (or none) "apart"', () => {
    fc.assert(
      fc.property(classicAnswer, classicAnswer, (a, b) => {
        const verdict = verdictOf(roundPoints('classic', a, b));
        expect(verdict).toBe(a === b && a !== CLASSIC_UNANSWERED ? 'in-tune' : 'apart');
      }),
    );
  });

  it('a score of at least half means not every round is "apart"', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(spectrumAnswer, spectrumAnswer), { minLength: 1, maxLength: 20 }), (rounds) => {
        const score = computeScore(
          'spectrum',
          rounds.map(([a]) => a),
          rounds.map(([, b]) => b),
        );
        const counts = countVerdicts(rounds.map(([a, b]) => verdictOf(roundPoints('spectrum', a, b))));
        if (score >= CLOSE_POINTS) expect(counts.apart).toBeLessThan(rounds.length);
      }),
    );
  });

  it('18 and 5 are close, not apart', () => {
    expect(roundPoints('spectrum', 18, 5)).toBe(7.6);
    expect(verdictOf(roundPoints('spectrum', 18, 5))).toBe('close');
  });
});
