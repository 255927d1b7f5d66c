import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Pack } from '../../shared/packs.js';

/**
 * Each pack's name as players read it (the landing's choice, the join screen, the end screen). The
 * server names them on cards and link previews from shared/texts.ts PACK_TEXTS, in the lazily
 * loaded catalog; these are in the landing's, which the first screen needs.
 */
export const PACK_NAMES: Record<Pack, MessageDescriptor> = {
  friends: msg({ message: 'Friends', context: 'pack' }),
  couples: msg({ message: 'Couples', context: 'pack' }),
  family: msg({ message: 'Family', context: 'pack' }),
  work: msg({ message: 'Work', context: 'pack' }),
  deep: msg({ message: 'Deep', context: 'pack' }),
  silly: msg({ message: 'Silly', context: 'pack' }),
};

/** A pack's emoji beside its name: a quick way to find it in the row. */
export const PACK_EMOJI: Record<Pack, string> = {
  friends: '🫶',
  couples: '💞',
  family: '🏡',
  work: '💼',
  deep: '🌊',
  silly: '🤪',
};
