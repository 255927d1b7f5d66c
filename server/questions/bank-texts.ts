import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '../../shared/languages.js';
import type { Edition } from '../../shared/product.js';

/**
 * A question's texts in the languages besides English. A bank gives them in either of two ways,
 * which may be mixed:
 * - inline: the question, and each Classic option, as a string (English) or as an object
 *   `{"en": "…", "es": "…"}` (English required);
 * - in `translations/{language}.json` beside the bank files: an object keyed by question id,
 *   `{"S001": {"question": "…"}, "C001": {"question": "…", "options": ["…", "…", "…", "…"]}}`,
 *   the options in the English order (an answer is a position, so it must mean the same word).
 * A Classic translation is the question with every option, or nothing: never half a question.
 */
type Translated = Exclude<Language, 'en'>;
interface QuestionText {
  question: string;
  /** Classic: the words, in the English order. Spectrum: none (the scale is the same everywhere). */
  options?: string[];
}
export type QuestionTranslations = Partial<Record<Translated, QuestionText>>;

const TRANSLATED = LANGUAGES.filter((language): language is Translated => language !== 'en');
const TRANSLATIONS_FOLDER = 'translations';

export interface BankLimits {
  questionLength: number;
  optionLength: number;
  optionCount: number;
}

type Fail = (problem: string) => never;
type Texts = Partial<Record<Language, string>>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const languageList = () => LANGUAGES.map((language) => `"${language}"`).join(', ');

/** A text given as a string (English) or an object of languages; anything else is left for the caller to refuse. */
function textsOf(value: unknown, what: string, fail: Fail): Texts | undefined {
  if (typeof value === 'string') return { en: value };
  if (!isObject(value)) return undefined;
  const texts: Texts = {};
  for (const [key, text] of Object.entries(value)) {
    const language = LANGUAGES.find((code) => code === key);
    if (!language) return fail(`${what} has a text in "${key}", which is not one of ${languageList()}`);
    if (typeof text !== 'string') return fail(`${what} in "${key}" must be a string (got ${preview(text)})`);
    texts[language] = text;
  }
  if (texts.en === undefined) return fail(`${what} needs its English text ("en")`);
  return texts;
}

/**
 * Splits a bank entry's question and options into the English ones, which the caller validates
 * as always, and its translations, which `translations()` validates (call it once English passed,
 * so that a broken English entry is named as such). `named` names the entry in messages.
 */
export function splitLanguages(
  entry: { question?: unknown; options?: unknown },
  edition: Edition,
  named: string,
  limits: BankLimits,
  fail: Fail,
): { question: unknown; options: unknown; translations(): QuestionTranslations } {
  const question = textsOf(entry.question, `${named}'s "question"`, fail);
  const given = entry.options;
  const words =
    edition === 'classic' && Array.isArray(given)
      ? given.map((word: unknown, i) => textsOf(word, `${named}'s option ${i + 1}`, fail))
      : undefined;
  const translations = (): QuestionTranslations => {
    const found: QuestionTranslations = {};
    for (const language of TRANSLATED) {
      const text = question?.[language];
      const translatedWords = words?.flatMap((word) => word?.[language] ?? []) ?? [];
      if (text === undefined && translatedWords.length === 0) continue;
      if (text === undefined || (words && translatedWords.length !== words.length)) {
        return fail(
          `${named} has ${text === undefined ? 'no question' : 'its question'} and ${translatedWords.length} of its ` +
            `${words?.length ?? 0} options in "${language}"; a Classic translation gives the question and every option`,
        );
      }
      const translation = edition === 'classic' ? { question: text, options: translatedWords } : { question: text };
      found[language] = checkTranslation(translation, language, edition, named, limits, fail);
    }
    return found;
  };
  return {
    question: question?.en ?? entry.question,
    options: words && Array.isArray(given) ? words.map((word, i) => word?.en ?? given[i]) : given,
    translations,
  };
}

/** Checks one language's text of a question: lengths, and for Classic as many distinct words as English. */
function checkTranslation(
  text: { question?: unknown; options?: unknown },
  language: Translated,
  edition: Edition,
  named: string,
  limits: BankLimits,
  fail: Fail,
): QuestionText {
  const { question, options } = text;
  if (typeof question !== 'string' || question.trim() === '' || question.length > limits.questionLength) {
    return fail(
      `${named} needs a non-empty "question" in "${language}" of at most ${limits.questionLength} characters`,
    );
  }
  if (edition === 'spectrum') {
    if (options !== undefined) {
      return fail(`${named} has "options" in "${language}"; a Spectrum question's scale is the same in every language`);
    }
    return { question };
  }
  if (
    !Array.isArray(options) ||
    options.length !== limits.optionCount ||
    !options.every((word) => typeof word === 'string' && word.trim() !== '' && word.length <= limits.optionLength) ||
    new Set(options.map((word: string) => word.trim().toLowerCase())).size !== options.length
  ) {
    return fail(
      `${named} has ${options === undefined ? 'no "options"' : `options ${preview(options)}`} in "${language}"; ` +
        `a Classic translation needs ${limits.optionCount} different non-empty words of at most ` +
        `${limits.optionLength} characters, in the English order`,
    );
  }
  return { question, options: options as string[] };
}

interface TranslatableQuestion {
  id: string;
  edition: Edition;
  translations?: QuestionTranslations;
}

/**
 * Reads `{dir}/translations/*.json` (optional) into the questions' translations. A file for a
 * language the product does not speak, an unknown id, or a text also given inline is refused.
 */
export function readTranslationFiles(
  dir: string,
  questions: readonly TranslatableQuestion[],
  limits: BankLimits,
  bankError: (file: string, problem: string) => never,
): void {
  const folder = join(dir, TRANSLATIONS_FOLDER);
  if (!existsSync(folder)) return;
  const byId = new Map(questions.map((question) => [question.id, question]));
  for (const name of readdirSync(folder).sort()) {
    if (!name.endsWith('.json')) continue;
    const file = join(folder, name);
    const fail: Fail = (problem) => bankError(file, problem);
    const language = TRANSLATED.find((code) => `${code}.json` === name);
    if (!language) {
      fail(
        `not a language the product speaks; translation files are named ${TRANSLATED.map((c) => `${c}.json`).join(', ')}`,
      );
    }
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      fail(`not valid JSON (${(error as Error).message.replace(/\s+/g, ' ').trim()})`);
    }
    if (!isObject(raw)) fail('must hold a JSON object of translations keyed by question id');
    for (const [id, entry] of Object.entries(raw)) {
      const named = `id "${id}"`;
      const question = byId.get(id);
      if (!question) fail(`${named} is not a question of this bank`);
      if (!isObject(entry)) fail(`${named} must be an object {"question","options"}`);
      const unknownField = Object.keys(entry).find((key) => key !== 'question' && key !== 'options');
      if (unknownField !== undefined) fail(`${named} has an unknown field "${unknownField}"`);
      if (question.translations?.[language]) {
        fail(`${named} is translated twice: here and in its bank file's {"${language}": …} texts`);
      }
      const text = checkTranslation(entry, language, question.edition, named, limits, fail);
      question.translations = { ...question.translations, [language]: text };
    }
  }
}

/** A value as JSON on one line, cut short so the message stays readable. */
export function preview(value: unknown): string {
  const json = JSON.stringify(value) ?? 'nothing';
  return json.length > 80 ? `${json.slice(0, 79)}…` : json;
}
