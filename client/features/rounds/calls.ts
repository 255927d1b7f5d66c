import type { ReplyOf, RequestOf } from '../../../shared/api.js';
import { apiCall, REQUEST_FAILED } from '../../api/http.js';

/** Stores one round of the friend's play (in order; a retry of a stored round gets the same reply). */
export function answerRound(body: RequestOf<'answer-round'>): Promise<ReplyOf<'answer-round'>> {
  return apiCall('answer-round', { body }, { fallback: REQUEST_FAILED });
}

/** How many rounds of their own play the server has stored for this friend (never the answers). */
export function getRounds(gameId: string, playerId: string, signal?: AbortSignal): Promise<ReplyOf<'get-rounds'>> {
  return apiCall('get-rounds', { query: { gameId, playerId } }, { signal, fallback: REQUEST_FAILED });
}
