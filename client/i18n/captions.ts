import type { MessageDescriptor } from '@lingui/core';
import type { GameMode } from '../../shared/product.js';
import { GUESS_CAPTIONS, GUESS_DESCRIPTIONS, SCORE_CAPTIONS, SCORE_DESCRIPTIONS } from '../../shared/texts.js';

/**
 * The score captions and descriptions (levels 1..10, index 0 is level 1): catalog messages of
 * shared/texts.ts, which the server's cards read from the same catalogs.
 */
export const CAPTIONS: readonly MessageDescriptor[] = SCORE_CAPTIONS;

/** Each says what its caption means without repeating the caption's words. */
export const DESCRIPTIONS: readonly MessageDescriptor[] = SCORE_DESCRIPTIONS;

/** A mode's captions and descriptions: a guess game's say how well the friend knows the creator. */
export const captionsOf = (mode: GameMode = 'alike') =>
  mode === 'guess'
    ? {
        captions: GUESS_CAPTIONS as readonly MessageDescriptor[],
        descriptions: GUESS_DESCRIPTIONS as readonly MessageDescriptor[],
      }
    : { captions: CAPTIONS, descriptions: DESCRIPTIONS };
