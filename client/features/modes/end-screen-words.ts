import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DEFAULT_MODE, type GameMode } from '../../../shared/product.js';

/** The words of the creator's end screen and its summary that say what friends do in a mode. */
export interface EndScreenWords {
  /** Under the thanks, over the link to share. */
  lead: MessageDescriptor;
  /** The heading of the friends' table. */
  friendsHeading: MessageDescriptor;
  /** The summary's label over the best friend's name. */
  best: MessageDescriptor;
  /** The summary's story card, for screen readers. */
  storyAlt: MessageDescriptor;
}

/**
 * The end screen's words in each mode (shared/modes.ts): a mode without its own fails to compile,
 * rather than borrowing another's.
 */
export const END_SCREEN_WORDS = {
  alike: {
    lead: msg`Send this link to your friends. When they play, their scores show up here.`,
    friendsHeading: msg`Friends so far`,
    best: msg`Best match`,
    storyAlt: msg`Story card of your top three`,
  },
  guess: {
    lead: msg`Send this link to your friends. They guess your answers, and their scores show up here.`,
    friendsHeading: msg`Who knows you best`,
    best: msg`Knows you best`,
    storyAlt: msg`Story card of who knows you best`,
  },
} satisfies Record<GameMode, EndScreenWords>;

/** The end screen's words for a game of `mode` (undefined while unknown: the default mode's). */
export const endScreenWords = (mode: GameMode | undefined): EndScreenWords => END_SCREEN_WORDS[mode ?? DEFAULT_MODE];
