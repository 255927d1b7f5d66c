import type { ReplyOf, RequestOf } from '../../../shared/api.js';
import { apiCall } from '../../api/http.js';
import type { Failure } from '../../i18n/failure.js';

/** POST report-game. */
export function reportGame(body: RequestOf<'report-game'>, fallback: Failure): Promise<ReplyOf<'report-game'>> {
  return apiCall('report-game', { body }, { fallback });
}
