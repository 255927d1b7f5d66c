import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.js';
import { resultShareText } from '../share/ShareResult.js';

// Issue 32, item 9: the game asks friends how alike they are, so the share text asks the same,
// not "How well do you know Ada?" (a guess game's words, CONTRACT "Fourth wave").
describe("a friend's share text", () => {
  it('asks how in tune the reader is with the creator, as the game does', () => {
    const text = resultShareText(i18n, 8.4, 'Ada', 'https://wave.example/join/abc');
    expect(text).toBe(
      'I scored 8.4/10 with Ada on Wavelength! How in tune are you with Ada? Play here: https://wave.example/join/abc',
    );
    expect(text).not.toMatch(/know/);
  });
});
