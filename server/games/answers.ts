import { answerRange, type Question } from '../../shared/model.js';
import { CLASSIC_UNANSWERED } from '../../shared/product.js';
import { badRequest } from '../errors.js';

/**
 * Checks one answer set against a game's questions: one answer per question, each within the
 * range of its question (Classic: 0 = unanswered or a 1-based word position; Spectrum: 0..100).
 */
export function checkAnswers(questions: readonly Question[], answers: readonly number[], field: string): void {
  if (answers.length !== questions.length) {
    throw badRequest(
      'wrong_answer_count',
      `The field "${field}" must hold one answer per question: expected ${questions.length}, got ${answers.length}.`,
    );
  }
  answers.forEach((answer, index) => {
    const [min, max] = answerRange(questions[index]);
    if (answer < min || answer > max) {
      throw badRequest(
        'answer_out_of_range',
        `Answer ${index + 1} in "${field}" must be between ${min} and ${max}; got ${answer}.`,
      );
    }
  });
}

/**
 * The rounds of a creator's answer set that friends can be asked: a Classic round the creator
 * let time out (answered 0) is an answer nobody gave, so the game is made without it and no
 * friend is ever scored against it. (A Spectrum round that timed out cannot be told apart here:
 * the client drops those itself before it sends the game.)
 */
export function answeredRounds(questions: readonly Question[], answers: readonly number[]): number[] {
  return questions.flatMap((question, index) =>
    question.edition === 'classic' && answers[index] === CLASSIC_UNANSWERED ? [] : [index],
  );
}
