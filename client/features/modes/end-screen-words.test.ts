import { describe, expect, it } from 'vitest';
import { GAME_MODES, type GameMode } from '../../../shared/product.js';
import { END_SCREEN_WORDS, type EndScreenWords, endScreenWords } from './end-screen-words.js';

// Type-level: `npx tsc -p client/tsconfig.json` fails if the @ts-expect-error below stops being an error.
describe("the end screen's words per mode", () => {
  it('has words for every mode, and a mode added without them fails to compile', () => {
    expect(Object.keys(END_SCREEN_WORDS).sort()).toEqual([...GAME_MODES].sort());
    type OneMore = GameMode | 'party';
    // @ts-expect-error: a mode in the list without its words does not satisfy Record<GameMode, EndScreenWords>.
    const withoutItsWords: Record<OneMore, EndScreenWords> = END_SCREEN_WORDS;
    expect(withoutItsWords).toBe(END_SCREEN_WORDS);
  });

  it("reads a game whose mode is not known yet with the default mode's words", () => {
    expect(endScreenWords(undefined)).toBe(END_SCREEN_WORDS.alike);
    expect(endScreenWords('guess').best).not.toEqual(END_SCREEN_WORDS.alike.best);
  });
});
