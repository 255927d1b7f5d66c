import type { Language } from '../../shared/languages.js';
import type { Pack } from '../../shared/packs.js';
import type { Edition, GameMode } from '../../shared/product.js';
import { serverTexts } from './og-texts.js';

/** What a link preview needs to know about a game; nothing else about it ever reaches a page. */
export interface GamePreview {
  creatorName: string;
  edition: Edition;
  /** The game's language (its preview's texts); absent: English. */
  lang?: Language;
  /** The game's mode (a guess game's preview asks "How well do you know …?"); absent: alike. */
  mode?: GameMode;
  /** The pack its questions came from (named on the card's badge and in its title); absent: none. */
  pack?: Pack;
}

/** Looks a game up for its link preview; undefined for an unknown game. */
export type FindPreview = (gameId: string) => Promise<GamePreview | undefined>;

/** "Classic edition" or "Spectrum edition" in the preview's language, and its pack: "Classic edition · Couples". */
export function editionLabel(edition: Edition, lang?: Language, pack?: Pack): string {
  const texts = serverTexts(lang);
  return pack === undefined ? texts.edition[edition] : `${texts.edition[edition]} · ${texts.pack[pack]}`;
}
