import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isolate } from '../../shared/names.js';
import { namedCreator } from '../../shared/product.js';

/** How a friend's name is shown in lists: the name, or "Anonymous" in the reader's language (shared/product.ts's rule). */
export function shownName(i18n: I18n, name: string): string {
  return namedCreator(name) ?? i18n._(msg`Anonymous`);
}

/** A friend's shown name put into a sentence: isolated (shared/names.ts), so its direction stays its own. */
export function nameInSentence(i18n: I18n, name: string): string {
  return isolate(shownName(i18n, name));
}

/** A creator's name put into a sentence, isolated; null when they typed none (each sentence says "your friend" its own way). */
export function creatorInSentence(name: string): string | null {
  const creator = namedCreator(name);
  return creator === null ? null : isolate(creator);
}
