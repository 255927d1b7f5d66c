/** A party's refusals, each with its code (shared/error-codes.ts) and English sentence, said once here. */
import { conflict, forbidden, HttpError, notFound } from '../errors.js';

export const partyErrors = {
  /** The same answer for a mistyped, finished, locked or never-made code. */
  notFound: () => notFound('party_not_found', 'No open party has this code.'),
  unknownParty: () => notFound('unknown_party', 'This party does not exist. Check the link you followed.'),
  locked: () => conflict('party_locked', 'The host has closed this party to new players.'),
  full: () => conflict('party_full', 'This party is full.'),
  kicked: () => forbidden('party_kicked', 'The host has removed you from this party.'),
  hostOnly: () => forbidden('party_host_only', 'Only the host can do this.'),
  notPlayer: () => forbidden('party_not_player', 'You are not in this party; join it first.'),
  tooSmall: () => conflict('party_too_small', 'A party needs at least 2 players to start.'),
  tooManyLookups: (minutes: number) =>
    new HttpError(
      429,
      'too_many_code_lookups',
      `Too many wrong party codes from your network; try again in ${minutes} min.`,
    ),
};
