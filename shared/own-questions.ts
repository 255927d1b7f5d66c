/**
 * A creator's own questions (docs/api.md, create-game): what one may hold, the one check
 * that both the landing screen and create-game apply, and their game-private ids. No zod here:
 * the client imports this at run time.
 */
import { type ClassicQuestion, type Question, type SpectrumQuestion, scaleCode, scaleOf } from './model.js';
import { cleanText } from './names.js';
import {
  OWN_QUESTION_MAX_LENGTH,
  OWN_QUESTION_MIN_LENGTH,
  OWN_WORD_MAX_LENGTH,
  OWN_WORDS_MAX,
  OWN_WORDS_MIN,
} from './own-question-limits.js';
import type { Edition } from './product.js';

export * from './own-question-limits.js';
/** Spectrum scale codes an own statement may use (see SCALE_ENDS in model.ts). */
export const OWN_SCALE_CODES = ['A', 'B', 'C'] as const;

/**
 * Own questions are numbered in the order written: `own-1` … `own-5`. Bank files may not use
 * ids with this prefix (questions/bank.ts), so an own question never collides with a drawn one.
 */
export const OWN_QUESTION_ID_PREFIX = 'own-';
export const ownQuestionId = (number: number) => `${OWN_QUESTION_ID_PREFIX}${number}`;
export const isOwnQuestionId = (id: string) => id.toLowerCase().startsWith(OWN_QUESTION_ID_PREFIX);

/** An own question as create-game's `questionSet` carries it: Classic words or a Spectrum scale code. */
export interface OwnQuestionInput {
  question: string;
  options?: string[];
  scale?: string;
}

/** What can be wrong with an own question, as a code (what the client translates by). */
export type OwnQuestionProblemCode =
  | 'own_question_too_short'
  | 'own_question_too_long'
  | 'own_question_repeated'
  | 'own_word_empty'
  | 'own_word_too_long'
  | 'own_word_count'
  | 'own_words_same'
  | 'own_question_needs_words'
  | 'own_question_needs_scale'
  | 'own_question_scale';

/** One problem: its code, its English sentence, and the numbers the sentence holds. */
export interface OwnQuestionProblem {
  code: OwnQuestionProblemCode;
  message: string;
  values?: Record<string, number>;
}

const problem = (code: OwnQuestionProblemCode, message: string, values?: Record<string, number>) =>
  (values === undefined ? { code, message } : { code, message, values }) as OwnQuestionProblem;

/**
 * What can be wrong, shown beside the field on the landing screen (translated by code) and
 * (first letter lowered, after "Question N: ") in create-game's 400. One place.
 */
export const OWN_QUESTION_PROBLEMS = {
  questionTooShort: problem(
    'own_question_too_short',
    `The question needs at least ${OWN_QUESTION_MIN_LENGTH} characters.`,
  ),
  questionTooLong: problem(
    'own_question_too_long',
    `The question can be at most ${OWN_QUESTION_MAX_LENGTH} characters long.`,
  ),
  questionRepeated: problem('own_question_repeated', 'You already wrote this question.'),
  wordEmpty: (n: number) => problem('own_word_empty', `Answer word ${n} is empty.`, { n }),
  wordTooLong: (n: number) =>
    problem('own_word_too_long', `Answer word ${n} can be at most ${OWN_WORD_MAX_LENGTH} characters long.`, {
      n,
      most: OWN_WORD_MAX_LENGTH,
    }),
  wordCount: problem('own_word_count', `Give ${OWN_WORDS_MIN} to ${OWN_WORDS_MAX} answer words.`),
  wordsSame: problem('own_words_same', 'The answer words must differ.'),
  noWords: problem('own_question_needs_words', 'A Classic question needs answer words ("options"), not a scale.'),
  noScale: problem(
    'own_question_needs_scale',
    'A Spectrum statement needs a scale ("A", "B" or "C"), not answer words.',
  ),
  scale: problem('own_question_scale', 'Choose one of the three scales.'),
} as const;

/** What is wrong with one own question, field by field. */
export interface OwnQuestionProblems {
  question?: OwnQuestionProblem;
  /** By answer word, in the order written. */
  words?: (OwnQuestionProblem | undefined)[];
  /** The answer words as a whole: how many, whether they differ. */
  wordList?: OwnQuestionProblem;
  scale?: OwnQuestionProblem;
}

