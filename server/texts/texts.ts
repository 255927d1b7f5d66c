import type { Language } from '../../shared/languages.js';
import { PRODUCT_NAME } from '../../shared/product.js';
import { fillIn, type Text } from '../../shared/texts.js';
import { CATALOGS } from './catalogs.js';

/**
 * One of the server's texts (shared/texts.ts) in `language`, from the catalogs every side reads
 * (the English where a language lacks it; a test keeps that from happening), its placeholders
 * filled in: `{product}` always, the rest from `values`.
 */
export function serverText(language: Language | undefined, text: Text, values: Record<string, string> = {}): string {
  const message = CATALOGS[language ?? 'en'][text.id] ?? text.message;
  return fillIn(message, { product: PRODUCT_NAME, ...values });
}
