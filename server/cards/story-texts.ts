import { LANGUAGES, type Language } from '../../shared/languages.js';
import { STORY_TEXTS as TEXTS } from '../../shared/texts.js';
import { serverText } from '../texts/texts.js';

/**
 * The words of the story cards (story-card.ts) in each language the product speaks, from the
 * catalogues every side reads (shared/texts.ts STORY_TEXTS).
 */
export interface StoryTexts {
  /** Above a friend's score: what the number is. */
  resultKicker: string;
  /** The viewer's invitation beside the QR code; `creator` undefined when they gave no name. */
  headline(creator: string | undefined): string;
  /** Under the headline, next to the code. */
  scan: string;
  /** The creator's card's title. */
  topTitle(creator: string | undefined): string;
  /** The creator's card before anyone played. */
  nobodyYet: string;
  /** A name that cannot be drawn or was never given: a friend, or the creator. */
  someoneFriend: string;
  someoneCreator: string;
}

function storyTextsIn(language: Language): StoryTexts {
  const say = (text: (typeof TEXTS)[keyof typeof TEXTS], name?: string) =>
    serverText(language, text, name === undefined ? {} : { name });
  return {
    resultKicker: say(TEXTS.resultKicker),
    headline: (creator) => (creator ? say(TEXTS.headline, creator) : say(TEXTS.headlineUnnamed)),
    scan: say(TEXTS.scan),
    topTitle: (creator) => (creator ? say(TEXTS.topTitle, creator) : say(TEXTS.topTitleUnnamed)),
    nobodyYet: say(TEXTS.nobodyYet),
    someoneFriend: say(TEXTS.someoneFriend),
    someoneCreator: say(TEXTS.someoneCreator),
  };
}

export const STORY_TEXTS = Object.fromEntries(
  LANGUAGES.map((language) => [language, storyTextsIn(language)]),
) as Record<Language, StoryTexts>;
