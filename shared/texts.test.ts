import { describe, expect, it } from 'vitest';
import { fillIn, SCORE_CAPTIONS, SCORE_DESCRIPTIONS, SERVER_TEXTS } from './texts.js';

/** A word's first five letters, lower case: "Rhythm" and "rhythmic" are the same word here. */
const stem = (word: string) => word.toLowerCase().slice(0, 5);
const words = (text: string) => text.match(/[\p{L}']+/gu) ?? [];

describe('score captions', () => {
  it('spell the caption for 8 "In Perfect Rhythm!"', () => {
    expect(SCORE_CAPTIONS[7].message).toBe('In Perfect Rhythm!');
    expect(SCORE_CAPTIONS.map((caption) => caption.message).join(' ')).not.toMatch(/Rythm/);
  });

  it('never repeat a caption in its description: no word of five letters or more comes back', () => {
    SCORE_CAPTIONS.forEach(({ message: caption }, level) => {
      const described = new Set(words(SCORE_DESCRIPTIONS[level].message).map(stem));
      const repeated = words(caption)
        .filter((word) => word.length >= 5)
        .filter((word) => described.has(stem(word)));
      expect(repeated, caption).toEqual([]);
    });
  });
});

describe('the texts both sides read', () => {
  it('have one id each', () => {
    const ids = SERVER_TEXTS.map((text) => text.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('fill in their placeholders, leaving unknown ones as written', () => {
    expect(fillIn('{name} asks {who}', { name: 'Bo' })).toBe('Bo asks {who}');
  });
});
