import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Sentences that travel as English text (the server's `{message}`, which stays English on the
 * wire, and the client's own fallbacks, which are kept in state and router state) and are put
 * into the reader's language only when shown. A sentence not listed here is shown as sent.
 * The server's come from server/ (HttpError calls, errors.ts, db/unavailable.ts, app.ts).
 */
const SENTENCES: Record<string, MessageDescriptor> = {
  // The server's sentences a player can meet.
  'This game does not exist. Check the link you followed.': msg`This game does not exist. Check the link you followed.`,
  'Only the creator of this game can do that.': msg`Only the creator of this game can do that.`,
  'There is no such friend in this game.': msg`There is no such friend in this game.`,
  'This creator link no longer works. Make a new one on the end screen of a device that is creator.': msg`This creator link no longer works. Make a new one on the end screen of a device that is creator.`,
  'This game has too many creators.': msg`This game has too many creators.`,
  'You created this game, so you cannot answer it. Share the link with your friends instead.': msg`You created this game, so you cannot answer it. Share the link with your friends instead.`,
  'You have already played this game; your first answers stand.': msg`You have already played this game; your first answers stand.`,
  'This game is full.': msg`This game is full.`,
  'There is no score for you in this game yet.': msg`There is no score for you in this game yet.`,
  'You have not played this game yet, so there is nothing to compare.': msg`You have not played this game yet, so there is nothing to compare.`,
  'This friend is not on the scoreboard of this game.': msg`This friend is not on the scoreboard of this game.`,
  "Only the game's creator can see a friend's answers.": msg`Only the game's creator can see a friend's answers.`,
  'The database is unavailable; try again.': msg`The database is unavailable; try again.`,
  'The database is not answering.': msg`The database is not answering.`,
  'Something went wrong on our side. Please try again.': msg`Something went wrong on our side. Please try again.`,
  'There is nothing at this address.': msg`There is nothing at this address.`,
  'There is no such game.': msg`There is no such game.`,
  'The request did not arrive in time; please try again.': msg`The request did not arrive in time; please try again.`,
  // The client's fallbacks, for a call that got no sentence back.
  'Failed to load questions': msg`Failed to load questions`,
  'API response not ok': msg`API response not ok`,
  'Failed to fetch scores': msg`Failed to fetch scores`,
  'Failed to load the game': msg`Failed to load the game`,
  'Failed to join game': msg`Failed to join game`,
  'Failed to fetch score': msg`Failed to fetch score`,
  'Failed to remove the player': msg`Failed to remove the player`,
  'Failed to delete the game': msg`Failed to delete the game`,
  'Failed to load your games': msg`Failed to load your games`,
  'Failed to make the link': msg`Failed to make the link`,
  'Failed to open the game': msg`Failed to open the game`,
  "Failed to load this friend's answers": msg`Failed to load this friend's answers`,
  'That did not work. Please try again.': msg`That did not work. Please try again.`,
  'This game does not exist.': msg`This game does not exist.`,
  'This screen took too long to load.': msg`This screen took too long to load.`,
  '404 Not Found': msg`404 Not Found`,
  "We couldn't load the questions. Check your connection and try again.": msg`We couldn't load the questions. Check your connection and try again.`,
  "We couldn't load this game. Check your connection and try again.": msg`We couldn't load this game. Check your connection and try again.`,
  "We couldn't start the game. Check your connection and try again.": msg`We couldn't start the game. Check your connection and try again.`,
  "We couldn't swap this question. Check your connection and try again.": msg`We couldn't swap this question. Check your connection and try again.`,
  "We couldn't save your answers. Check your connection and try again.": msg`We couldn't save your answers. Check your connection and try again.`,
  'This creator link is incomplete: copy all of it, including the part after #.': msg`This creator link is incomplete: copy all of it, including the part after #.`,
};

/** The rate limiter's sentence carries a number of seconds. */
const TOO_MANY = /^Too many requests; try again in (\d+) s\.$/;

/** Every English sentence this table knows (for the test that keeps it in step with the server). */
export const KNOWN_SENTENCES: readonly string[] = Object.keys(SENTENCES);

/** `text` in the active language when it is a known sentence, else `text` itself. */
export function translateSentence(i18n: I18n, text: string): string {
  const known = SENTENCES[text];
  if (known) return i18n._(known);
  const tooMany = TOO_MANY.exec(text);
  if (tooMany) {
    const seconds = i18n.number(Number(tooMany[1]));
    return i18n._(msg`Too many requests; try again in ${seconds} s.`);
  }
  return text;
}
