import type { MessageDescriptor } from '@lingui/core';
import { DEFAULT_MODE, MODES } from '../../shared/modes.js';
import type { GameMode } from '../../shared/product.js';
import { SCORE_CAPTIONS, SCORE_DESCRIPTIONS } from '../../shared/texts.js';

/**
 * The score captions and descriptions (levels 1..10, index 0 is level 1): catalog messages of
 * shared/texts.ts, which the server's cards read from the same catalogs.
 */
export const CAPTIONS: readonly MessageDescriptor[] = SCORE_CAPTIONS;

/** Each says what its caption means without repeating the caption's words. */
export const DESCRIPTIONS: readonly MessageDescriptor[] = SCORE_DESCRIPTIONS;

/** A mode's captions and descriptions: a guess game's say how well the friend knows the creator. */
export const captionsOf = (mode: GameMode = DEFAULT_MODE) => ({
  captions: MODES[mode].captions as readonly MessageDescriptor[],
  descriptions: MODES[mode].descriptions as readonly MessageDescriptor[],
});
