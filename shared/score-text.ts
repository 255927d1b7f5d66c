/**
 * How a score (0 to 10, one decimal) reads on every screen and in the share text: "6.1/10", its
 * number as the reader's language writes it ("6,1/10" in German, Spanish and Portuguese). Only
 * the result's gauge differs: its percentage, with "6.1 out of 10" beneath it (a screen message).
 */
export function scoreNumber(score: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(score);
}

export function scoreText(score: number, locale = 'en'): string {
  return `${scoreNumber(score, locale)}/10`;
}
