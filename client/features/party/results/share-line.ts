import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { aboutSubject, type PartyState } from '../../../../shared/party.js';
import { PRODUCT_NAME } from '../../../../shared/product.js';
import { shownName } from '../../../i18n/names.js';

/**
 * The line shared with a finished party's results: who came first (guess) or who is most alike
 * (alike), never an answer or a question, so it spoils nothing for anyone who plays them later.
 * Names go in plain, as in every chat message the product writes (client/features/share/grid.ts).
 */
export function shareLine(i18n: I18n, state: PartyState): string {
  const product = PRODUCT_NAME;
  const name = (playerID: string) =>
    shownName(i18n, state.players.find((player) => player.playerID === playerID)?.playerName ?? '');
  if (aboutSubject(state.format)) {
    const [first] = [...state.players].sort((a, b) => b.points - a.points);
    if (!first) return i18n._(msg`We played a ${product} party together.`);
    const winner = name(first.playerID);
    return i18n._(msg`We played a ${product} party together: ${winner} knows everyone best. Who knows you best?`);
  }
  const [pair] = state.final?.pairs ?? [];
  if (!pair) return i18n._(msg`We played a ${product} party together.`);
  const a = name(pair.a);
  const b = name(pair.b);
  return i18n._(msg`We played a ${product} party together: ${a} and ${b} are the most alike. How alike are you?`);
}
