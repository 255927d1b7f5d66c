/**
 * The product's own model of a question, and the one place where it meets the wire's legacy
 * names (`questionID`, `question`, `options` as words or a scale code, `gameType`).
 * No zod here: the client imports this at run time.
 */
import { CLASSIC_UNANSWERED, type Edition, SPECTRUM_MAX, SPECTRUM_MIN } from './product.js';

/** `gameType` on the wire: 'Spectrum', or 'Classic' (also what a missing gameType means). */
type GameType = 'Spectrum' | 'Classic';

export function editionOf(gameType: GameType | undefined): Edition {
  return gameType === 'Spectrum' ? 'spectrum' : 'classic';
}

export function gameTypeOf(edition: Edition): GameType {
  return edition === 'spectrum' ? 'Spectrum' : 'Classic';
}

/** The Spectrum scales: each one's code on the wire and in bank files, and its slider's two ends. */
const SCALES = {
  'rarely-often': { code: 'A', ends: ['Rarely', 'Often'] },
  'disagree-agree': { code: 'B', ends: ['Disagree', 'Agree'] },
  'false-true': { code: 'C', ends: ['False', 'True'] },
} as const;

/** The two ends of a Spectrum slider. */
export type SpectrumScale = keyof typeof SCALES;
type ScaleCode = (typeof SCALES)[SpectrumScale]['code'];

const scales = Object.keys(SCALES) as SpectrumScale[];

export const SCALE_ENDS = Object.fromEntries(scales.map((scale) => [scale, SCALES[scale].ends])) as Record<
  SpectrumScale,
  readonly [string, string]
>;

/** Every scale code, in order: 'A', 'B', 'C'. */
export const SCALE_CODES: readonly ScaleCode[] = scales.map((scale) => SCALES[scale].code);

/** The codes and their ends as a sentence: `"A" (Rarely–Often), "B" (Disagree–Agree) or "C" (False–True)`. */
export function describeScaleCodes(): string {
  const each = scales.map((scale) => `"${SCALES[scale].code}" (${SCALES[scale].ends.join('–')})`);
  return `${each.slice(0, -1).join(', ')} or ${each.at(-1)}`;
}

/** A scale code's scale: anything but 'A' or 'B' means False to True, as it always has on the wire. */
export function scaleOf(code: string): SpectrumScale {
  return scales.find((scale) => SCALES[scale].code === code) ?? 'false-true';
}

export function scaleCode(scale: SpectrumScale): ScaleCode {
  return SCALES[scale].code;
}

interface QuestionBase {
  id: string;
  text: string;
}
export interface ClassicQuestion extends QuestionBase {
  edition: 'classic';
  /** The words in their original order; a Classic answer is a 1-based position in this list. */
  words: readonly string[];
}
export interface SpectrumQuestion extends QuestionBase {
  edition: 'spectrum';
  scale: SpectrumScale;
}
export type Question = ClassicQuestion | SpectrumQuestion;

/** A question as the API carries it. */
export interface WireQuestion {
  questionID: string;
  question: string;
  options: string[] | string;
}

export function toWireQuestion(question: Question): WireQuestion {
  return {
    questionID: question.id,
    question: question.text,
    options: question.edition === 'classic' ? [...question.words] : scaleCode(question.scale),
  };
}

/** Reads a question of a known edition off the wire; throws if its options do not fit the edition. */
export function fromWireQuestion(edition: Edition, wire: WireQuestion): Question {
  const { questionID: id, question: text, options } = wire;
  if (edition === 'classic') {
    if (!Array.isArray(options)) throw new TypeError(`Classic question ${id} has no words.`);
    return { edition, id, text, words: options };
  }
  if (typeof options !== 'string') throw new TypeError(`Spectrum question ${id} has no scale.`);
  return { edition, id, text, scale: scaleOf(options) };
}

/** The answers a round accepts: Classic 0 (unanswered) or a word's position; Spectrum 0..100. */
export function answerRange(question: Question): readonly [number, number] {
  return question.edition === 'classic' ? [CLASSIC_UNANSWERED, question.words.length] : [SPECTRUM_MIN, SPECTRUM_MAX];
}
