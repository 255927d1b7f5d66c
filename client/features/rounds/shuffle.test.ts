import { describe, expect, it } from 'vitest';
import { shuffledIndexes } from './shuffle.js';

describe('shuffledIndexes', () => {
  it('returns every index exactly once', () => {
    for (let n = 0; n < 8; n++) expect([...shuffledIndexes(n)].sort()).toEqual(Array.from({ length: n }, (_, i) => i));
  });

  it('produces every order of four options over many rounds', () => {
    const seen = new Set(Array.from({ length: 2_000 }, () => shuffledIndexes(4).join('')));
    expect(seen.size).toBe(24);
  });
});
