import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CircleBand } from '../../../shared/trust.js';
import { i18n } from '../../i18n/i18n.js';

/**
 * A circle's band as the screens say it: the same words as the reveal's rounds. Exact pair scores
 * never reach the client (issue 30): the server sends the band, closest first.
 */
const BAND_WORDS: Record<CircleBand, MessageDescriptor> = {
  'in-tune': msg({ id: 'verdict.in-tune', message: 'In tune' }),
  close: msg({ id: 'verdict.close', message: 'Close' }),
  apart: msg({ id: 'verdict.apart', message: 'Apart' }),
};

/** The band's words in the active language; an unknown band (a newer server) reads as nothing. */
export function bandWords(band: string): string {
  const words = BAND_WORDS[band as CircleBand];
  return words ? i18n._(words) : '';
}
