import { fromWireQuestion, type Question } from '../../shared/model.js';
import type { Edition } from '../../shared/product.js';
import type { Language } from '../i18n/languages.js';
import { apiCall, REQUEST_FAILED } from './http.js';

/**
 * The questions' calls, apart from calls.ts: the landing page draws its questions with these, and
 * its entry chunk (test/landing-budget.test.ts) then carries none of the other calls.
 */

/** A fresh draw of the edition's questions, in `lang`. */
export async function getQuestions(
  edition: Edition,
  lang: Language,
  signal?: AbortSignal,
): Promise<{ questions: Question[] }> {
  const { questions } = await apiCall(
    'get-questions',
    { query: { gametype: edition } },
    { signal, fallback: REQUEST_FAILED, lang },
  );
  return { questions: questions.map((question) => fromWireQuestion(edition, question)) };
}

/**
 * Up to `count` questions of the edition that are none of `exclude` (fewer, possibly none, when
 * the bank has no more): the questions a creator swaps in.
 */
export async function getMoreQuestions(
  edition: Edition,
  { count, exclude, lang }: { count: number; exclude: readonly string[]; lang: Language },
  signal?: AbortSignal,
): Promise<Question[]> {
  const { questions } = await apiCall(
    'get-questions',
    { query: { gametype: edition, count: String(count), exclude: exclude.join(',') } },
    { signal, fallback: REQUEST_FAILED, lang },
  );
  return questions.map((question) => fromWireQuestion(edition, question));
}
