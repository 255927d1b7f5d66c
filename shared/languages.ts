/**
 * The languages the product speaks, and how a BCP 47 tag (a browser's language, a `lang` on the
 * API) is matched to one of them. Both sides import this; no zod, no react. The one list of
 * languages: Lingui's config, the picker and the server read it (client/i18n/i18n.ts lists each
 * one's catalogue chunks). A fifth language is one more
 * code and name here, then its catalogs and its question-bank translations (docs/architecture.md).
 */

/** Every language, English first: English is what anything unknown or missing falls back to. */
export const LANGUAGES = ['en', 'es', 'pt-BR', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in its own words, for the picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  de: 'Deutsch',
};

const primary = (tag: string) => tag.split(/[-_]/)[0].toLowerCase();

/** The language a tag names, by exact code first, then by its first part (`pt-PT` → `pt-BR`); else undefined. */
function supported(tag: string): Language | undefined {
  const wanted = tag.trim().replace(/_/g, '-').toLowerCase();
  if (wanted === '' || wanted === '*') return undefined;
  return (
    LANGUAGES.find((code) => code.toLowerCase() === wanted) ??
    LANGUAGES.find((code) => primary(code) === primary(wanted))
  );
}

/** One language for a BCP 47 tag: `es-MX` → `es`, `pt` / `pt-PT` → `pt-BR`, `de-AT` → `de`, anything else → `en`. */
export function matchLanguage(tag: string | undefined | null): Language {
  return (tag ? supported(tag) : undefined) ?? 'en';
}

/**
 * The first language a person accepts that the product speaks: from an Accept-Language header
 * (`fr-CH, fr;q=0.9, es;q=0.8`, weights honoured) or a list such as `navigator.languages`
 * (in order). English when none matches.
 */
export function pickLanguage(accepted: string | readonly string[] | undefined | null): Language {
  if (!accepted) return 'en';
  const ranges =
    typeof accepted === 'string'
      ? accepted
          .split(',')
          .map((item, index) => {
            const [tag, ...params] = item.split(';');
            const weight = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
            return { tag, q: weight === undefined ? 1 : Number(weight), index };
          })
          .filter(({ q }) => q > 0)
          // Highest weight first; equal weights keep the order they were listed in.
          .sort((a, b) => b.q - a.q || a.index - b.index)
          .map(({ tag }) => tag)
      : accepted;
  for (const tag of ranges) {
    const language = supported(tag);
    if (language) return language;
  }
  return 'en';
}
