import { type Question, SCALE_ENDS } from '../../shared/model.js';
import { isPack, type Pack } from '../../shared/packs.js';
import { DEFAULT_MODE, EDITIONS, type Edition, FLAGGED_MODE, GAME_MODES, type GameMode } from '../../shared/product.js';
import { local, readJson, session } from './storage.js';
import { userName } from './user.js';

const GAME_KEY = 'wavelength.game';
const CREATOR_KEY = 'wavelength.creator';

/** The game being played in this tab; kept in sessionStorage so a refresh resumes at the same round. */
export interface GameInProgress {
  edition: Edition;
  /** NEW_GAME_ID while a creator is making a game, otherwise the game a friend joined. */
  gameId: string;
  questions: Question[];
  /** One answer per round played so far; its length is the current round's index. */
  answers: number[];
  /** Ids of the questions the creator swapped away, so none comes back and the count survives a refresh. */
  swapped: string[];
  /** The creator's rounds that timed out with no answer given (their indexes): offered again before the link is made. */
  missed?: number[];
  /** The creator chose to answer the missed rounds now: they are shown again, in order, with no clock. */
  replaying?: boolean;
  /**
   * The name this game is played under, taken when it starts: another tab of this browser may type
   * another name in the shared name box meanwhile, and this game's answers must not take it.
   */
  playerName?: string;
  /** The game's mode (shared/modes.ts); a game kept before modes has none: the default mode's. */
  mode?: GameMode;
  /** The pack the creator chose (shared/packs.ts): swaps draw from it, and create-game stores it. */
  pack?: Pack;
}

/** A creator may swap at most this many questions per game; friends never swap. */
export const MAX_SWAPS = 3;

const SCALES = Object.keys(SCALE_ENDS);

/** A question of this edition, as startGame stored it (sessionStorage can hold anything). */
function isQuestion(edition: Edition, value: unknown): value is Question {
  if (typeof value !== 'object' || value === null) return false;
  const q = value as Record<string, unknown>;
  if (q.edition !== edition || typeof q.id !== 'string' || typeof q.text !== 'string') return false;
  if (edition === 'spectrum') return SCALES.includes(q.scale as string);
  return Array.isArray(q.words) && q.words.length > 0 && q.words.every((w) => typeof w === 'string');
}

function isGameInProgress(value: unknown): value is GameInProgress {
  if (typeof value !== 'object' || value === null) return false;
  const g = value as Record<string, unknown>;
  return (
    EDITIONS.includes(g.edition as Edition) &&
    typeof g.gameId === 'string' &&
    Array.isArray(g.questions) &&
    g.questions.length > 0 &&
    g.questions.every((q) => isQuestion(g.edition as Edition, q)) &&
    Array.isArray(g.answers) &&
    (g.playerName === undefined || typeof g.playerName === 'string') &&
    g.answers.length <= g.questions.length &&
    g.answers.every((a) => Number.isInteger(a)) &&
    // Games stored before swapping existed have no list: they have swapped nothing.
    (g.swapped === undefined ||
      (Array.isArray(g.swapped) && g.swapped.length <= MAX_SWAPS && g.swapped.every((id) => typeof id === 'string'))) &&
    (g.mode === undefined || GAME_MODES.includes(g.mode as GameMode)) &&
    (g.pack === undefined || isPack(g.pack)) &&
    (g.missed === undefined ||
      (Array.isArray(g.missed) &&
        g.missed.every((i) => Number.isInteger(i) && i >= 0 && i < (g.answers as unknown[]).length)))
  );
}

/**
 * The game at this address as this tab left it, if it has answers: Play resumes it at the round
 * reached (after Back, a reload or any other navigation) instead of starting it over.
 */
export function resumableGame(edition: Edition, gameId: string): GameInProgress | null {
  const game = loadGame(edition, gameId);
  return game && game.answers.length > 0 ? game : null;
}

export function startGame(
  edition: Edition,
  gameId: string,
  questions: Question[],
  mode: GameMode = DEFAULT_MODE,
  pack?: Pack,
): GameInProgress {
  const game: GameInProgress = {
    edition,
    gameId,
    questions,
    answers: [],
    swapped: [],
    playerName: userName(),
    mode,
    ...(pack && { pack }),
  };
  session.set(GAME_KEY, JSON.stringify(game));
  return game;
}

/** The stored game if it is the one at this address. */
export function loadGame(edition: Edition, gameId: string): GameInProgress | null {
  const game = readJson(session, GAME_KEY);
  if (!isGameInProgress(game) || game.edition !== edition || game.gameId !== gameId) return null;
  // A game this tab kept before the mode was kept says `guess: true` instead.
  const flagged = (game as { guess?: boolean }).guess === true;
  return { ...game, swapped: game.swapped ?? [], mode: game.mode ?? (flagged ? FLAGGED_MODE : DEFAULT_MODE) };
}

export function saveGame(game: GameInProgress): void {
  session.set(GAME_KEY, JSON.stringify(game));
}

export function finishGame(): void {
  session.remove(GAME_KEY);
}

/** The creator's name of the last game joined, if it is this game. */
export function creatorName(gameId: string): string | null {
  const saved = readJson(local, CREATOR_KEY);
  if (typeof saved !== 'object' || saved === null) return null;
  const { gameId: savedId, name } = saved as Record<string, unknown>;
  return savedId === gameId && typeof name === 'string' ? name : null;
}

export function saveCreatorName(gameId: string, name: string): void {
  local.set(CREATOR_KEY, JSON.stringify({ gameId, name }));
}
