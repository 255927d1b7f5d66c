/** The two ends of a Spectrum question's slider, from its options code. */
export function spectrumScale(options: string | readonly string[]): readonly [string, string] {
  if (options === 'A') return ['Rarely', 'Often'];
  if (options === 'B') return ['Disagree', 'Agree'];
  return ['False', 'True'];
}
