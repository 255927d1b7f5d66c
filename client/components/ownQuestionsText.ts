/**
 * Every text of the own-questions editor on the landing screen, in one place for translation. What
 * can be wrong with a question is said by OWN_QUESTION_PROBLEMS (shared/own-questions.ts), the
 * same sentences create-game answers with.
 */
import { MAX_OWN_QUESTIONS } from '../../shared/own-questions.js';
import type { Edition } from '../../shared/product.js';

export const OWN_QUESTIONS_TEXT = {
  title: 'Your own questions',
  intro: (edition: Edition) =>
    edition === 'classic'
      ? `Optional: write up to ${MAX_OWN_QUESTIONS} questions with 2 to 4 answer words each. They open your game, in this order, in place of drawn ones.`
      : `Optional: write up to ${MAX_OWN_QUESTIONS} statements, each on a scale. They open your game, in this order, in place of drawn ones.`,
  legend: (n: number) => `Your question ${n}`,
  questionLabel: (edition: Edition) => (edition === 'classic' ? 'Question' : 'Statement'),
  wordLabel: (n: number) => `Answer word ${n}`,
  scaleLegend: 'Scale',
  addQuestion: 'Add your own question',
  removeQuestion: 'Remove question',
  removeQuestionName: (n: number) => `Remove question ${n}`,
  addWord: 'Add an answer word',
  addWordName: (n: number) => `Add an answer word to question ${n}`,
  removeWord: 'Remove',
  removeWordName: (word: number, question: number) => `Remove answer word ${word} of question ${question}`,
  full: `That's ${MAX_OWN_QUESTIONS} of your own, the most a game takes.`,
  fixBeforePlay: 'Fix your own questions first: see the notes under the fields.',
} as const;
