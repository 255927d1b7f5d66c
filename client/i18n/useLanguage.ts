import { useLingui } from '@lingui/react';
import { isLanguage, type Language } from './languages.js';

/** The language the screens are in; a screen that renders it re-renders (and refetches) on a switch. */
export function useLanguage(): Language {
  const { i18n } = useLingui();
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}
