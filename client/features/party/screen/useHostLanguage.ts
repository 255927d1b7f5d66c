import { useEffect } from 'react';
import { activateLanguage, preferredLanguage } from '../../../i18n/i18n.js';
import { isLanguage } from '../../../i18n/languages.js';

/**
 * The shared screen speaks the host's language (the party's `lang`), whatever this browser's
 * choice: the room reads one screen. It is switched for this page only, not remembered, and the
 * browser's own language comes back when the page is left.
 */
export function useHostLanguage(lang: string | undefined): void {
  useEffect(() => {
    if (lang === undefined || !isLanguage(lang)) return;
    activateLanguage(lang).catch(() => {
      // Offline on a stale page: the screen stays in the language it has; it still works.
    });
  }, [lang]);
  useEffect(
    () => () => {
      activateLanguage(preferredLanguage()).catch(() => {});
    },
    [],
  );
}
