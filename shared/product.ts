/** The product's name, used by every screen and message that names it. */
export const PRODUCT_NAME = 'Wavelength';

export const EDITIONS = ['spectrum', 'classic'] as const;
export type Edition = (typeof EDITIONS)[number];

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
 * A creator's name as they typed it, or null when they typed none: each sentence about them then
 * reads naturally in its own way ("Your friend wants to know…"), never "Anonymous".
 */
export function namedCreator(name: string): string | null {
  const trimmed = name.trim();
  return trimmed === '' ? null : trimmed;
}

/** How an empty name is shown to other players. */
export function displayName(name: string): string {
  const trimmed = name.trim();
  return trimmed === '' ? 'Anonymous' : trimmed;
}
