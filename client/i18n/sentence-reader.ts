import type { I18n } from '@lingui/core';
import { DEFAULT_LANGUAGE } from './languages.js';

type Translate = (i18n: I18n, text: string) => string;

/**
 * The table of sentences that travel in English (client/i18n/sentences.ts) is not in the landing
 * page's entry: English shows a sentence as it came, so only another language needs it, and
 * activateLanguage fetches it with that language's catalogs and hands its translator here.
 */
let translator: Translate | undefined;
export function setSentenceTranslator(translate: Translate): void {
  translator = translate;
}

/** `text` in the active language when it is a known sentence, else `text` itself. */
export function translateSentence(i18n: I18n, text: string): string {
  if (i18n.locale === DEFAULT_LANGUAGE || !translator) return text;
  return translator(i18n, text);
}
