import { failure } from '../../../i18n/failure.js';

/** The phone's fallbacks when a party call gets no answer of the server's own (client/i18n/failures.ts). */
export const PARTY_CREATE_FAILED = failure(
  'party_create_failed',
  "We couldn't start the party. Check your connection and try again.",
);
export const PARTY_JOIN_FAILED = failure(
  'party_join_failed',
  "We couldn't join the party. Check your connection and try again.",
);
export const PARTY_LOAD_FAILED = failure(
  'party_load_failed',
  "We couldn't load this party. Check your connection and try again.",
);
export const PARTY_ACTION_FAILED = failure('party_action_failed', "That didn't go through. Please try again.");