/** A checked own question before it has an id. */
export type OwnQuestionContent = Omit<ClassicQuestion, 'id'> | Omit<SpectrumQuestion, 'id'>;

export type OwnQuestionCheck =
  | { ok: true; question: OwnQuestionContent }
  | { ok: false; problems: OwnQuestionProblems };

const length = (text: string) => Array.from(text).length;

/** Checks and cleans one own question (text cleaned as names are, without their 40-character cut). */
export function checkOwnQuestion(edition: Edition, input: OwnQuestionInput): OwnQuestionCheck {
  const problems: OwnQuestionProblems = {};
  const text = cleanText(input.question);
  if (length(text) < OWN_QUESTION_MIN_LENGTH) problems.question = OWN_QUESTION_PROBLEMS.questionTooShort;
  else if (length(text) > OWN_QUESTION_MAX_LENGTH) problems.question = OWN_QUESTION_PROBLEMS.questionTooLong;

  if (edition === 'spectrum') {
    if (input.options !== undefined) problems.scale = OWN_QUESTION_PROBLEMS.noScale;
    else if (!(OWN_SCALE_CODES as readonly (string | undefined)[]).includes(input.scale)) {
      problems.scale = OWN_QUESTION_PROBLEMS.scale;
    }
    if (Object.keys(problems).length > 0) return { ok: false, problems };
    return { ok: true, question: { edition, text, scale: scaleOf(input.scale as string) } };
  }

  if (input.options === undefined || input.scale !== undefined) {
    return { ok: false, problems: { ...problems, wordList: OWN_QUESTION_PROBLEMS.noWords } };
  }
  const words = input.options.map(cleanText);
  const wordProblems = words.map((word, i) => {
    if (word === '') return OWN_QUESTION_PROBLEMS.wordEmpty(i + 1);
    return length(word) > OWN_WORD_MAX_LENGTH ? OWN_QUESTION_PROBLEMS.wordTooLong(i + 1) : undefined;
  });
  if (wordProblems.some((problem) => problem !== undefined)) problems.words = wordProblems;
  if (words.length < OWN_WORDS_MIN || words.length > OWN_WORDS_MAX) problems.wordList = OWN_QUESTION_PROBLEMS.wordCount;
  else if (new Set(words.map((word) => word.toLowerCase())).size !== words.length) {
    problems.wordList = OWN_QUESTION_PROBLEMS.wordsSame;
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, question: { edition, text, words } };
}

/**
 * Checks a creator's own questions in the order written: each on its own, then that no two ask
 * the same (cleaned, case-insensitively).
 */
export function checkOwnQuestions(edition: Edition, inputs: readonly OwnQuestionInput[]): OwnQuestionCheck[] {
  const seen = new Set<string>();
  return inputs.map((input) => {
    const check = checkOwnQuestion(edition, input);
    const key = cleanText(input.question).toLowerCase();
    const repeated = key !== '' && seen.has(key);
    seen.add(key);
    if (!repeated) return check;
    const problems = check.ok ? {} : check.problems;
    return {
      ok: false,
      problems: { ...problems, question: problems.question ?? OWN_QUESTION_PROBLEMS.questionRepeated },
    };
  });
}

/** The first problem, in the order of the fields on screen. */
export function firstProblem(problems: OwnQuestionProblems): OwnQuestionProblem | undefined {
  return problems.question ?? problems.words?.find((p) => p !== undefined) ?? problems.wordList ?? problems.scale;
}

/** The `questionSet` entry of an own question (what create-game reads back into the same question). */
export function ownQuestionEntry(question: Question): OwnQuestionInput {
  return question.edition === 'classic'
    ? { question: question.text, options: [...question.words] }
    : { question: question.text, scale: scaleCode(question.scale) };
}

/**
 * A creator's rounds: their own questions first, in the order written, each replacing one drawn
 * question from the start (so swaps still work on the drawn ones that follow). More own
 * questions than drawn ones (a QUESTIONS_PER_GAME below 5) keep every own question.
 */
export function withOwnQuestions(own: readonly Question[], drawn: readonly Question[]): Question[] {
  return [...own, ...drawn.slice(own.length)];
}
