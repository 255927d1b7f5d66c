import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import wabt from 'wabt';
import type { Edition } from '../../shared/product.js';
import { closeness } from '../../shared/score.js';
import { closenessTotals, KERNEL_MAX_ROUNDS, strideFor } from './closeness-kernel.js';
import { CLOSENESS_WASM } from './closeness-wasm.js';

/** `answers` of each friend (one array per friend) as the kernels' columns. */
function columnsOf(friends: readonly (readonly number[])[], rounds: number) {
  const stride = strideFor(friends.length);
  const columns = new Uint8Array(rounds * stride);
  friends.forEach((answers, slot) => {
    for (let round = 0; round < rounds; round++) columns[round * stride + slot] = answers[round];
  });
  return { columns, stride };
}

function totalsOf(edition: Edition, answers: readonly number[], friends: readonly (readonly number[])[]) {
  const { columns, stride } = columnsOf(friends, answers.length);
  const totals = new Int32Array(friends.length);
  closenessTotals(edition, answers, columns, stride, friends.length, totals);
  return [...totals];
}

const expected = (edition: Edition, answers: readonly number[], friends: readonly (readonly number[])[]) =>
  friends.map((other) => answers.reduce((sum, answer, round) => sum + closeness(edition, answer, other[round]), 0));

describe('the closeness kernels (closeness.wat)', () => {
  it('give closeness() for every pair of answers 0..100, in both editions', () => {
    const everyAnswer = Array.from({ length: 101 }, (_, b) => [b]);
    for (const edition of ['spectrum', 'classic'] as const) {
      for (let a = 0; a <= 100; a++)
        expect(totalsOf(edition, [a], everyAnswer)).toEqual(expected(edition, [a], everyAnswer));
    }
  });

  it('sum the rounds of any number of friends, up to 255 rounds', () => {
    const game = fc
      .record({
        edition: fc.constantFrom<Edition>('spectrum', 'classic'),
        rounds: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant(KERNEL_MAX_ROUNDS)),
        friends: fc.integer({ min: 0, max: 70 }),
      })
      .chain(({ edition, rounds, friends }) => {
        const answer = edition === 'classic' ? fc.integer({ min: 0, max: 4 }) : fc.integer({ min: 0, max: 100 });
        const answers = fc.array(answer, { minLength: rounds, maxLength: rounds });
        return fc.record({
          edition: fc.constant(edition),
          answers,
          friends: fc.array(answers, { minLength: friends, maxLength: friends }),
        });
      });
    fc.assert(
      fc.property(game, ({ edition, answers, friends }) => {
        expect(totalsOf(edition, answers, friends)).toEqual(expected(edition, answers, friends));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses more rounds than it counts', () => {
    const answers = Array.from({ length: KERNEL_MAX_ROUNDS + 1 }, () => 1);
    expect(() => totalsOf('classic', answers, [answers])).toThrow(RangeError);
  });

  it('are the bytes closeness.wat compiles to (npm run build:wasm regenerates them)', async () => {
    const source = readFileSync(resolve(import.meta.dirname, 'closeness.wat'), 'utf8');
    const { buffer } = (await wabt()).parseWat('closeness.wat', source, { simd: true }).toBinary({});
    expect(Buffer.from(buffer).toString('base64')).toBe(CLOSENESS_WASM);
  });
});
