/**
 * What a creator's own questions may hold (docs/api.md, create-game). Apart from the rest of
 * own-questions.ts, which re-exports them, so the landing page's entry can say what they may hold
 * without carrying the checks (the editor that needs them comes on demand). How many: as many as
 * the game has rounds (QUESTIONS_PER_GAME), so a creator may write every round.
 */
export const OWN_QUESTION_MIN_LENGTH = 3;
export const OWN_QUESTION_MAX_LENGTH = 140;
export const OWN_WORD_MAX_LENGTH = 30;
export const OWN_WORDS_MIN = 2;
export const OWN_WORDS_MAX = 4;
