import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { modeOf } from '../../../shared/modes.js';
import { type GameMode, namedCreator, PRODUCT_NAME } from '../../../shared/product.js';
import { formatScoreText } from '../../i18n/format.js';

/** One round's mark in the spoiler-free grid: 🟩 at least 8 points, 🟨 at least 5, 🟥 below. */
export function gridMark(points: number): string {
  if (points >= 8) return '🟩';
  if (points >= 5) return '🟨';
  return '🟥';
}

/** The grid of a play, one mark a round in round order: how it went, never what was answered. */
export function resultGrid(points: readonly number[]): string {
  return points.map(gridMark).join('');
}

/**
 * What a friend shares about their result, without the link (chat apps add it their way): the
 * score, the grid, and the question for the next friend. No answer, no question's text.
 */
export function resultMessage(
  i18n: I18n,
  result: { score: number; creatorName: string; points: readonly number[]; guess?: boolean },
): string {
  const creator = namedCreator(result.creatorName);
  const score = formatScoreText(i18n, result.score);
  if (result.guess) {
    return [
      creator === null
        ? i18n._(msg`I scored ${score} guessing a friend's answers on ${PRODUCT_NAME}!`)
        : i18n._(msg`I scored ${score} guessing ${creator}'s answers on ${PRODUCT_NAME}!`),
      resultGrid(result.points),
      creator === null ? i18n._(msg`How well do you know them?`) : i18n._(msg`How well do you know ${creator}?`),
    ].join('\n');
  }
  const lines =
    creator === null
      ? [
          i18n._(msg`I scored ${score} with a friend on ${PRODUCT_NAME}!`),
          resultGrid(result.points),
          i18n._(msg`How in tune are you with them?`),
        ]
      : [
          i18n._(msg`I scored ${score} with ${creator} on ${PRODUCT_NAME}!`),
          resultGrid(result.points),
          i18n._(msg`How in tune are you with ${creator}?`),
        ];
  return lines.join('\n');
}

/** What a creator sends with their game's link: a guess game asks how well friends know them. */
export function inviteMessage(i18n: I18n, mode?: GameMode): string {
  return modeOf(mode).friendsGuess
    ? i18n._(msg`How well do you know me? Guess my answers in my ${PRODUCT_NAME} game!`)
    : i18n._(msg`Play my ${PRODUCT_NAME} game and see how in tune we are!`);
}

/** A message and the link on its own line: what is copied, or sent where a chat app takes one text. */
export const withLink = (message: string, link: string) => `${message}\n${link}`;
