import type { ReplyOf, RequestOf } from '../../shared/api.js';
import { editionOf, fromWireQuestion, type Question } from '../../shared/model.js';
import type { Pack } from '../../shared/packs.js';
import type { Edition, GameMode } from '../../shared/product.js';
import { failure } from '../i18n/failure.js';
import type { Language } from '../i18n/languages.js';
import { apiCall, REQUEST_FAILED } from './http.js';

export { REQUEST_FAILED } from './http.js';
/** What a call says when the server gives no sentence (no answer, a proxy's page), where its screen shows it. */
export const FETCH_SCORE = failure('fetch_score_failed', 'Failed to fetch score');
const REMOVE_PLAYER = failure('remove_player_failed', 'Failed to remove the player');
const DELETE_GAME = failure('delete_game_failed', 'Failed to delete the game');
export const MAKE_LINK = failure('make_link_failed', 'Failed to make the link');
export const OPEN_GAME = failure('open_game_failed', 'Failed to open the game');

// The questions' calls are in questions.ts, so that the landing page's entry carries only them.
export { getMoreQuestions, getQuestions } from './questions.js';

/** Makes the game; `lang` is the game's language (its join page's meta tags and preview card). */
export function createGame(body: RequestOf<'create-game'>, lang: Language): Promise<ReplyOf<'create-game'>> {
  return apiCall('create-game', { body }, { fallback: REQUEST_FAILED, lang });
}

export function logResponse(body: RequestOf<'log-response'>): Promise<ReplyOf<'log-response'>> {
  return apiCall('log-response', { body }, { fallback: REQUEST_FAILED });
}

export function getAllPlayers(gameId: string, signal?: AbortSignal): Promise<ReplyOf<'get-all-players'>> {
  return apiCall('get-all-players', { query: { gameId } }, { signal, fallback: REQUEST_FAILED });
}

export function isCreator(gameId: string, userId: string, signal?: AbortSignal): Promise<ReplyOf<'is-creator'>> {
  return apiCall('is-creator', { query: { gameId, userId } }, { signal, fallback: REQUEST_FAILED });
}

/** The game a friend joins: its edition and its questions in round order, in `lang` (never the creator's answers). */
export async function joinGame(
  gameId: string,
  lang: Language,
  signal?: AbortSignal,
): Promise<{ edition: Edition; questions: Question[]; mode: GameMode; pack?: Pack }> {
  const reply = await apiCall('join-game', { body: { gameId } }, { signal, fallback: REQUEST_FAILED, lang });
  const edition = editionOf(reply.gameType);
  return {
    edition,
    questions: reply.questions.map((question) => fromWireQuestion(edition, question)),
    mode: reply.mode,
    ...(reply.pack && { pack: reply.pack }),
  };
}

/** Who reads a comparison: a friend their own (private playerId), or the creator a friend's (userId + public playerID). */
type ComparisonReader = { playerId: string } | { userId: string; playerID: string };

/** A friend's answers beside the creator's, round by round, questions in `lang` (404 until that friend has played). */
export function getComparison(
  gameId: string,
  reader: ComparisonReader,
  lang: Language,
  signal?: AbortSignal,
): Promise<ReplyOf<'get-comparison'>> {
  return apiCall('get-comparison', { query: { gameId, ...reader } }, { signal, fallback: FETCH_SCORE, lang });
}

// Creator controls: the server answers 403 unless `userId` is a creator of the game.

export function removePlayer(gameId: string, userId: string, playerID: string): Promise<ReplyOf<'remove-player'>> {
  return apiCall('remove-player', { body: { gameId, userId, playerID } }, { fallback: REMOVE_PLAYER });
}

export function deleteGame(gameId: string, userId: string): Promise<ReplyOf<'delete-game'>> {
  return apiCall('delete-game', { body: { gameId, userId } }, { fallback: DELETE_GAME });
}

export function myGames(userId: string, signal?: AbortSignal): Promise<ReplyOf<'my-games'>> {
  return apiCall('my-games', { query: { userId } }, { signal, fallback: REQUEST_FAILED });
}

/** A fresh private creator key for the game; the previous one stops working. */
export function creatorLink(gameId: string, userId: string): Promise<ReplyOf<'creator-link'>> {
  return apiCall('creator-link', { body: { gameId, userId } }, { fallback: MAKE_LINK });
}

export function claimGame(gameId: string, key: string, userId: string): Promise<ReplyOf<'claim-game'>> {
  return apiCall('claim-game', { body: { gameId, key, userId } }, { fallback: OPEN_GAME });
}
