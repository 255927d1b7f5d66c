/**
 * The languages the screens speak (shared/languages.ts: codes, and how a tag is matched), each
 * named in its own words for the picker.
 */
import { LANGUAGES as CODES, LANGUAGE_NAMES, type Language } from '../../shared/languages.js';

export { type Language, matchLanguage, pickLanguage } from '../../shared/languages.js';

export const LANGUAGES = CODES.map((tag) => ({ tag, name: LANGUAGE_NAMES[tag] }));

export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(tag: unknown): tag is Language {
  return typeof tag === 'string' && (CODES as readonly string[]).includes(tag);
}
