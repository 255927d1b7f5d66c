import { describe, expect, it } from 'vitest';
import { SCORE_CAPTIONS, SCORE_DESCRIPTIONS } from './captions.js';

/** A word's first five letters, lower case: "Rhythm" and "rhythmic" are the same word here. */
const stem = (word: string) => word.toLowerCase().slice(0, 5);
const words = (text: string) => text.match(/[\p{L}']+/gu) ?? [];

describe('score captions', () => {
  it('spell the caption for 8 "In Perfect Rhythm!"', () => {
    expect(SCORE_CAPTIONS[7]).toBe('In Perfect Rhythm!');
    expect(SCORE_CAPTIONS.join(' ')).not.toMatch(/Rythm/);
  });

  it('never repeat a caption in its description: no word of five letters or more comes back', () => {
    SCORE_CAPTIONS.forEach((caption, level) => {
      const described = new Set(words(SCORE_DESCRIPTIONS[level]).map(stem));
      const repeated = words(caption)
        .filter((word) => word.length >= 5)
        .filter((word) => described.has(stem(word)));
      expect(repeated, caption).toEqual([]);
    });
  });
});
