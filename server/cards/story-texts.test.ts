import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages.js';
import {
  GUESS_CAPTIONS,
  GUESS_CARD_TEXTS,
  GUESS_STORY_TEXTS,
  SCORE_CAPTIONS,
  STORY_TEXTS,
  type Text,
} from '../../shared/texts.js';
import { pngSize } from '../testing/web.js';
import { serverText } from '../texts/texts.js';
import type { ResultStory, TopStory } from './story-card.js';
import { topStory } from './story-card.js';
import { storyKey } from './story-cards.js';
import { renderStoryCard } from './story-render.js';
import { storyTexts } from './story-texts.js';

/** Each card is about a second of CPU, on a machine other work shares. */
const RENDERS_MS = 60_000;

/** Every word a card of this mode and language can show, for the given names and every score level. */
function everyWord(lang: (typeof LANGUAGES)[number], mode: 'alike' | 'guess', player?: string, creator?: string) {
  const texts = storyTexts(lang, mode);
  const { kicker, title } = texts.result(player, creator);
  return [
    ...(kicker ? [kicker] : []),
    title,
    texts.headline(creator),
    texts.topTitle(creator, 3),
    ...Array.from({ length: 11 }, (_, score) => texts.caption(score)),
  ];
}

/** The alike game's own words in a language: the kicker, captions, headlines and titles. */
const alikeOnly = (lang: (typeof LANGUAGES)[number]) =>
  [STORY_TEXTS.resultKicker, STORY_TEXTS.headlineUnnamed, STORY_TEXTS.topTitleUnnamed, ...SCORE_CAPTIONS].map(
    (text: Text) => serverText(lang, text),
  );

describe("story cards' words", () => {
  it("say how well a friend knows the creator in a guess game, in the guess game's captions", () => {
    const guess = storyTexts('en', 'guess');
    expect(guess.result('Bo', 'Ada')).toEqual({ title: 'How well Bo knows Ada' });
    expect(guess.topTitle('Ada', 3)).toBe('Who knows Ada best');
    expect(guess.topTitle('Ada', 2)).toBe('Who knows Ada best');
    expect(guess.headline('Ada')).toBe('How well do you know Ada?');
    expect(guess.caption(10)).toBe('Mind Reader!');
    expect(guess.caption(0)).toBe('Total Strangers?');
    // The names that cannot be drawn have sentences of their own.
    expect(guess.result(undefined, 'Ada')).toEqual({ title: 'How well a friend knows Ada' });
    expect(guess.result('Bo', undefined)).toEqual({ title: 'How well Bo knows the person behind this game' });
    expect(guess.result(undefined, undefined)).toEqual({
      title: 'How well a friend knows the person behind this game',
    });
    expect(guess.topTitle(undefined, 3)).toBe('Who knows me best');
    expect(guess.headline(undefined)).toBe('How well do you know your friend?');
  });

  it("keep an alike game's words (and a card without a mode is an alike game's)", () => {
    const alike = storyTexts('en', 'alike');
    expect(alike.result('Bo', 'Ada')).toEqual({ kicker: 'Compatibility score', title: 'Bo & Ada' });
    expect(alike.result(undefined, undefined)).toEqual({
      kicker: 'Compatibility score',
      title: 'A friend & Your friend',
    });
    expect(alike.topTitle('Ada', 3)).toBe("Ada's top three");
    // As many as the card lists (issue 43.7): two friends are not a top three.
    expect(alike.topTitle('Ada', 2)).toBe("Ada's top two");
    expect(alike.topTitle(undefined, 2)).toBe('The top two');
    expect(alike.topTitle('Ada', 1)).toBe("Ada's top friend");
    expect(alike.topTitle(undefined, 1)).toBe('The top friend');
    expect(alike.headline('Ada')).toBe('How in tune are you with Ada?');
    expect(alike.caption(10)).toBe('A Match Made in Heaven!');
    expect(storyTexts('en')).toBe(alike);
  });

  it.each(LANGUAGES)('in %s: a guess card uses none of the alike words, and every guess word is translated', (lang) => {
    const alike = alikeOnly(lang);
    const names: [string | undefined, string | undefined][] = [
      ['Bo', 'Ada'],
      [undefined, 'Ada'],
      ['Bo', undefined],
      [undefined, undefined],
    ];
    for (const [player, creator] of names) {
      const words = everyWord(lang, 'guess', player, creator);
      for (const word of words) {
        expect(word).not.toMatch(/[{}]/);
        for (const alikeWord of alike) expect(word).not.toContain(alikeWord);
      }
      // Both names that can be drawn are in the guess sentence.
      const { title } = storyTexts(lang, 'guess').result(player, creator);
      for (const name of [player, creator]) if (name) expect(title).toContain(name);
    }
    const guess = storyTexts(lang, 'guess');
    GUESS_CAPTIONS.forEach((caption, index) => {
      expect(guess.caption(index + 1)).toBe(serverText(lang, caption));
    });
    expect(guess.headline('Ada')).toBe(serverText(lang, GUESS_CARD_TEXTS.gameTitle, { name: 'Ada' }));
    expect(guess.topTitle('Ada', 3)).toBe(serverText(lang, GUESS_STORY_TEXTS.topTitle, { name: 'Ada' }));
    if (lang !== 'en') {
      for (const text of Object.values(GUESS_STORY_TEXTS)) expect(serverText(lang, text)).not.toBe(text.message);
    }
    // The alike card keeps its own words.
    expect(storyTexts(lang, 'alike').caption(10)).toBe(serverText(lang, SCORE_CAPTIONS[9]));
    expect(storyTexts(lang, 'alike').result('Bo', 'Ada').kicker).toBe(serverText(lang, STORY_TEXTS.resultKicker));
  });

  const story: ResultStory = {
    kind: 'result',
    lang: 'en',
    creatorName: 'Ada',
    playerName: 'Bo',
    score: 8.4,
    link: 'https://wavelength.example/join/abc123',
  };

  it('are part of the stored card: a guess card never has an alike card’s key, an alike card’s key has no mode', () => {
    const guess: ResultStory = { ...story, mode: 'guess' };
    expect(storyKey(guess, 'p1')).not.toBe(storyKey(story, 'p1'));
    const top: TopStory = { kind: 'top', lang: 'en', creatorName: 'Ada', top: [], link: story.link };
    expect(storyKey({ ...top, mode: 'guess' })).not.toBe(storyKey(top));
    // The cards stored before there were modes (all alike) keep their keys.
    expect(JSON.stringify(story)).not.toContain('mode');
  });

  it(
    'draw a different card for the same result in a guess game',
    async () => {
      const [alike, guess] = await Promise.all([renderStoryCard(story), renderStoryCard({ ...story, mode: 'guess' })]);
      expect(pngSize(alike)).toEqual({ width: 1080, height: 1920 });
      expect(pngSize(guess)).toEqual({ width: 1080, height: 1920 });
      expect(guess.equals(alike)).toBe(false);
    },
    RENDERS_MS,
  );

  it('title the creator\'s card with as many as it lists (issue 43.7: "top three" over two names)', () => {
    const card = (names: string[]) =>
      JSON.stringify(
        topStory({
          kind: 'top',
          lang: 'en',
          creatorName: 'Ada',
          top: names.map((playerName) => ({ playerName, score: 5 })),
          link: 'https://wavelength.example/join/abc',
        }),
      );
    expect(card(['Bo', 'Cy'])).toContain("Ada's top two");
    expect(card(['Bo', 'Cy'])).not.toContain('top three');
    expect(card(['Bo', 'Cy', 'Di', 'Ed'])).toContain("Ada's top three");
  });
});
