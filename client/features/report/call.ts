import type { ReplyOf, RequestOf } from '../../../shared/api.js';
import { apiCall } from '../../api/http.js';

/** POST report-game. */
export function reportGame(body: RequestOf<'report-game'>, fallback: string): Promise<ReplyOf<'report-game'>> {
  return apiCall('report-game', { body }, { fallback });
}
