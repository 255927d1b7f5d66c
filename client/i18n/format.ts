import type { I18n } from '@lingui/core';

/** A score out of 10 as the reader writes numbers: "6.1" in English, "6,1" in German, Spanish and Portuguese. */
export function formatScore(i18n: I18n, score: number): string {
  return i18n.number(score, { maximumFractionDigits: 1 });
}

/** A count as the reader writes it ("1,234" / "1.234"). */
export function formatCount(i18n: I18n, count: number): string {
  return i18n.number(count);
}
