import type { I18n } from '@lingui/core';
import { scoreNumber, scoreText } from '../../shared/score-text.js';

/** A score out of 10 as the reader writes numbers: "6.1" in English, "6,1" in German, Spanish and Portuguese. */
export function formatScore(i18n: I18n, score: number): string {
  return scoreNumber(score, i18n.locale);
}

/** A score as every screen shows it (shared/score-text.ts): "6.1/10", "6,1/10". */
export function formatScoreText(i18n: I18n, score: number): string {
  return scoreText(score, i18n.locale);
}

/**
 * A count as the reader writes it ("1,234" / "1.234"). Below 1,000 every language of the product
 * writes a whole number as its plain digits, so those skip Intl.NumberFormat: a page's first one
 * loads the number data and blocks a phone's main thread for 100 ms or more (the join link's
 * "rounds of 15 seconds" was its longest task). client/i18n/format.test.ts holds every language to it.
 */
export function formatCount(i18n: I18n, count: number): string {
  return Number.isInteger(count) && count >= 0 && count < 1000 ? String(count) : i18n.number(count);
}
