/**
 * How a score (0 to 10, one decimal) reads on every screen, the share text and the cards:
 * "6.1/10". Only the result's gauge differs: its percentage, with scoreOutOfTen beneath it.
 */
export function scoreText(score: number): string {
  return `${score}/10`;
}

/** The line beneath the result's gauge: "6.1 out of 10". */
export function scoreOutOfTen(score: number): string {
  return `${score} out of 10`;
}
