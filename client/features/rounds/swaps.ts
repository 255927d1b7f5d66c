import type { Question } from '../../../shared/model.js';
import { NEW_GAME_ID } from '../../../shared/product.js';
import { type GameInProgress, MAX_SWAPS } from '../../state/game.js';

// The creator's swaps, in the question screen's chunk (not the landing's entry, which is at its budget).

/** Swaps the creator has left in this game (none for a friend). */
export function swapsLeft(game: GameInProgress): number {
  return game.gameId === NEW_GAME_ID ? Math.max(0, MAX_SWAPS - game.swapped.length) : 0;
}

/** Every question this game has shown or holds, swapped-away ones included: what a swap must not draw. */
export function seenQuestionIds(game: GameInProgress): string[] {
  return [...game.questions.map((q) => q.id), ...game.swapped];
}

/** The game with the current round's question replaced by `fresh`, the old one counted as swapped away. */
export function swapCurrentQuestion(game: GameInProgress, fresh: Question): GameInProgress {
  const round = game.answers.length;
  const old = game.questions[round];
  return {
    ...game,
    questions: game.questions.map((q, i) => (i === round ? fresh : q)),
    swapped: [...game.swapped, old.id],
  };
}
