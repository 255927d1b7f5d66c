import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** How an empty name is shown, as shared/product.ts's displayName does, in the reader's language. */
export function shownName(i18n: I18n, name: string): string {
  const trimmed = name.trim();
  return trimmed === '' ? i18n._(msg`Anonymous`) : trimmed;
}
