/**
 * The languages the product speaks, each named in its own words for the picker.
 * A minimal client copy of what shared/languages.ts is to be (the server's side of issue 24 had
 * not landed when this was written): once it lands, this file should re-export it.
 */
export const LANGUAGES = [
  { tag: 'en', name: 'English' },
  { tag: 'es', name: 'Español' },
  { tag: 'pt-BR', name: 'Português (Brasil)' },
  { tag: 'de', name: 'Deutsch' },
] as const;

export type Language = (typeof LANGUAGES)[number]['tag'];

export const DEFAULT_LANGUAGE: Language = 'en';

const TAGS: readonly string[] = LANGUAGES.map((language) => language.tag);

export function isLanguage(tag: unknown): tag is Language {
  return typeof tag === 'string' && TAGS.includes(tag);
}

/**
 * The language a BCP 47 tag asks for, or undefined: an exact tag (case-insensitive) first, then
 * its primary language ("es-MX" → es, "pt-PT" or "pt" → pt-BR, "de-AT" → de).
 */
export function matchLanguage(tag: string): Language | undefined {
  const wanted = tag.trim().toLowerCase();
  if (wanted === '') return undefined;
  const exact = LANGUAGES.find((language) => language.tag.toLowerCase() === wanted);
  if (exact) return exact.tag;
  const primary = wanted.split(/[-_]/)[0];
  return LANGUAGES.find((language) => language.tag.toLowerCase().split('-')[0] === primary)?.tag;
}

/** The first of a browser's preferred languages (navigator.languages, best first) that is spoken here, else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const language = matchLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
