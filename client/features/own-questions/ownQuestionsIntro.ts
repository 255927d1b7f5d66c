import { msg } from '@lingui/core/macro';
import type { Edition } from '../../../shared/product.js';
import { i18n } from '../../i18n/i18n.js';

/**
 * What the landing screen says about own questions before their editor is fetched
 * (OwnQuestions.tsx): the section's heading, what it is for, and the button that opens it.
 * Read in the active language each time; the editor's own texts are in ownQuestionsText.ts.
 */
export const OWN_QUESTIONS_INTRO = {
  // A Spectrum round is a statement to agree with or not: never called a question there.
  title: (edition: Edition) =>
    edition === 'classic' ? i18n._(msg`Your own questions`) : i18n._(msg`Your own statements`),
  intro: (edition: Edition) =>
    edition === 'classic'
      ? i18n._(
          msg`Optional: write some questions, or every one, with 2 to 4 answer words each. They open your game, in this order, in place of drawn ones.`,
        )
      : i18n._(
          msg`Optional: write some statements, or every one, each on a scale. They open your game, in this order, in place of drawn ones.`,
        ),
  addQuestion: (edition: Edition) =>
    edition === 'classic' ? i18n._(msg`Add your own question`) : i18n._(msg`Add your own statement`),
};
