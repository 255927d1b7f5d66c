import type { Question } from '../../shared/api.js';
import { CLASSIC_UNANSWERED, type Edition, SPECTRUM_MAX, SPECTRUM_MIN } from '../../shared/product.js';
import { badRequest } from '../errors.js';

/**
 * Checks one answer set against a game's questions: one answer per question, each within the
 * range of its question (Classic: 0 = unanswered or a 1-based option position; Spectrum: 0..100).
 */
export function checkAnswers(
  edition: Edition,
  questions: readonly Question[],
  answers: readonly number[],
  field: string,
): void {
  if (answers.length !== questions.length) {
    throw badRequest(
      `The field "${field}" must hold one answer per question: expected ${questions.length}, got ${answers.length}.`,
    );
  }
  answers.forEach((answer, index) => {
    const [min, max] =
      edition === 'classic'
        ? [CLASSIC_UNANSWERED, (questions[index].options as string[]).length]
        : [SPECTRUM_MIN, SPECTRUM_MAX];
    if (answer < min || answer > max) {
      throw badRequest(`Answer ${index + 1} in "${field}" must be between ${min} and ${max}; got ${answer}.`);
    }
  });
}
