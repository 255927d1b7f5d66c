/**
 * The product's own model of a question, and the one place where it meets the wire's legacy
 * names (`questionID`, `question`, `options` as words or a scale code, `gameType`).
 * No zod here: the client imports this at run time.
 */
import { CLASSIC_UNANSWERED, type Edition, SPECTRUM_MAX, SPECTRUM_MIN } from './product.js';

/** `gameType` on the wire: 'Spectrum', or 'Classic' (also what a missing gameType means). */
export type GameType = 'Spectrum' | 'Classic';

export function editionOf(gameType: GameType | undefined): Edition {
  return gameType === 'Spectrum' ? 'spectrum' : 'classic';
}

export function gameTypeOf(edition: Edition): GameType {
  return edition === 'spectrum' ? 'Spectrum' : 'Classic';
}

/** The two ends of a Spectrum slider. */
export type SpectrumScale = 'rarely-often' | 'disagree-agree' | 'false-true';

export const SCALE_ENDS: Record<SpectrumScale, readonly [string, string]> = {
  'rarely-often': ['Rarely', 'Often'],
  'disagree-agree': ['Disagree', 'Agree'],
  'false-true': ['False', 'True'],
};

/** Scale codes on the wire and in bank files: 'A', 'B', and anything else means False to True. */
const SCALE_CODES: Record<SpectrumScale, string> = { 'rarely-often': 'A', 'disagree-agree': 'B', 'false-true': 'C' };

export function scaleOf(code: string): SpectrumScale {
  if (code === 'A') return 'rarely-often';
  if (code === 'B') return 'disagree-agree';
  return 'false-true';
}

export function scaleCode(scale: SpectrumScale): string {
  return SCALE_CODES[scale];
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
