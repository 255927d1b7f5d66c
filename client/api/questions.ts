import { fromWireQuestion, type Question } from '../../shared/model.js';
import type { Pack } from '../../shared/packs.js';
import type { Edition } from '../../shared/product.js';
import type { Language } from '../i18n/languages.js';
import { apiCall, REQUEST_FAILED } from './http.js';

/**
 * The questions' calls, apart from calls.ts: the landing page draws its questions with these, and
 * its entry chunk (test/landing-budget.test.ts) then carries none of the other calls.
 */

/** A fresh draw of the edition's questions (of one pack, if given), in `lang`. */
export async function getQuestions(
  edition: Edition,
  lang: Language,
  signal?: AbortSignal,
  pack?: Pack,
): Promise<{ questions: Question[] }> {
  const { questions } = await apiCall(
    'get-questions',
    { query: { gametype: edition, ...(pack && { pack }) } },
    { signal, fallback: REQUEST_FAILED, lang },
  );
  return { questions: questions.map((question) => fromWireQuestion(edition, question)) };
}

/**
 * Up to `count` questions of the edition (of the game's pack, if it has one) that are none of
 * `exclude` (fewer, possibly none, when the bank has no more): the questions a creator swaps in.
 */
export async function getMoreQuestions(
  edition: Edition,
  { count, exclude, lang, pack }: { count: number; exclude: readonly string[]; lang: Language; pack?: Pack },
  signal?: AbortSignal,
): Promise<Question[]> {
  const { questions } = await apiCall(
    'get-questions',
    { query: { gametype: edition, count: String(count), exclude: exclude.join(','), ...(pack && { pack }) } },
    { signal, fallback: REQUEST_FAILED, lang },
  );
  return questions.map((question) => fromWireQuestion(edition, question));
}
