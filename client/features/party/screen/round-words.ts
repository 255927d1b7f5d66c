import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PartyState } from '../../../../shared/party.js';
import { nameInSentence, shownName } from '../../../i18n/names.js';

/** Each player's shown name by playerID (players who left the party read as "Anonymous"). */
export function namesOf(i18n: I18n, state: PartyState): (playerID: string) => string {
  const names = new Map(state.players.map((player) => [player.playerID, shownName(i18n, player.playerName)]));
  if (state.subject) names.set(state.subject.playerID, shownName(i18n, state.subject.playerName));
  return (playerID) => names.get(playerID) ?? shownName(i18n, '');
}

/** "Round 2 of 10 — about Bo" (guess), "Round 2 of 10" (alike): the intro's title and the round's milestone. */
export function roundTitle(i18n: I18n, state: PartyState): string {
  const round = state.round + 1;
  const rounds = state.rounds;
  if (state.subject === null) return i18n._(msg`Round ${round} of ${rounds}`);
  const subject = nameInSentence(i18n, state.subject.playerName);
  return i18n._(msg`Round ${round} of ${rounds} — about ${subject}`);
}
