import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { QUESTION_ID_PATTERN } from '../../shared/api.js';
import { describeScaleCodes, SCALE_CODES } from '../../shared/model.js';
import { isOwnQuestionId, OWN_QUESTION_ID_PREFIX } from '../../shared/own-questions.js';
import { isPack, PACKS, type Pack } from '../../shared/packs.js';
import { EDITIONS, type Edition } from '../../shared/product.js';
import {
  type BankLimits,
  preview,
  type QuestionTranslations,
  readTranslationFiles,
  splitLanguages,
} from './bank-texts.js';

/**
 * A question bank is a folder holding `spectrum.json` and `classic.json`, each a JSON array of
 * `{"id","question","options","packs"?}` — the format of the built-in banks in `seed/` — and
 * optionally their translations (see bank-texts.ts). `packs` lists the packs a question belongs to
 * (one or more of shared/packs.ts); a question without it is drawn only when no pack is asked for. A folder given by QUESTIONS_DIR goes through exactly
 * the same checks as the built-in one.
 */
export interface BankQuestion {
  id: string;
  edition: Edition;
  question: string;
  /** Classic: the four option words. Spectrum: the scale code. */
  options: string[] | string;
  /** The question in other languages, where the bank gives it (absent: English only). */
  translations?: QuestionTranslations;
  /** The packs it belongs to (shared/packs.ts); absent: in none (an own bank may give none). */
  packs?: Pack[];
}

const CLASSIC_OPTION_COUNT = 4;
/**
 * Questions one edition's file may hold: far more than anyone plays through, and few enough that
 * the ids of a bank stay in memory for drawing (see questions/draw.ts) and start-up stays quick.
 */
export const MAX_BANK_QUESTIONS = 10_000;
const QUESTION_MAX_LENGTH = 200;
const OPTION_MAX_LENGTH = 40;
const FIELDS = ['id', 'question', 'options', 'packs'];
const LIMITS: BankLimits = {
  questionLength: QUESTION_MAX_LENGTH,
  optionLength: OPTION_MAX_LENGTH,
  optionCount: CLASSIC_OPTION_COUNT,
};

/** A bank that cannot be served. The message is one line naming the file and the problem. */
export class BankError extends Error {}

export const bankFile = (dir: string, edition: Edition) => join(dir, `${edition}.json`);

export interface BankOptions {
  /** Each edition must hold at least this many questions (a game draws this many). */
  questionsPerGame?: number;
}

/** Reads and validates both bank files of `dir`. Throws a BankError on the first problem found. */
export function loadQuestionBank(dir: string, { questionsPerGame = 1 }: BankOptions = {}): BankQuestion[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new BankError(`Question bank ${dir}: no such folder`);
  }
  const seenIds = new Map<string, string>();
  const questions: BankQuestion[] = [];
  for (const edition of EDITIONS) {
    const file = bankFile(dir, edition);
    const bank = readBankFile(file, edition);
    for (const question of bank) {
      const earlier = seenIds.get(question.id);
      if (earlier !== undefined) {
        const where = earlier === file ? 'earlier in this file' : `in ${earlier}`;
        throw new BankError(`Question bank ${file}: id "${question.id}" is used twice (also ${where})`);
      }
      seenIds.set(question.id, file);
    }
    if (bank.length < questionsPerGame) {
      throw new BankError(
        `Question bank ${file}: ${bank.length} question${bank.length === 1 ? '' : 's'}, but a game needs ` +
          `QUESTIONS_PER_GAME=${questionsPerGame}; add at least ${questionsPerGame - bank.length} more`,
      );
    }
    // One by one: spreading a long list into push() overflows the call stack.
    for (const question of bank) questions.push(question);
  }
  readTranslationFiles(dir, questions, LIMITS, (file, problem) => {
    throw new BankError(`Question bank ${file}: ${problem}`);
  });
  return questions;
}

