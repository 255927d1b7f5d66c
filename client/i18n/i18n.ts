import { i18n, type Messages } from '@lingui/core';
import { messages as english } from '../locales/en.po';
import { local } from '../state/storage.js';
import { DEFAULT_LANGUAGE, isLanguage, type Language, pickLanguage } from './languages.js';
import { setSentenceTranslator } from './sentence-reader.js';

/** Where this browser's choice of language is kept. */
export const LANGUAGE_KEY = 'wavelength.language';

type Catalog = () => Promise<{ messages: Messages }>;

/**
 * English ships with the entry chunk (the landing area) and beside the lazy screens' code (the
 * screens area, client/i18n/screens.ts), so no screen waits for it. Every other language is two
 * chunks, fetched together the first time that language is chosen.
 */
const CATALOGS: Record<Exclude<Language, 'en'>, readonly Catalog[]> = {
  es: [
    () => import('../locales/es.po'),
    () => import('../locales/screens/es.po'),
    () => import('../locales/sentences/es.po'),
  ],
  'pt-BR': [
    () => import('../locales/pt-BR.po'),
    () => import('../locales/screens/pt-BR.po'),
    () => import('../locales/sentences/pt-BR.po'),
  ],
  de: [
    () => import('../locales/de.po'),
    () => import('../locales/screens/de.po'),
    () => import('../locales/sentences/de.po'),
  ],
};
/**
 * The travelling sentences' table (sentences.ts) and their English, so another language can
 * recognise them: fetched with the first language other than English, never for English.
 */
const ENGLISH_SENTENCES: Catalog = () => import('../locales/sentences/en.po');
const SENTENCE_TABLE = () => import('./sentences.js');

i18n.load(DEFAULT_LANGUAGE, english);
const loaded = new Set<Language>([DEFAULT_LANGUAGE]);
/** Bumped by every switch, so a slow catalog cannot overrule a later choice. */
let latest = 0;
i18n.activate(DEFAULT_LANGUAGE);

export { i18n };

/** The language the screens are in now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/** The remembered choice, else the browser's first language spoken here, else English. */
export function preferredLanguage(): Language {
  const remembered = local.get(LANGUAGE_KEY);
  if (isLanguage(remembered)) return remembered;
  return pickLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

/** Fetches the language's catalog if it is not here yet, then switches every screen (and `<html lang>`) to it. */
export async function activateLanguage(language: Language): Promise<void> {
  const request = ++latest;
  if (language !== 'en' && !loaded.has(language)) {
    const [table, english, ...areas] = await Promise.all([
      SENTENCE_TABLE(),
      ...[ENGLISH_SENTENCES, ...CATALOGS[language]].map((load) => load()),
    ]);
    table.setEnglishSentences(english.messages);
    setSentenceTranslator(table.translateSentence);
    i18n.load(language, Object.assign({}, ...areas.map((area) => area.messages)));
    loaded.add(language);
  }
  if (request !== latest) return;
  i18n.activate(language);
  document.documentElement.lang = language;
}

/** A person's own choice: remembered in this browser, then shown. */
export function chooseLanguage(language: Language): Promise<void> {
  local.set(LANGUAGE_KEY, language);
  return activateLanguage(language);
}

/**
 * At start-up: the preferred language, or English if its catalog cannot be fetched (offline on
 * a stale page); the screens still work, and the picker can try again.
 */
export async function startLanguage(): Promise<void> {
  try {
    await activateLanguage(preferredLanguage());
  } catch {
    await activateLanguage(DEFAULT_LANGUAGE);
  }
}
