import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.js';
import { resultMessage } from '../share/grid.js';

// Issue 32, item 9: the game asks friends how alike they are, so the share text asks the same,
// not "How well do you know Ada?" (a guess game's words).
describe("a friend's share text", () => {
  it('asks how in tune the reader is with the creator, as the game does', () => {
    const text = resultMessage(i18n, { score: 8.4, creatorName: 'Ada', points: [10, 6, 2] });
    expect(text).toBe('I scored 8.4/10 with Ada on Wavelength!\n🟩🟨🟥\nHow in tune are you with Ada?');
    expect(text).not.toMatch(/know/);
  });
});