function readBankFile(file: string, edition: Edition): BankQuestion[] {
  const fail = (problem: string): never => {
    throw new BankError(`Question bank ${file}: ${problem}`);
  };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return fail(`cannot read the file (a bank folder needs ${EDITIONS.map((e) => `${e}.json`).join(' and ')})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return fail(`not valid JSON (${oneLine((error as Error).message)})`);
  }
  if (!Array.isArray(raw)) return fail('must hold a JSON array of questions');
  if (raw.length > MAX_BANK_QUESTIONS) {
    return fail(
      `${raw.length.toLocaleString('en-US')} questions; an edition holds at most ` +
        `${MAX_BANK_QUESTIONS.toLocaleString('en-US')}, remove ${(raw.length - MAX_BANK_QUESTIONS).toLocaleString('en-US')}`,
    );
  }
  const texts = new Map<string, number>();
  return raw.map((item: unknown, index) => {
    const at = `question ${index + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return fail(`${at} must be an object {"id","question","options"}`);
    }
    const entry = item as Record<string, unknown>;
    const unknownField = Object.keys(entry).find((key) => !FIELDS.includes(key));
    if (unknownField !== undefined) return fail(`${at} has an unknown field "${unknownField}"`);
    const { id } = entry;
    if (typeof id !== 'string' || !QUESTION_ID_PATTERN.test(id)) {
      return fail(`${at} needs an "id" of 1 to 64 letters, digits, "-" or "_" (got ${preview(id)})`);
    }
    if (isOwnQuestionId(id)) {
      return fail(
        `${at} has the id "${id}"; ids starting with "${OWN_QUESTION_ID_PREFIX}" are kept for creators' own questions`,
      );
    }
    const named = `${at} (id "${id}")`;
    // Each text may be a string (English) or {"en": …, "es": …}: English is checked as always.
    const { question, options, translations } = splitLanguages(entry, edition, named, LIMITS, fail);
    if (typeof question !== 'string' || question.trim() === '') return fail(`${named} needs a non-empty "question"`);
    if (question.length > QUESTION_MAX_LENGTH) {
      return fail(`${named} is longer than ${QUESTION_MAX_LENGTH} characters`);
    }
    const packs = readPacks(entry.packs, named, fail);
    const key = question.trim().toLowerCase();
    const twin = texts.get(key);
    if (twin !== undefined) return fail(`${named} repeats the text of question ${twin}`);
    texts.set(key, index + 1);
    if (edition === 'spectrum') {
      if (typeof options !== 'string' || !(SCALE_CODES as readonly string[]).includes(options)) {
        return fail(
          `${named} has ${optionsText(options)}; a Spectrum question's options is its scale: ${describeScaleCodes()}`,
        );
      }
      return withTranslations({ id, edition, question, options, ...packs }, translations());
    }
    if (
      !Array.isArray(options) ||
      options.length !== CLASSIC_OPTION_COUNT ||
      !options.every((word) => typeof word === 'string' && word.trim() !== '' && word.length <= OPTION_MAX_LENGTH) ||
      new Set(options.map((word: string) => word.trim().toLowerCase())).size !== CLASSIC_OPTION_COUNT
    ) {
      return fail(
        `${named} has ${optionsText(options)}; a Classic question needs ` +
          `${CLASSIC_OPTION_COUNT} different non-empty words of at most ${OPTION_MAX_LENGTH} characters`,
      );
    }
    return withTranslations({ id, edition, question, options: options as string[], ...packs }, translations());
  });
}

/** `{ packs }` when the entry names any; a list of known, distinct packs or nothing. */
function readPacks(value: unknown, named: string, fail: (problem: string) => never): { packs?: Pack[] } {
  if (value === undefined) return {};
  const list = `${PACKS.map((pack) => `"${pack}"`).join(', ')}`;
  if (!Array.isArray(value) || value.length === 0) {
    return fail(`${named} has packs ${preview(value)}; "packs" is a non-empty list of ${list}`);
  }
  const unknownPack = value.find((pack) => !isPack(pack));
  if (unknownPack !== undefined)
    return fail(`${named} names the pack ${preview(unknownPack)}, which is not one of ${list}`);
  if (new Set(value).size !== value.length) return fail(`${named} names a pack twice`);
  return { packs: value as Pack[] };
}

/** Leaves `translations` out when there are none, so an English-only bank reads exactly as it always has. */
function withTranslations(question: BankQuestion, translations: QuestionTranslations): BankQuestion {
  return Object.keys(translations).length > 0 ? { ...question, translations } : question;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const optionsText = (options: unknown) => (options === undefined ? 'no "options"' : `options ${preview(options)}`);
