/**
 * Combining-mark floods ("Z" followed by a hundred accents draws a glyph stack hundreds of pixels
 * tall over the text around it): cleaned text keeps at most MAX_STACKED_MARKS marks on each base
 * character. Written text never needs more, in any script, once the rule leaves out what does not
 * stack as an accent does:
 *
 * - spacing marks (\p{Mc}) take their own width beside the base, like a letter (Burmese ကျောင်း
 *   "school" carries three, Hindi ज़िंदगी one);
 * - up to LETTER_PARTS marks that are part of a letter: a nukta (canonical combining class 7), with
 *   its base one letter, ढ़ or ज़, that NFC keeps as two code points, so पढ़ें "read" is ढ + nukta
 *   + two marks (Burmese's dot below, as in မြို့ "town", is of the same class); Hebrew's shin and
 *   sin dots (שׁ); Greek's iota subscript (ᾄ); Tibetan's subjoined letters (བསྒྲུབས).
 *
 * Every other mark (\p{Mn}, \p{Me}: accents, Indic vowel signs above and below, variation
 * selectors, the keycap) counts; past the second on one base, the rest are dropped. A base is any
 * code point that is not a mark, so the marks of a ZWJ emoji sequence or an Indic conjunct count
 * per letter or emoji, not per grapheme cluster. Marks are counted on decomposed text (NFD): Ź is
 * Z and one mark, ệ is e and two.
 */
export const MAX_STACKED_MARKS = 2;
/** Letter parts free on one base; past them they count as marks. */
export const LETTER_PARTS = 2;

/** Nuktas (ccc 7, Unicode 14), shin and sin dots, iota subscript, Tibetan subjoined letters. */
export const LETTER_PART =
  /[\u0345\u05C1\u05C2\u093C\u09BC\u0A3C\u0ABC\u0B3C\u0C3C\u0CBC\u0F8D-\u0F97\u0F99-\u0FBC\u1037\u1B34\u1BE6\u1C37\uA9B3\u{110BA}\u{11173}\u{111CA}\u{11236}\u{112E9}\u{1133B}\u{1133C}\u{11446}\u{114C3}\u{115C0}\u{116B7}\u{1183A}\u{11943}\u{11D42}\u{1E94A}]/u;
const SPACING = /\p{Mc}/u;
/** Only a base with more than MAX_STACKED_MARKS marks after it can need a cut. */
const MARK_RUN = /\p{M}{3,}/gu;

function limitRun(run: string): string {
  let counted = 0;
  let letterParts = 0;
  let kept = '';
  for (const mark of run) {
    if (SPACING.test(mark)) {
      kept += mark;
    } else if (letterParts < LETTER_PARTS && LETTER_PART.test(mark)) {
      letterParts++;
      kept += mark;
    } else if (counted < MAX_STACKED_MARKS) {
      counted++;
      kept += mark;
    }
  }
  return kept;
}

/**
 * `text` with at most MAX_STACKED_MARKS stacking marks on each base character (marks at the very
 * start count as on one base). Give it decomposed text (NFD) and compose the result (see cleanText).
 */
export function limitCombiningMarks(text: string): string {
  return text.replace(MARK_RUN, limitRun);
}
