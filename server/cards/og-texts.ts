import { LANGUAGES, type Language } from '../../shared/languages.js';
import { MODES, modeOf } from '../../shared/modes.js';
import { PACKS, type Pack } from '../../shared/packs.js';
import { EDITIONS, type Edition, GAME_MODES, type GameMode, namedCreator } from '../../shared/product.js';
import { CARD_TEXTS, GUESS_CARD_TEXTS, PACK_TEXTS, type Text } from '../../shared/texts.js';
import { serverText } from '../texts/texts.js';

/**
 * Every text the server itself writes into pages and link-preview cards, in each language the
 * product speaks: the messages of shared/texts.ts, read from the catalogs the client reads too
 * (server/texts/). A fifth language needs nothing here.
 */
export interface ServerTexts {
  /** The generic pages' link preview. */
  genericTitle: string;
  genericDescription: string;
  /** A game's link preview; `name` is undefined when the creator gave none. */
  gameTitle(name: string | undefined, mode?: GameMode): string;
  gameDescription(name: string | undefined, edition: Edition, mode?: GameMode): string;
  /** The card's badge, and what the preview image's alt text ends with. */
  edition: Record<Edition, string>;
  /** A pack's name (shared/packs.ts). */
  pack: Record<Pack, string>;
  imageAlt(title: string, edition: Edition): string;
  card: {
    /** What follows the creator's name on a game's card, and its footer, in each mode (shared/modes.ts). */
    byMode: Record<GameMode, { asks: string; footer: string }>;
    /** What follows the creator's name on a game's card. */
    asks: string;
    /** The same, and the footer, on a guess game's card. */
    guessAsks: string;
    guessFooter: string;
    /** The generic card's two lines (the second one in the gradient). */
    generic: readonly [string, string];
    gameFooter: string;
    genericFooter: string;
    /**
     * The name drawn when nothing of the creator's can be (empty, or only characters the font
     * lacks): the card then asks on behalf of "Your friend", as the page's title does.
     */
    someone(empty: boolean): string;
  };
}

/** The texts of one language, from its catalog. */
function textsIn(language: Language): ServerTexts {
  const say = (text: Text, values?: Record<string, string>) => serverText(language, text, values);
  const edition = Object.fromEntries(EDITIONS.map((e) => [e, say(CARD_TEXTS.edition[e])])) as Record<Edition, string>;
  return {
    genericTitle: say(CARD_TEXTS.genericTitle),
    genericDescription: say(CARD_TEXTS.genericDescription),
    gameTitle: (name, mode) => {
      const texts = modeOf(mode).card;
      return name === undefined ? say(texts.gameTitleUnnamed) : say(texts.gameTitle, { name });
    },
    gameDescription: (name, e, mode) => {
      const texts = modeOf(mode).card;
      return name === undefined ? say(texts.gameDescriptionUnnamed(e)) : say(texts.gameDescription(e), { name });
    },
    edition,
    pack: Object.fromEntries(PACKS.map((pack) => [pack, say(PACK_TEXTS[pack])])) as Record<Pack, string>,
    imageAlt: (title, e) => say(CARD_TEXTS.imageAlt, { title, edition: edition[e] }),
    card: {
      asks: say(CARD_TEXTS.asks),
      guessAsks: say(GUESS_CARD_TEXTS.asks),
      guessFooter: say(GUESS_CARD_TEXTS.gameFooter),
      generic: [say(CARD_TEXTS.generic[0]), say(CARD_TEXTS.generic[1])],
      gameFooter: say(CARD_TEXTS.gameFooter),
      genericFooter: say(CARD_TEXTS.genericFooter),
      someone: () => say(CARD_TEXTS.someone),
      byMode: Object.fromEntries(
        GAME_MODES.map((mode) => [mode, { asks: say(MODES[mode].card.asks), footer: say(MODES[mode].card.footer) }]),
      ) as ServerTexts['card']['byMode'],
    },
  };
}

export const SERVER_TEXTS = Object.fromEntries(LANGUAGES.map((language) => [language, textsIn(language)])) as Record<
  Language,
  ServerTexts
>;

/** The texts of a language; a game without one (made before languages) is English. */
export function serverTexts(language: Language | undefined): ServerTexts {
  return SERVER_TEXTS[language ?? 'en'];
}

/** A creator's name for a sentence, or undefined when there is none (the one rule: shared/product.ts's namedCreator). */
export function nameInText(name: string): string | undefined {
  return namedCreator(name) ?? undefined;
}
