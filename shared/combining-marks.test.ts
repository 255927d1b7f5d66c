import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LETTER_PART, LETTER_PARTS, MAX_STACKED_MARKS } from './combining-marks.js';
import { cleanName, cleanText } from './names.js';
import { checkOwnQuestion } from './own-questions.js';

const FLOOD = `Z${'\u0301'.repeat(138)}`;

/** Written text that must come through unchanged (it is in NFC and holds nothing cleaning removes). */
const LEGIT = [
  'Nguyễn Thị Ánh Tuyết',
  'người những ặ ậ ợ ễ ỷ',
  'हिन्दी ज़िंदगी पढ़ें फ़ैंस छोड़ें',
  'क्षत्रिय स्त्री ज़्यादा क़ुर्बानी',
  'বাংলা কোথায় খোঁজ',
  'தமிழ் கொண்டு',
  'ಕನ್ನಡ ಕೋಟೆ',
  'తెలుగు కైంకర్యం',
  'සිංහල කෝ',
  'ကျောင်း မြို့ ကျွန်ုပ်',
  'ที่ กิ๊ก น้ำ',
  'ខ្ញុំ',
  'བསྒྲུབས སྒྲིབ',
  'שַּׁבָּת',
  'ᾄδω ᾏ ΐ',
  'العَرَبِيَّةُ',
  'Yorùbá ẹ̀ ọ́',
  '한국어',
  'Zoë Ǖ Å',
  // Emoji ZWJ sequences (cleaning takes their joiners out, as it always has), keycaps, skin tones, flags.
  '👨👩👧 🏳️🌈 👩🏽💻 ❤️🔥',
  '1️⃣ #️⃣ 👍🏽',
  '🇧🇷 🇩🇪 🇻🇳 🏴󠁧󠁢󠁥󠁮󠁧󠁿',
];

/** Stacking marks on each base, counted as the rule says but written apart from it: decomposed, left to right. */
function stackedMarksPerBase(text: string): number[] {
  const counts: number[] = [0];
  let letterParts = 0;
  for (const character of text.normalize('NFD')) {
    if (!/\p{M}/u.test(character)) {
      counts.push(0);
      letterParts = 0;
    } else if (/\p{Mc}/u.test(character)) {
      // spacing: beside the base, not on it
    } else if (LETTER_PART.test(character) && letterParts < LETTER_PARTS) {
      letterParts++;
    } else {
      counts[counts.length - 1]++;
    }
  }
  return counts;
}

const withoutMarks = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/** Marks of every kind: accents above and below, enclosing, variation selectors, Indic signs, nuktas. */
const MARKS = [
  '\u0301',
  '\u0300',
  '\u0308',
  '\u0323',
  '\u0345',
  '\u20DD',
  '\u20E3',
  '\uFE0F',
  '\u0947',
  '\u093F',
  '\u0902',
  '\u093C',
  '\u1037',
  '\u0F92',
  '\u05C1',
  '\u0E49',
];
const BASES = ['Z', 'e', 'o', ' ', 'क', 'ढ', 'မ', 'ས', 'ש', 'α', '😀', '🇧', 'ท'];

/** Text that floods marks: bases, each followed by any number of marks, with ordinary text between. */
const flooded = fc
  .array(
    fc.oneof(
      fc
        .tuple(fc.constantFrom(...BASES), fc.array(fc.constantFrom(...MARKS), { maxLength: 12 }))
        .map(([base, marks]) => base + marks.join('')),
      fc.string({ maxLength: 4 }),
      fc.string({ unit: 'binary', maxLength: 2 }),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

describe('combining marks in cleaned text', () => {
  it(`keep at most ${MAX_STACKED_MARKS} on a base character: "Z" + 138 × U+0301 is "Z" + 2`, () => {
    const expected = `Z${'\u0301'.repeat(2)}`.normalize('NFC');
    expect(cleanText(FLOOD)).toBe(expected);
    expect(cleanName(FLOOD)).toBe(expected);
    expect(cleanName(`Ana ${FLOOD} Bo`)).toBe(`Ana ${expected} Bo`);
    expect(stackedMarksPerBase(cleanText(FLOOD))).toEqual([0, 2]);
  });

  it('are cut in own questions and their answer words too', () => {
    const check = checkOwnQuestion('classic', {
      question: `Which is ${FLOOD}?`,
      options: [`Yes${'\u0300'.repeat(50)}`, 'No'],
    });
    expect(check).toEqual({
      ok: true,
      question: {
        edition: 'classic',
        text: `Which is ${cleanText(FLOOD)}?`,
        words: ['Yes\u0300\u0300'.normalize('NFC'), 'No'],
      },
    });
    const spectrum = checkOwnQuestion('spectrum', { question: `${FLOOD} is best`, scale: 'A' });
    expect(spectrum.ok && spectrum.question.text).toBe(`${cleanText(FLOOD)} is best`);
  });

  it.each(LEGIT)('leave written text as it is: %s', (text) => {
    expect(cleanText(text)).toBe(text);
  });

  it('leave any mix of written text unchanged', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LEGIT), { minLength: 1, maxLength: 6 }), (words) => {
        const text = words.join(' ');
        expect(cleanText(text)).toBe(text);
      }),
    );
  });

  it(`leave every base with at most ${MAX_STACKED_MARKS} stacking marks, drop only marks, and change nothing twice`, () => {
    fc.assert(
      fc.property(flooded, (text) => {
        const clean = cleanText(text);
        for (const count of stackedMarksPerBase(clean)) expect(count).toBeLessThanOrEqual(MAX_STACKED_MARKS);
        // Only marks go (besides what cleaning always removed): every base stays, in order.
        expect(withoutMarks(clean).trim()).toBe(withoutMarks(cleanText(withoutMarks(text))));
        expect(clean).toBe(clean.normalize('NFC'));
        expect(cleanText(clean)).toBe(clean);
        expect(cleanName(clean)).toBe(cleanName(text));
      }),
      { numRuns: 2000 },
    );
  });

  it(`change nothing in text with at most ${MAX_STACKED_MARKS} marks on each base`, () => {
    const modest = fc
      .array(
        fc.tuple(fc.constantFrom(...BASES), fc.array(fc.constantFrom(...MARKS), { maxLength: MAX_STACKED_MARKS })),
        { maxLength: 20 },
      )
      .map((pieces) => pieces.map(([base, marks]) => base + marks.join('')).join(''));
    fc.assert(
      fc.property(modest, (text) => {
        expect(cleanText(text)).toBe(text.normalize('NFC').trim());
      }),
      { numRuns: 2000 },
    );
  });
});
