import { describe, expect, it } from 'vitest';
import { scoreText } from './score-text.js';

describe('one way to read a score', () => {
  it('is "6.1/10" everywhere (the gauge\'s "6.1 out of 10" is the Gauge test\'s)', () => {
    expect(scoreText(6.1)).toBe('6.1/10');
    expect(scoreText(10)).toBe('10/10');
    expect(scoreText(0)).toBe('0/10');
  });

  it("writes the number as the reader's language does", () => {
    expect(scoreText(6.1, 'de')).toBe('6,1/10');
    expect(scoreText(6.1, 'es')).toBe('6,1/10');
    expect(scoreText(6.1, 'pt-BR')).toBe('6,1/10');
    expect(scoreText(10, 'de')).toBe('10/10');
  });
});
