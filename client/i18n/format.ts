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

/** A count as the reader writes it ("1,234" / "1.234"). */
export function formatCount(i18n: I18n, count: number): string {
  return i18n.number(count);
}
