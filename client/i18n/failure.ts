import type { I18n } from '@lingui/core';
import type { ErrorCode } from '../../shared/error-codes.js';
import type { OwnQuestionProblemCode } from '../../shared/own-questions.js';
import { DEFAULT_LANGUAGE } from './languages.js';

/**
 * The client's own failures and fallbacks: a code each, as the server's errors have
 * (shared/error-codes.ts), so that every sentence a person reads about a failure is translated
 * by its code, never by matching its English.
 */
export type ClientCode =
  | 'request_failed'
  | 'fetch_score_failed'
  | 'remove_player_failed'
  | 'delete_game_failed'
  | 'make_link_failed'
  | 'open_game_failed'
  | 'load_answers_failed'
  | 'load_circle_failed'
  | 'circle_failed'
  | 'web_failed'
  | 'screen_timeout'
  | 'game_deleted'
  | 'questions_failed'
  | 'game_load_failed'
  | 'game_start_failed'
  | 'swap_failed'
  | 'submit_failed'
  | 'action_failed'
  | 'creator_link_incomplete'
  | 'report_failed'
  | 'push_failed'
  | 'bursts_failed'
  | 'party_create_failed'
  | 'party_join_failed'
  | 'party_load_failed'
  | 'party_action_failed'
  | 'note_failed';

/** Every code the client has a sentence for (client/i18n/failures.ts: a test keeps them translated). */
export type FailureCode = ErrorCode | ClientCode | OwnQuestionProblemCode;

/**
 * A sentence about a failure, as it travels (in state, in router state, from the server): its
 * code, what the reader's language is found by, and its English, shown as it is in English and
 * for a code this client does not know. `values` fill the translation's placeholders.
 */
export interface Failure {
  code: string;
  message: string;
  values?: Record<string, number>;
}

export const failure = (code: FailureCode, message: string): Failure => ({ code, message });

/** An error that carries its failure (ApiError, a screen that took too long to load). */
export const failureError = (said: Failure): Error & { failure: Failure } =>
  Object.assign(new Error(said.message), { failure: said });

/** What to tell a person about `error`: its own failure, else `fallback` (an Error's own message when it has one). */
export function failureOf(error: unknown, fallback: Failure): Failure {
  if (!(error instanceof Error) || error.message === '') return fallback;
  return (error as { failure?: Failure }).failure ?? { code: '', message: error.message };
}

type Translate = (i18n: I18n, failure: Failure) => string;

/**
 * The table of sentences by code (client/i18n/failures.ts) is not in the landing page's entry:
 * English shows a failure's message as it is, so only another language needs the table, and
 * activateLanguage fetches it with that language's catalogs and hands its translator here.
 */
let translator: Translate | undefined;
export function setFailureTranslator(translate: Translate): void {
  translator = translate;
}

/** `failure` in the active language when its code is known, else its English message. */
export function translateFailure(i18n: I18n, failure: Failure): string {
  if (i18n.locale === DEFAULT_LANGUAGE || !translator) return failure.message;
  return translator(i18n, failure);
}
