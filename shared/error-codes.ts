/**
 * Every error answer of the server is `{"code","message"}` (docs/api.md):
 * `code` is one of these stable snake_case names, what a client translates by; `message` is the
 * English sentence the original client shows as it is. A code never changes its meaning; a new
 * failure gets a new code (and its sentence in client/i18n/failures.ts, which a test keeps translated).
 */
export const ERROR_CODES = [
  // 400: the request itself
  'validation_failed',
  'invalid_json',
  'empty_body',
  'not_json',
  'content_length_mismatch',
  'bad_url',
  'bad_http',
  'invalid_request',
  'count_too_large',
  'wrong_answer_count',
  'answer_out_of_range',
  'duplicate_question',
  'too_many_own_questions',
  'invalid_own_question',
  'unknown_question',
  'wrong_edition',
  'no_answered_rounds',
  'push_endpoint_not_allowed',
  'note_empty',
  // 401
  'admin_token_wrong',
  // 403
  'creator_only',
  'creator_link_invalid',
  'answers_creator_only',
  'circle_creator_only',
  'origin_not_allowed',
  'admin_form_elsewhere',
  'reply_not_played',
  'party_kicked',
  'party_host_only',
  'party_not_player',
  'note_not_played',
  // 404
  'pack_empty',
  'not_found',
  'unknown_game',
  'unknown_friend',
  'removed_friend',
  'no_score',
  'not_played',
  'reveal_needs_half',
  'circle_needs_half',
  'circle_network_crowded',
  'circle_answers_alike',
  'circle_near_repeat',
  'circle_alike_only',
  'push_off',
  'party_not_found',
  'unknown_party',
  'unknown_note',
  // 408
  'request_timeout',
  // 409
  'creator_cannot_play',
  'already_played',
  'game_full',
  'too_many_creators',
  'circle_too_large',
  'too_many_plays',
  'round_out_of_order',
  'round_already_answered',
  'answers_differ',
  'too_many_push_subscriptions',
  'party_locked',
  'party_full',
  'party_too_small',
  'round_closed',
  'round_answered',
  'too_many_creator_push_subscriptions',
  'too_many_replies',
  'note_already_left',
  // 413
  'body_too_large',
  // 426
  'upgrade_required',
  // 429
  'too_many_reports',
  'too_many_admin_attempts',
  'rate_limited',
  'too_many_live_connections',
  'too_many_code_lookups',
  // 431
  'headers_too_large',
  // 500
  'internal_error',
  // 503
  'database_unavailable',
  'cards_busy',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error answer. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
}
