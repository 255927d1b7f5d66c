import type { Question } from '../../../shared/model.js';

/** What Play asks of the own-questions editor once it is here (the editor comes on demand). */
export interface OwnQuestionsHandle {
  /** The game's questions, the own ones first in place of drawn ones; null (and problems shown) when one is not ready. */
  questionsFor: (drawn: readonly Question[]) => Question[] | null;
}
