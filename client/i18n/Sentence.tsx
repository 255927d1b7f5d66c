import { useLingui } from '@lingui/react';
import { translateSentence } from './sentence-reader.js';

/** A sentence that travelled in English (a server's message, a kept fallback), shown in the reader's language. */
export function Sentence({ text }: { text: string }) {
  const { i18n } = useLingui();
  return <>{translateSentence(i18n, text)}</>;
}
