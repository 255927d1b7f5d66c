import { type I18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  OWN_QUESTION_MAX_LENGTH,
  OWN_QUESTION_MIN_LENGTH,
  OWN_WORDS_MAX,
  OWN_WORDS_MIN,
} from '../../shared/own-questions.js';
import { DEFAULT_LANGUAGE } from './languages.js';

/**
 * Sentences that travel as English text (the server's `{message}`, which stays English on the
 * wire, and the client's own fallbacks, which are kept in state and router state) and are put
 * into the reader's language only when shown. A sentence not listed here is shown as sent.
 * This module is fetched with the first language other than English (i18n.ts) and reached through
 * sentence-reader.ts, so the landing page's entry carries none of it.
 * The server's come from server/ (HttpError calls, errors.ts, db/unavailable.ts, app.ts).
 */
const SENTENCES: readonly MessageDescriptor[] = [
  // The server's sentences a player can meet.
  msg`This game does not exist. Check the link you followed.`,
  msg`The database is unavailable; try again.`,
  msg`The database is not answering.`,
  msg`Something went wrong on our side. Please try again.`,
  msg`There is nothing at this address.`,
  msg`There is no such game.`,
  msg`The request did not arrive in time; please try again.`,
  // What can be wrong with a creator's own question (shared/own-questions.ts), said on the landing screen.
  msg`The question needs at least ${OWN_QUESTION_MIN_LENGTH} characters.`,
  msg`The question can be at most ${OWN_QUESTION_MAX_LENGTH} characters long.`,
  msg`You already wrote this question.`,
  msg`Give ${OWN_WORDS_MIN} to ${OWN_WORDS_MAX} answer words.`,
  msg`The answer words must differ.`,
  msg`A Classic question needs answer words ("options"), not a scale.`,
  msg`A Spectrum statement needs a scale ("A", "B" or "C"), not answer words.`,
  msg`Choose one of the three scales.`,
  // The client's fallbacks, for a call that got no sentence back.
  msg`Failed to load questions`,
  msg`Failed to load the game`,
  msg`Failed to load your games`,
  msg`This game does not exist.`,
  msg`This screen took too long to load.`,
  msg`Game deleted.`,
  msg`We couldn't load the questions. Check your connection and try again.`,
  // The server's refusals a player meets while playing, comparing or managing a game.
  msg`Only the creator of this game can do that.`,
  msg`There is no such friend in this game.`,
  msg`This creator link no longer works. Make a new one on the end screen of a device that is creator.`,
  msg`This game has too many creators.`,
  msg`You created this game, so you cannot answer it. Share the link with your friends instead.`,
  msg`You have already played this game; your first answers stand.`,
  msg`This game is full.`,
  msg`There is no score for you in this game yet.`,
  msg`You have not played this game yet, so there is nothing to compare.`,
  msg`This friend is not on the scoreboard of this game.`,
  msg`Only the game's creator can see a friend's answers.`,
  // The screens' fallbacks, for a call that got no sentence back.
  msg`Your circle could not be loaded.`,
  msg`Your friends' web could not be loaded.`,
  msg`API response not ok`,
  msg`Failed to fetch scores`,
  msg`Failed to join game`,
  msg`Failed to fetch score`,
  msg`Failed to remove the player`,
  msg`Failed to delete the game`,
  msg`Failed to make the link`,
  msg`Failed to open the game`,
  msg`Failed to load this friend's answers`,
  msg`That did not work. Please try again.`,
  msg`We couldn't load this game. Check your connection and try again.`,
  msg`We couldn't start the game. Check your connection and try again.`,
  msg`We couldn't swap this question. Check your connection and try again.`,
  msg`We couldn't save your answers. Check your connection and try again.`,
  msg`This creator link is incomplete: copy all of it, including the part after #.`,
  msg`This game has too many friends to compare them all with each other.`,
  msg`The creator removed you from this game.`,
  msg`Only the game's creator can see how friends compare with each other.`,
  // Web Push (server/push/): missing from the catalog when push was merged.
  msg`Notifications are turned off on this server.`,
  msg`Only the creator of this game can get its notifications.`,
  msg`This game has too many devices getting notifications.`,
  // Sharing (server/share/, server/cards/).
  msg`Only the creator of this game can see the games made for them.`,
  msg`You can make a game back only for a game you played.`,
  msg`There is no such player in this game.`,
];

/** Sentences that carry a number (or name an entry): matched by shape, their parts put in again. */
const SHAPES: readonly [RegExp, (i18n: I18n, parts: string[]) => string][] = [
  [
    /^Too many requests; try again in (\d+) s\.$/,
    (i18n, [count]) => {
      const seconds = i18n.number(Number(count));
      return i18n._(msg`Too many requests; try again in ${seconds} s.`);
    },
  ],
  [/^Answer word (\d+) is empty\.$/, (i18n, [n]) => i18n._(msg`Answer word ${n} is empty.`)],
  [
    /^Answer word (\d+) can be at most (\d+) characters long\.$/,
    (i18n, [n, most]) => i18n._(msg`Answer word ${n} can be at most ${most} characters long.`),
  ],
  // create-game names the own question it refuses: "Question 2: …".
  [
    /^Question (\d+): (.+)$/,
    (i18n, [n, english]) => {
      const sentence = translateSentence(i18n, english);
      return i18n._(msg`Question ${n}: ${sentence}`);
    },
  ],
];

/**
 * The English of these sentences is a catalog of its own (client/locales/sentences/), not in the
 * landing page's entry: English shows a sentence as it came, so only another language needs the
 * English, to find the sentence it is. Given by activateLanguage with that language's catalogs.
 */
let englishSentences: Messages | undefined;
export function setEnglishSentences(messages: Messages): void {
  englishSentences = messages;
  byEnglish = undefined;
}

/** The table by English text, made on first use. */
let byEnglish: Map<string, MessageDescriptor> | undefined;
function known(): Map<string, MessageDescriptor> {
  if (!byEnglish) {
    byEnglish = new Map();
    if (!englishSentences) return byEnglish;
    const reader = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { [DEFAULT_LANGUAGE]: englishSentences } });
    for (const sentence of SENTENCES) byEnglish.set(reader._(sentence), sentence);
  }
  return byEnglish;
}

/** Every English sentence this table knows (for the test that keeps it in step with the server). */
export const knownSentences = (): string[] => [...known().keys()];

/** `text` in the active language when it is a known sentence, else `text` itself. */
export function translateSentence(i18n: I18n, text: string): string {
  if (i18n.locale === DEFAULT_LANGUAGE) return text;
  const sentence = known().get(text);
  if (sentence) return i18n._(sentence);
  for (const [shape, put] of SHAPES) {
    const match = shape.exec(text);
    if (match) return put(i18n, match.slice(1));
  }
  return text;
}
