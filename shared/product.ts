/** The product's name, used by every screen and message that names it. */
export const PRODUCT_NAME = 'Wavelength';

export const EDITIONS = ['spectrum', 'classic'] as const;
export type Edition = (typeof EDITIONS)[number];

/**
 * A game's mode: `alike`, friends answer for themselves and see at the end how alike they are; `guess`,
 * friends guess the creator's answers and see each one as soon as their round is stored.
 */
export const GAME_MODES = ['alike', 'guess'] as const;
export type GameMode = (typeof GAME_MODES)[number];

/**
 * The mode of a game made without one (and of every game made before there were modes). Stored
 * keys and previews leave it out (`modeUnlessDefault`), so what was stored before modes stays valid.
 * What each mode does is its entry in shared/modes.ts.
 */
export const DEFAULT_MODE: GameMode = 'alike';

/**
 * The mode the landing's switch turns the default into: the other mode of the list. A third mode
 * asks for a choice instead of a switch (docs/architecture.md › "A new mode").
 */
export const SWITCHED_MODE: GameMode = GAME_MODES.find((mode) => mode !== DEFAULT_MODE) ?? DEFAULT_MODE;

/** The mode of a game a client kept in its tab with `guess: true`, before it kept the mode itself. */
export const FLAGGED_MODE: GameMode = 'guess';

/** `{ mode }`, or nothing for the default mode: what stored keys and previews carry. */
export const modeUnlessDefault = <M extends GameMode>(mode: M | undefined): { mode?: M } =>
  mode === undefined || mode === DEFAULT_MODE ? {} : { mode };

export const NAME_MAX_LENGTH = 40;
export const MAX_QUESTIONS_PER_GAME = 50;
export const SPECTRUM_MIN = 0;
export const SPECTRUM_MAX = 100;
export const SPECTRUM_START = 50;
/** Classic answers: 0 means the round ran out without a choice. */
export const CLASSIC_UNANSWERED = 0;

/** The gameId the question screen uses while a creator is making a new game. */
export const NEW_GAME_ID = 'new-game';

/**
 * The empty-name rule, its one owner: a name as typed (trimmed), or null when there is none.
 * Each place then says "no name" its own way: a sentence about a creator reads naturally
 * ("Your friend wants to know…", the server's cards too), a friend in a list is "Anonymous" in
 * the reader's language (client/i18n/names.ts).
 */
export function namedCreator(name: string): string | null {
  const trimmed = name.trim();
  return trimmed === '' ? null : trimmed;
}
