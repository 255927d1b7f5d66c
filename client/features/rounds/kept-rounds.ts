import { local, readJson } from '../../state/storage.js';

const KEY = 'wavelength.rounds';
/** Games kept at most (the most recent first): a friend plays one at a time. */
const KEEP = 5;

/**
 * A friend's own answers to a game they are playing, kept in this browser (localStorage) until they
 * finish: `stored` is how many of them the server has (answer-round). Rounds past `stored` are
 * waiting to be sent; reopening the join link in another tab resumes from these.
 */
export interface KeptRounds {
  gameId: string;
  answers: number[];
  stored: number;
}

function all(): KeptRounds[] {
  const saved = readJson(local, KEY);
  if (!Array.isArray(saved)) return [];
  return saved.filter(
    (entry): entry is KeptRounds =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof entry.gameId === 'string' &&
      Array.isArray(entry.answers) &&
      entry.answers.every((a: unknown) => Number.isInteger(a)) &&
      Number.isInteger(entry.stored),
  );
}

function save(kept: KeptRounds): void {
  local.set(KEY, JSON.stringify([kept, ...all().filter((k) => k.gameId !== kept.gameId)].slice(0, KEEP)));
}

export function keptRounds(gameId: string): KeptRounds | null {
  return all().find((k) => k.gameId === gameId) ?? null;
}

/** The friend's answers so far (after each round). */
export function keepAnswers(gameId: string, answers: readonly number[]): void {
  const kept = keptRounds(gameId);
  save({ gameId, answers: [...answers], stored: Math.min(kept?.stored ?? 0, answers.length) });
}

/** The server has this many rounds (never fewer than it said before). */
export function markStored(gameId: string, stored: number): void {
  const kept = keptRounds(gameId);
  if (!kept || stored <= kept.stored) return;
  save({ ...kept, stored });
}

export function forgetRounds(gameId: string): void {
  local.set(KEY, JSON.stringify(all().filter((k) => k.gameId !== gameId)));
}
