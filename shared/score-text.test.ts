import { describe, expect, it } from 'vitest';
import { scoreOutOfTen, scoreText } from './score-text.js';

describe('one way to read a score', () => {
  it('is "6.1/10" everywhere, and "6.1 out of 10" beneath the gauge', () => {
    expect(scoreText(6.1)).toBe('6.1/10');
    expect(scoreText(10)).toBe('10/10');
    expect(scoreText(0)).toBe('0/10');
    expect(scoreOutOfTen(6.1)).toBe('6.1 out of 10');
  });
});
