import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PartyPlayer, PartyState } from '../../../../shared/party.js';
import { nameInSentence } from '../../../i18n/names.js';

/** An answer as people read it: a Spectrum position ("72"), a Classic word, or "no answer" (Classic 0). */
export function answerWords(i18n: I18n, state: Pick<PartyState, 'question'>, answer: number): string {
  const options = state.question?.options;
  if (!Array.isArray(options)) return String(answer);
  return options[answer - 1] ?? i18n._(msg`no answer`);
}

/** A player's name for a sentence (isolated; "Anonymous" when they typed none), or '' when they left. */
export function playerName(i18n: I18n, players: readonly PartyPlayer[], playerID: string): string {
  const player = players.find((seat) => seat.playerID === playerID);
  return player === undefined ? '' : nameInSentence(i18n, player.playerName);
}

/**
 * Competition ranks (1, 2, 2, 4) of `items` by `value`, highest first: the rank of each item's key.
 * Equal values share a rank, so two equally close guesses are both "closest".
 */
export function ranks<T>(
  items: readonly T[],
  key: (item: T) => string,
  value: (item: T) => number,
): Map<string, number> {
  const sorted = [...items].sort((a, b) => value(b) - value(a));
  const result = new Map<string, number>();
  sorted.forEach((item, index) => {
    const before = index > 0 ? sorted[index - 1] : undefined;
    const rank =
      before !== undefined && value(before) === value(item) ? (result.get(key(before)) ?? index + 1) : index + 1;
    result.set(key(item), rank);
  });
  return result;
}

/**
 * Players still waited for in this round: connected, playing it and not answered (a round never
 * waits for the away, nor for who joined after it began).
 */
export const waitingFor = (players: readonly PartyPlayer[]): number =>
  players.filter((player) => player.connected && player.inRound && !player.answered).length;

/** Who this round's "3 of 5 answered" counts: those playing it who are here or have answered. */
export const playingRound = (players: readonly PartyPlayer[]): PartyPlayer[] =>
  players.filter((player) => player.answered || (player.inRound && player.connected));

/** Names as a list in the reader's language: "Ann, Bo and Cy". */
export const listOf = (i18n: I18n, names: readonly string[]): string =>
  new Intl.ListFormat(i18n.locale, { style: 'long', type: 'conjunction' }).format(names);
