/**
 * Every text of the own-questions editor on the landing screen, in one place (the section's
 * heading, intro and first button are in ownQuestionsIntro.ts, which the landing page carries;
 * the rest comes with the editor, and with the screens' English), read in the active
 * language each time (the components also subscribe with useLingui, so a switch re-renders them).
 * What can be wrong with a question is said by OWN_QUESTION_PROBLEMS (shared/own-questions.ts),
 * the same sentences create-game answers with; they are put into the reader's language by their
 * code when shown (client/i18n/failures.ts).
 */
import { msg } from '@lingui/core/macro';
import type { Edition } from '../../../../shared/product.js';
import { i18n } from '../../../i18n/i18n.js';
import '../../../i18n/screens.js';
import { OWN_QUESTIONS_INTRO } from '../ownQuestionsIntro.js';

export const OWN_QUESTIONS_TEXT = {
  title: (edition: Edition) => OWN_QUESTIONS_INTRO.title(edition),
  intro: (edition: Edition) => OWN_QUESTIONS_INTRO.intro(edition),
  // A Spectrum round is a statement to agree with or not: never called a question there.
  legend: (n: number, edition: Edition) =>
    edition === 'classic' ? i18n._(msg`Your question ${n}`) : i18n._(msg`Your statement ${n}`),
  questionLabel: (edition: Edition) => (edition === 'classic' ? i18n._(msg`Question`) : i18n._(msg`Statement`)),
  wordLabel: (n: number) => i18n._(msg`Answer word ${n}`),
  get scaleLegend() {
    return i18n._(msg`Scale`);
  },
  addQuestion: (edition: Edition) => OWN_QUESTIONS_INTRO.addQuestion(edition),
  get removeQuestion() {
    return i18n._(msg`Remove question`);
  },
  get removeStatement() {
    return i18n._(msg`Remove statement`);
  },
  removeQuestionName: (n: number, edition: Edition) =>
    edition === 'classic' ? i18n._(msg`Remove question ${n}`) : i18n._(msg`Remove statement ${n}`),
  get addWord() {
    return i18n._(msg`Add an answer word`);
  },
  addWordName: (n: number) => i18n._(msg`Add an answer word to question ${n}`),
  get removeWord() {
    return i18n._(msg`Remove`);
  },
  removeWordName: (word: number, question: number) => i18n._(msg`Remove answer word ${word} of question ${question}`),
  /** Every round is the creator's own: nothing drawn is left. */
  full: (edition: Edition) =>
    edition === 'classic'
      ? i18n._(msg`Every round of your game is now a question of your own.`)
      : i18n._(msg`Every round of your game is now a statement of your own.`),
  /** How many are written of the most (the game's rounds), and how many are left. */
  count: (written: number, most: number) => {
    const left = most - written;
    return i18n._(msg`${written} of ${most} rounds are yours · ${left} left`);
  },
  moveUpName: (n: number, edition: Edition) =>
    edition === 'classic' ? i18n._(msg`Move question ${n} up`) : i18n._(msg`Move statement ${n} up`),
  moveDownName: (n: number, edition: Edition) =>
    edition === 'classic' ? i18n._(msg`Move question ${n} down`) : i18n._(msg`Move statement ${n} down`),
  get fixBeforePlay() {
    return i18n._(msg`Fix your own questions first: see the notes under the fields.`);
  },
};
