import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Edition } from '../../shared/product.js';

/** Each edition's name as players read it. */
export const EDITION_NAMES: Record<Edition, MessageDescriptor> = {
  spectrum: msg`Spectrum`,
  classic: msg`Classic`,
};
