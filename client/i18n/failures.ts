import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  OWN_QUESTION_MAX_LENGTH,
  OWN_QUESTION_MIN_LENGTH,
  OWN_WORDS_MAX,
  OWN_WORDS_MIN,
} from '../../shared/own-questions.js';
import type { Failure, FailureCode } from './failure.js';

type Values = Record<string, number>;
type Sentence = MessageDescriptor | ((values: Values) => MessageDescriptor);

/**
 * The sentence of every failure code, the server's (shared/error-codes.ts) and the client's own
 * (failure.ts), in the reader's language. A code's sentence is what its English message says,
 * or, where the server's message holds detail (the field it names, a number), its gist.
 * Fetched with the first language other than English (i18n.ts): English shows a failure's
 * message as it came. A test keeps every code here translated in every catalog.
 */
export const FAILURE_SENTENCES: Record<FailureCode, Sentence> = {
  // The server's: the request itself (400).
  validation_failed: msg`Something in the request is not valid.`,
  invalid_json: msg`The request body is not valid JSON.`,
  empty_body: msg`The request body is empty; send a JSON object.`,
  not_json: msg`Send the request body as JSON (Content-Type: application/json).`,
  content_length_mismatch: msg`The Content-Length header does not match the body.`,
  bad_url: msg`The address is not valid (bad URL encoding).`,
  bad_http: msg`The request is not valid HTTP.`,
  invalid_request: msg`The request is not valid.`,
  count_too_large: msg`That is more questions than a game has.`,
  wrong_answer_count: msg`There must be one answer per question.`,
  answer_out_of_range: msg`An answer is outside its question's range.`,
  duplicate_question: msg`A question is in the game more than once.`,
  too_many_own_questions: msg`A game holds at most one question of your own per round.`,
  invalid_own_question: msg`One of your own questions cannot be used; check it and try again.`,
  unknown_question: msg`A question of this game does not exist.`,
  wrong_edition: msg`A question belongs to the other edition.`,
  no_answered_rounds: msg`Answer at least one round to make a game.`,
  push_endpoint_not_allowed: msg`Notifications can only go through a known push service.`,
  note_empty: msg`Leave a reaction, a note, or both.`,
  admin_token_wrong: msg`That admin token is not right.`,
  // Refusals (403), things that are not there (404), conflicts (409).
  creator_only: msg`Only the creator of this game can do that.`,
  creator_link_invalid: msg`This creator link no longer works. Make a new one on the end screen of a device that is creator.`,
  answers_creator_only: msg`Only the game's creator can see a friend's answers.`,
  circle_creator_only: msg`Only the game's creator can see how friends compare with each other.`,
  origin_not_allowed: msg`This origin may not open a live connection.`,
  admin_form_elsewhere: msg`This form can only be sent from the admin page itself.`,
  reply_not_played: msg`You can make a game back only for a game you played.`,
  not_found: msg`There is nothing at this address.`,
  pack_empty: msg`This server has no questions in that theme yet. Pick another theme.`,
  unknown_game: msg`This game does not exist. Check the link you followed.`,
  unknown_friend: msg`There is no such friend in this game.`,
  removed_friend: msg`The creator removed you from this game.`,
  no_score: msg`There is no score for you in this game yet.`,
  not_played: msg`You have not played this game yet, so there is nothing to compare.`,
  reveal_needs_half: msg`Answer at least half the rounds to see the reveal.`,
  circle_needs_half: msg`Answer at least half the rounds to see your circle.`,
  circle_network_crowded: msg`Too many plays of this game from your network to show your circle.`,
  circle_answers_alike: msg`Most of your answers are the same, so there is no circle for them.`,
  circle_near_repeat: msg`Someone on your network already answered this game almost the same way (one round different at most), so there is no circle for these answers.`,
  circle_alike_only: msg`The friends' circle is only for games where friends answer for themselves, not for guess games.`,
  push_off: msg`Notifications are turned off on this server.`,
  request_timeout: msg`The request did not arrive in time; please try again.`,
  creator_cannot_play: msg`You created this game, so you cannot answer it. Share the link with your friends instead.`,
  already_played: msg`You have already played this game; your first answers stand.`,
  game_full: msg`This game is full.`,
  too_many_creators: msg`This game has too many creators.`,
  circle_too_large: msg`This game has too many friends to compare them all with each other.`,
  too_many_plays: msg`Too many plays of this game from your network.`,
  round_out_of_order: msg`Play the rounds in order.`,
  round_already_answered: msg`This round is already answered.`,
  answers_differ: msg`These answers differ from the rounds you already played.`,
  too_many_push_subscriptions: msg`This game has too many devices getting notifications.`,
  too_many_creator_push_subscriptions: msg`You already get notifications for too many games; turn some off first.`,
  too_many_replies: msg`You cannot make any more games back for this game.`,
  note_already_left: msg`You already left a note for this game.`,
  note_not_played: msg`You can leave a note once you have played this game.`,
  unknown_note: msg`This friend left no note in this game.`,
  // A party's (shared/party.ts).
  party_not_found: msg`No open party has this code.`,
  unknown_party: msg`This party does not exist. Check the link you followed.`,
  party_locked: msg`The host has closed this party to new players.`,
  party_full: msg`This party is full.`,
  party_kicked: msg`The host has removed you from this party.`,
  party_host_only: msg`Only the host can do this.`,
  party_not_player: msg`You are not in this party; join it first.`,
  party_too_small: msg`A party needs at least 2 players to start.`,
  round_closed: msg`This round is not open for answers.`,
  round_answered: msg`You have already answered this round.`,
  too_many_code_lookups: msg`Too many wrong party codes from your network; try again later.`,
  upgrade_required: msg`This address is a live connection; open it as one.`,
  too_many_reports: msg`Too many reports from your network today; try again tomorrow.`,
  too_many_admin_attempts: msg`Too many wrong admin tokens from your network; try again later.`,
  body_too_large: msg`The request is too large.`,
  rate_limited: ({ seconds }) =>
    seconds === undefined
      ? msg`Too many requests; try again in a moment.`
      : msg`Too many requests; try again in ${seconds} s.`,
  too_many_live_connections: msg`Too many live connections from your address; close some and try again.`,
  headers_too_large: msg`The request headers are too large.`,
  internal_error: msg`Something went wrong on our side. Please try again.`,
  database_unavailable: msg`The database is unavailable; try again.`,
  cards_busy: msg`Too many cards are being drawn right now; try again in a few seconds.`,
  // What can be wrong with a creator's own question (shared/own-questions.ts), said on the landing screen.
  own_question_too_short: msg`The question needs at least ${OWN_QUESTION_MIN_LENGTH} characters.`,
  own_question_too_long: msg`The question can be at most ${OWN_QUESTION_MAX_LENGTH} characters long.`,
  own_question_repeated: msg`You already wrote this question.`,
  own_word_empty: ({ n }) => msg`Answer word ${n} is empty.`,
  own_word_too_long: ({ n, most }) => msg`Answer word ${n} can be at most ${most} characters long.`,
  own_word_count: msg`Give ${OWN_WORDS_MIN} to ${OWN_WORDS_MAX} answer words.`,
  own_words_same: msg`The answer words must differ.`,
  own_question_needs_words: msg`A Classic question needs answer words ("options"), not a scale.`,
  own_question_needs_scale: msg`A Spectrum statement needs a scale ("A", "B" or "C"), not answer words.`,
  own_question_scale: msg`Choose one of the three scales.`,
  // The client's fallbacks, for a call that got no answer it could read.
  request_failed: msg`API response not ok`,
  fetch_score_failed: msg`Failed to fetch score`,
  remove_player_failed: msg`Failed to remove the player`,
  delete_game_failed: msg`Failed to delete the game`,
  make_link_failed: msg`Failed to make the link`,
  open_game_failed: msg`Failed to open the game`,
  load_answers_failed: msg`Failed to load this friend's answers`,
  load_circle_failed: msg`Failed to load the circle`,
  // The screens' own sentences about a failure.
  circle_failed: msg`Your circle could not be loaded.`,
  web_failed: msg`Your friends' web could not be loaded.`,
  screen_timeout: msg`This screen took too long to load.`,
  game_deleted: msg`Game deleted.`,
  questions_failed: msg`We couldn't load the questions. Check your connection and try again.`,
  game_load_failed: msg`We couldn't load this game. Check your connection and try again.`,
  game_start_failed: msg`We couldn't start the game. Check your connection and try again.`,
  swap_failed: msg`We couldn't swap this question. Check your connection and try again.`,
  submit_failed: msg`We couldn't save your answers. Check your connection and try again.`,
  action_failed: msg`That did not work. Please try again.`,
  creator_link_incomplete: msg`This creator link is incomplete: copy all of it, including the part after #.`,
  report_failed: msg`We couldn't send your report. Check your connection and try again.`,
  note_failed: msg`We couldn't send your note. Check your connection and try again.`,
  push_failed: msg`Couldn't turn on notifications. Check your connection and try again.`,
  bursts_failed: msg`Failed to fetch scores`,
  party_create_failed: msg`We couldn't start the party. Check your connection and try again.`,
  party_join_failed: msg`We couldn't join the party. Check your connection and try again.`,
  party_load_failed: msg`We couldn't load this party. Check your connection and try again.`,
  party_action_failed: msg`That didn't go through. Please try again.`,
};

/** The descriptor of a code with its values filled in, or undefined for a code this client does not know. */
export function failureSentence(failure: Failure): MessageDescriptor | undefined {
  if (!Object.hasOwn(FAILURE_SENTENCES, failure.code)) return undefined;
  const sentence = FAILURE_SENTENCES[failure.code as FailureCode];
  return typeof sentence === 'function' ? sentence(failure.values ?? {}) : sentence;
}

/** `failure` in the active language by its code; a code this client does not know shows its message. */
export function translateFailure(i18n: I18n, failure: Failure): string {
  const sentence = failureSentence(failure);
  return sentence ? i18n._(sentence) : failure.message;
}
