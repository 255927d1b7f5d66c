import type { Language } from '../../shared/languages.js';
import type { Question } from '../../shared/model.js';
import type { BankQuestion } from './bank.js';
import type { QuestionTranslations } from './bank-texts.js';

/**
 * The banks' questions in every language, by id. They live in memory, built at start-up from the
 * same loaded bank that seeds the questions table: the table keeps the English text that games point
 * at (and an answer is a position, the same in every language), so a translation is only ever a
 * different way to show a question, looked up when a reply is written. A question with no text in
 * a language (an own bank that gives none, a question that has left the bank, a creator's own
 * question) is shown in English, as it is stored.
 */
export class QuestionTexts {
  readonly #byId: ReadonlyMap<string, QuestionTranslations>;

  constructor(questions: readonly Pick<BankQuestion, 'id' | 'translations'>[]) {
    this.#byId = new Map(questions.flatMap(({ id, translations }) => (translations ? [[id, translations]] : [])));
  }

  /** The question in `language`, or as it is (English) if the bank has no text for it there. */
  localize(question: Question, language: Language): Question {
    if (language === 'en') return question;
    const text = this.#byId.get(question.id)?.[language];
    if (!text) return question;
    if (question.edition === 'spectrum') return { ...question, text: text.question };
    // Never other words than the game was answered with: the same count, or the whole question in English.
    if (text.options?.length !== question.words.length) return question;
    return { ...question, text: text.question, words: text.options };
  }
}
