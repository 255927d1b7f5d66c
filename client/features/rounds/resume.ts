import type { Question } from '../../../shared/model.js';
import { DEFAULT_MODE } from '../../../shared/modes.js';
import type { Edition, GameMode } from '../../../shared/product.js';
import { type GameInProgress, saveGame, startGame } from '../../state/game.js';
import { userId } from '../../state/user.js';
import { getRounds } from './calls.js';
import { keptRounds, markStored } from './kept-rounds.js';

/**
 * A friend's play starting in a tab that has none (the join link opened again, another tab): it
 * resumes at the round after those the server stored, with this browser's own answers to them. A
 * failed look-up, or answers this browser does not have, start at round 1.
 */
export async function startOrResume(
  edition: Edition,
  gameId: string,
  questions: Question[],
  mode: GameMode = DEFAULT_MODE,
): Promise<GameInProgress> {
  const game = startGame(edition, gameId, questions, mode);
  const kept = keptRounds(gameId);
  if (!kept || kept.answers.length === 0) return game;
  let stored: number;
  try {
    stored = (await getRounds(gameId, userId())).round;
  } catch {
    return game;
  }
  if (stored === 0 || stored > kept.answers.length || stored >= questions.length) return game;
  markStored(gameId, stored);
  const resumed = { ...game, answers: kept.answers.slice(0, stored) };
  saveGame(resumed);
  return resumed;
}
