import type { Edition } from '../../../shared/product.js';
import { local, readJson } from '../../state/storage.js';

/** Where the landing screen's own-question drafts are kept (state/own-questions.ts reads and writes them). */
export const DRAFTS_KEY = 'wavelength.ownQuestions';

/**
 * Whether drafts of this edition are kept, without checking them: the landing screen then fetches
 * the editor at once, which checks what it shows (state/own-questions.ts).
 */
export function hasKeptDrafts(edition: Edition): boolean {
  const stored = readJson(local, DRAFTS_KEY);
  const list = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>)[edition] : undefined;
  return Array.isArray(list) && list.length > 0;
}
