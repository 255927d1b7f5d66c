import type { Language } from '../../shared/languages.js';
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
}

/** Looks a game up for its link preview; undefined for an unknown game. */
export type FindPreview = (gameId: string) => Promise<GamePreview | undefined>;

/** "Classic" or "Spectrum" in the preview's language. */
export function editionLabel(edition: Edition, lang?: Language): string {
  return serverTexts(lang).edition[edition];
}
