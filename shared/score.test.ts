import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeScore, roundPoints, scoreLevel } from './score.js';

describe('computeScore, Classic', () => {
  it('counts equal non-zero answers: 10 × matches / N', () => {
    expect(computeScore('classic', [1, 2, 3, 4], [1, 2, 4, 3])).toBe(5);
    expect(computeScore('classic', [1, 2, 3], [1, 2, 3])).toBe(10);
    expect(computeScore('classic', [1, 2, 3], [2, 3, 4])).toBe(0);
  });

  it('never counts two unanswered rounds (0) as a match', () => {
    expect(computeScore('classic', [0, 0, 1, 1], [0, 0, 1, 1])).toBe(5);
  });

  it('rounds half up to one decimal', () => {
    // 1/8 of 10 = 1.25 → 1.3; 1/3 of 10 = 3.33… → 3.3; 2/3 of 10 = 6.66… → 6.7
    expect(computeScore('classic', [1, 1, 1, 1, 1, 1, 1, 1], [1, 2, 2, 2, 2, 2, 2, 2])).toBe(1.3);
    expect(computeScore('classic', [1, 1, 1], [1, 2, 2])).toBe(3.3);
    expect(computeScore('classic', [1, 1, 1], [1, 1, 2])).toBe(6.7);
  });
});

describe('computeScore, Spectrum', () => {
  it('gives 10 for identical answers and 0 for 0 against 100', () => {
    expect(computeScore('spectrum', [0, 37, 100], [0, 37, 100])).toBe(10);
    expect(computeScore('spectrum', [0, 100], [100, 0])).toBe(0);
  });

  it('squares the closeness: a gap of 50 is worth 2.5', () => {
    expect(computeScore('spectrum', [0], [50])).toBe(2.5);
    // (0.9² + 1²) / 2 × 10 = 9.05 → 9.1 (half up)
    expect(computeScore('spectrum', [10, 20], [20, 20])).toBe(9.1);
  });

  it('averages about 5 for two players answering at random', () => {
    // A small seeded generator (mulberry32): fast-check's arbitraries favour edge values.
    let seed = 42;
    const next = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const random = [0, 1].map(() => Array.from({ length: 5000 }, () => Math.floor(next() * 101)));
    // Mean of (1 − |a − b| / 100)² over uniform a, b is 1/2 (up to 101-step discreteness).
    expect(computeScore('spectrum', random[0], random[1])).toBeGreaterThan(4.6);
    expect(computeScore('spectrum', random[0], random[1])).toBeLessThan(5.4);
  });
});

describe('computeScore properties', () => {
  const classicPair = fc
    .integer({ min: 1, max: 50 })
    .chain((n) =>
      fc.tuple(
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: n, maxLength: n }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: n, maxLength: n }),
      ),
    );
  const spectrumPair = fc
    .integer({ min: 1, max: 50 })
    .chain((n) =>
      fc.tuple(
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: n, maxLength: n }),
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: n, maxLength: n }),
      ),
    );
  const editions = [
    ['classic', classicPair],
    ['spectrum', spectrumPair],
  ] as const;

  for (const [edition, pair] of editions) {
    it(`${edition}: lies in 0..10 with at most one decimal`, () => {
      fc.assert(
        fc.property(pair, ([a, b]) => {
          const score = computeScore(edition, a, b);
          return (
            score >= 0 &&
            score <= 10 &&
            Number.isInteger(Math.round(score * 10)) &&
            score === Math.round(score * 10) / 10
          );
        }),
      );
    });

    it(`${edition}: is symmetric`, () => {
      fc.assert(fc.property(pair, ([a, b]) => computeScore(edition, a, b) === computeScore(edition, b, a)));
    });
  }

  it('spectrum: identical answers give 10', () => {
    fc.assert(fc.property(spectrumPair, ([a]) => computeScore('spectrum', a, a) === 10));
  });

  it('classic: identical fully-answered sets give 10', () => {
    const answered = fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 50 });
    fc.assert(fc.property(answered, (a) => computeScore('classic', a, a) === 10));
  });

  it('spectrum: moving one answer closer never lowers the score', () => {
    fc.assert(
      fc.property(spectrumPair, fc.nat(), fc.integer({ min: 1, max: 100 }), ([a, b], pick, step) => {
        const i = pick % a.length;
        const moved = [...b];
        const gap = a[i] - b[i];
        moved[i] = b[i] + Math.sign(gap) * Math.min(step, Math.abs(gap));
        return computeScore('spectrum', a, moved) >= computeScore('spectrum', a, b);
      }),
    );
  });

  it('classic: turning one answer into a match never lowers the score', () => {
    fc.assert(
      fc.property(classicPair, fc.nat(), ([a, b], pick) => {
        const i = pick % a.length;
        const moved = [...b];
        moved[i] = a[i];
        return computeScore('classic', a, moved) >= computeScore('classic', a, b);
      }),
    );
  });

  it('rejects answer sets of different lengths', () => {
    expect(() => computeScore('classic', [1, 2], [1])).toThrow(RangeError);
  });
});

describe('scoreLevel', () => {
  it('rounds to the nearest level and clamps to 1..10', () => {
    expect(scoreLevel(0)).toBe(1);
    expect(scoreLevel(0.4)).toBe(1);
    expect(scoreLevel(4.5)).toBe(5);
    expect(scoreLevel(7.4)).toBe(7);
    expect(scoreLevel(10)).toBe(10);
  });
});

describe('roundPoints', () => {
  it('gives 10 for a Classic match, 0 otherwise, and never for two unanswered rounds', () => {
    expect(roundPoints('classic', 2, 2)).toBe(10);
    expect(roundPoints('classic', 2, 3)).toBe(0);
    expect(roundPoints('classic', 0, 0)).toBe(0);
  });

  it('gives 10 × (1 − gap / 100)² for Spectrum, half up to one decimal', () => {
    expect(roundPoints('spectrum', 40, 40)).toBe(10);
    expect(roundPoints('spectrum', 0, 100)).toBe(0);
    expect(roundPoints('spectrum', 0, 50)).toBe(2.5);
    // 0.95² × 10 = 9.025 → 9.0; 0.85² × 10 = 7.225 → 7.2; 0.65² × 10 = 4.225 → 4.2
    expect(roundPoints('spectrum', 0, 5)).toBe(9);
    expect(roundPoints('spectrum', 15, 0)).toBe(7.2);
  });

  it('averages, over the rounds, to the score (before rounding) for any answers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 })), {
          minLength: 1,
          maxLength: 50,
        }),
        (pairs) => {
          const creator = pairs.map(([a]) => a);
          const friend = pairs.map(([, b]) => b);
          const mean = pairs.reduce((sum, [a, b]) => sum + roundPoints('spectrum', a, b), 0) / pairs.length;
          // Each round is rounded to 0.05 at most, so the mean stays within 0.05 (+ the score's own rounding).
          expect(Math.abs(mean - computeScore('spectrum', creator, friend))).toBeLessThanOrEqual(0.1 + 1e-9);
        },
      ),
    );
  });
});
