import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SpectrumScale } from '../../shared/model.js';

/** The two ends of each Spectrum scale (shared/model.ts's SCALE_ENDS) in the reader's language. */
export const SCALE_END_MESSAGES: Record<SpectrumScale, readonly [MessageDescriptor, MessageDescriptor]> = {
  'rarely-often': [msg`Rarely`, msg`Often`],
  'disagree-agree': [msg`Disagree`, msg`Agree`],
  'false-true': [msg`False`, msg`True`],
};
