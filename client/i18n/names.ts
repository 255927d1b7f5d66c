import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { namedCreator } from '../../shared/product.js';

/** How a friend's name is shown in lists: the name, or "Anonymous" in the reader's language (shared/product.ts's rule). */
export function shownName(i18n: I18n, name: string): string {
  return namedCreator(name) ?? i18n._(msg`Anonymous`);
}
