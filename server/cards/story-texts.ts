import { LANGUAGES, type Language } from '../../shared/languages.js';
import { DEFAULT_MODE, MODES } from '../../shared/modes.js';
import { GAME_MODES, type GameMode } from '../../shared/product.js';
import { scoreLevel } from '../../shared/score.js';
import { STORY_TEXTS as TEXTS, type Text } from '../../shared/texts.js';
import { serverText } from '../texts/texts.js';

/**
 * The words of the story cards (story-card.ts) in each language the product speaks and in each
 * game mode, from the catalogues every side reads (shared/texts.ts STORY_TEXTS, and each mode's in shared/modes.ts).
 * Names are what the card can draw, undefined when nothing of one can be.
 */
export interface StoryTexts {
  /**
   * A friend's result over the score: an alike game's small "Compatibility score" over both names
   * (`kicker`, then `title`), a guess game's one sentence saying how well the friend knows the creator.
   */
  result(player: string | undefined, creator: string | undefined): { kicker?: string; title: string };
  /** The caption under a friend's score: the mode's own ten (how alike, or how well they know them). */
  caption(score: number): string;
  /** The viewer's invitation beside the QR code. */
  headline(creator: string | undefined): string;
  /** Under the headline, next to the code. */
  scan: string;
  /** The creator's card's title: their top three (two, one: as many as `listed`), or who knows them best. */
  topTitle(creator: string | undefined, listed: number): string;
  /** The creator's card before anyone played. */
  nobodyYet: string;
  /** A friend's name that cannot be drawn, in a list or beside the creator's. */
  someoneFriend: string;
}

function storyTextsIn(language: Language, mode: GameMode): StoryTexts {
  const say = (text: Text, values: Record<string, string> = {}) => serverText(language, text, values);
  const named = (text: Text, unnamed: Text) => (name: string | undefined) =>
    name ? say(text, { name }) : say(unnamed);
  const common = {
    scan: say(TEXTS.scan),
    nobodyYet: say(TEXTS.nobodyYet),
    someoneFriend: say(TEXTS.someoneFriend),
  };
  const entry = MODES[mode];
  const { story } = entry;
  const result = story.result;
  return {
    ...common,
    result:
      result.kind === 'sentence'
        ? (player, creator) => {
            if (player && creator) return { title: say(result.both, { player, creator }) };
            if (creator) return { title: say(result.friendUnnamed, { creator }) };
            if (player) return { title: say(result.creatorUnnamed, { player }) };
            return { title: say(result.noNames) };
          }
        : (player, creator) => ({
            kicker: say(result.kicker),
            title: `${player || common.someoneFriend} & ${creator || say(TEXTS.someoneCreator)}`,
          }),
    caption: (score) => say(entry.captions[scoreLevel(score) - 1]),
    headline: named(story.headline, story.headlineUnnamed),
    topTitle: (creator, listed) => {
      const few = story.topTitleFew;
      if (few && listed === 1) return named(few.one, few.oneUnnamed)(creator);
      if (few && listed === 2) return named(few.two, few.twoUnnamed)(creator);
      return named(story.topTitle, story.topTitleUnnamed)(creator);
    },
  };
}

const BY_MODE = Object.fromEntries(
  GAME_MODES.map((mode) => [
    mode,
    Object.fromEntries(LANGUAGES.map((language) => [language, storyTextsIn(language, mode)])),
  ]),
) as Record<GameMode, Record<Language, StoryTexts>>;

/** The story cards' words for a game of `mode` (a card without one is an alike game's) in `language`. */
export function storyTexts(language: Language, mode: GameMode = DEFAULT_MODE): StoryTexts {
  return BY_MODE[mode][language];
}
