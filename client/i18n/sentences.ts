import { type I18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { messages as englishMessages } from '../locales/en.po';
import { DEFAULT_LANGUAGE } from './languages.js';

/**
 * Sentences that travel as English text (the server's `{message}`, which stays English on the
 * wire, and the client's own fallbacks, which are kept in state and router state) and are put
 * into the reader's language only when shown. A sentence not listed here is shown as sent.
 * The server's come from server/ (HttpError calls, errors.ts, db/unavailable.ts, app.ts).
 * Here: those the landing page can show; the screens' own are in screen-sentences.ts.
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
  // The client's fallbacks, for a call that got no sentence back.
  msg`Failed to load questions`,
  msg`Failed to load the game`,
  msg`Failed to load your games`,
  msg`This game does not exist.`,
  msg`This screen took too long to load.`,
  msg`404 Not Found`,
  msg`We couldn't load the questions. Check your connection and try again.`,
];

/** The rate limiter's sentence carries a number of seconds. */
const TOO_MANY = /^Too many requests; try again in (\d+) s\.$/;

/** More sentences, with the English catalog that holds them (the lazy screens bring their own). */
const groups: { sentences: readonly MessageDescriptor[]; english: Messages }[] = [
  { sentences: SENTENCES, english: englishMessages },
];
export function addSentences(sentences: readonly MessageDescriptor[], english: Messages): void {
  groups.push({ sentences, english });
  byEnglish = undefined;
}

/**
 * The table by English text, made on first use from the English catalogs: in a production build
 * a descriptor carries only its id, and the English is in a catalog once, not twice.
 */
let byEnglish: Map<string, MessageDescriptor> | undefined;
function known(): Map<string, MessageDescriptor> {
  if (!byEnglish) {
    byEnglish = new Map();
    for (const { sentences, english } of groups) {
      const reader = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { [DEFAULT_LANGUAGE]: english } });
      for (const sentence of sentences) byEnglish.set(reader._(sentence), sentence);
    }
  }
  return byEnglish;
}

/** Every English sentence this table knows (for the test that keeps it in step with the server). */
export const knownSentences = (): string[] => [...known().keys()];

/** `text` in the active language when it is a known sentence, else `text` itself. */
export function translateSentence(i18n: I18n, text: string): string {
  const sentence = known().get(text);
  if (sentence) return i18n._(sentence);
  const tooMany = TOO_MANY.exec(text);
  if (tooMany) {
    const seconds = i18n.number(Number(tooMany[1]));
    return i18n._(msg`Too many requests; try again in ${seconds} s.`);
  }
  return text;
}
