import type { GameInProgress } from '../../state/game.js';

/** A timed-out round answered now: its answer goes in its place, and the next missed round (if any) follows. */
export function answerMissedRound(game: GameInProgress, round: number, answer: number): GameInProgress {
  const missed = (game.missed ?? []).filter((index) => index !== round);
  return {
    ...game,
    answers: game.answers.map((a, i) => (i === round ? answer : a)),
    missed,
    replaying: missed.length > 0,
  };
}

/** The game without the rounds the creator let time out: friends are only asked what was answered. */
export function leaveOutMissedRounds(game: GameInProgress): GameInProgress {
  const missed = new Set(game.missed ?? []);
  const kept = (_: unknown, index: number) => !missed.has(index);
  return {
    ...game,
    questions: game.questions.filter(kept),
    answers: game.answers.filter(kept),
    missed: [],
    replaying: false,
  };
}
