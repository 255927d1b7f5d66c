import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Pack } from '../../shared/packs.js';

/**
 * Each pack's name as players read it, after its emoji (a quick way to find it in the row): the
 * landing's choice and the join screen. The server names them on cards and link previews from
 * shared/texts.ts PACK_TEXTS, in the lazily loaded catalog; these are in the landing's, which the
 * first screen needs (and the landing's JavaScript budget is why the emoji is in the message).
 */
export const PACK_NAMES: Record<Pack, MessageDescriptor> = {
  friends: msg({ message: '🫶 Friends', context: 'pack' }),
  couples: msg({ message: '💞 Couples', context: 'pack' }),
  family: msg({ message: '🏡 Family', context: 'pack' }),
  work: msg({ message: '💼 Work', context: 'pack' }),
  deep: msg({ message: '🌊 Deep', context: 'pack' }),
  silly: msg({ message: '🤪 Silly', context: 'pack' }),
};
